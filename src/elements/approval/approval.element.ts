import { LitElement, html, nothing, type PropertyValues } from 'lit';
import { property, query, state } from 'lit/decorators.js';
import type { StudioRuntime } from '../../composition/studio-runtime.js';
import type {
  ApprovalChange,
  ApprovalChangeView,
  ToolApprovalSnapshot,
} from '../../runtime/approval/index.js';
import { ModalController } from '../shared/modal-controller.js';
import { RuntimeController } from '../shared/runtime-controller.js';
import { runtimeProperty } from '../shared/runtime-property.js';
import { StoreController } from '../shared/store-controller.js';
import { ContextConsumer } from '@lit/context';
import { themeContext } from '../shared/theme.js';
import { renderDetails } from './approval-change.js';
import { approvalStyles } from './approval.styles.js';
import { REASON_FIELD, renderStep } from './approval-step.js';
import type { DiffViews } from './diff-views.js';
import { loadDiff } from '../shared/load-diff.js';
import { AnnouncerConsumer } from '../shared/announcer.js';

/** The detail of `ca-approval-decide`: which pending call the person approved or denied. */
export interface ApprovalDecisionDetail {
  id: string;
  toolName: string;
  decision: 'approved' | 'denied';
  /** `session`: approved for this tool and caller until revoked in Model settings. */
  remember?: 'session';
  /** The reason given with a denial, which the model reads. */
  reason?: string;
}

type Choice = 'once' | 'session' | 'reason';

/**
 * Shows the oldest pending tool approval as a keyboard-modal dialog: tool, description,
 * source · mode, safe argument values, the size of every text argument, and what the call would
 * change as the tool itself describes it: every file with +/− lines, size and line counts. "Show
 * change" reads the text from the runtime by approval id (`approvals.getChange`, bounded) and
 * reveals each file's unified, syntax-highlighted diff (changed hunks first, loaded on first use).
 * File source is never shown unasked and never enters the approval store. The card stays true while it waits: when the
 * workspace changes under it the change is recomputed, and Approve for a change the call would
 * no longer make fails with `WORKSPACE_REVISION_CONFLICT`.
 * Whenever the request at the head changes, focus moves to the dialog and Approve stays
 * disabled for `approve-delay-ms`, so a keystroke meant for one request never approves the
 * next. Approve runs the call; Deny, Escape, the backdrop and removing the element deny it.
 *
 * By default the dialog is modal to its container, not to the page: while a request waits,
 * every sibling of `<ca-approval>` is inert (inside `<ca-studio>`: the whole studio), focus stays
 * in the dialog, and the rest of the host page keeps working. The backdrop covers the nearest
 * positioned ancestor, so give the container `position: relative`. `approval="page"` makes it
 * modal to the whole page (a modal `<dialog>`), as before. While connected it is
 * the runtime's approval surface; with none connected, gated calls fail at once with
 * `TOOL_APPROVAL_UNAVAILABLE`, and removing the last surface denies what is pending.
 *
 * @tagname ca-approval
 * @summary The approval gate for model and agent mutations.
 * @attr approval - `page`: modal to the whole page. `inline`: not modal, a card in the flow where the element is (`<ca-studio approval="inline">` puts it in the chat): it never takes focus, a studio announces each new card, Tab moves in and out of it, Escape inside it denies. Anything else (the default): modal to its container only.
 * @attr approve-delay-ms - How long, in milliseconds, Approve stays disabled after a new request shows.
 * @attr choices - Which answers the card offers, space-separated: `once` (Allow once), `session` (Allow this tool for this session; never for a destructive tool unless the runtime's queue permits it), `reason` (a reason field the model reads with a denial). Default: `once session reason`. Deny is always offered.
 * @fires ca-approval-decide - The person approved or denied a call. Detail: `{ id, toolName, decision, remember?, reason? }` (`remember: 'session'` for Allow for this session).
 * @csspart dialog - The dialog box.
 * @csspart backdrop - The layer over the container while a request waits (not with `approval="page"`, where the dialog's `::backdrop` covers the page).
 * @csspart approve - The Allow once button.
 * @csspart approve-all - On a card for a model step (several calls of one session waiting at once): Allow all.
 * @csspart step-call - On a step card: one call, with its facts, change and its own answers.
 * @csspart approve-call - On a step card: Allow for one call.
 * @csspart deny-call - On a step card: Deny for one call.
 * @csspart approve-session - The Allow for this session button.
 * @csspart reason - The optional reason field for a denial.
 * @csspart deny - The Deny button (Deny all on a step card).
 * @csspart show-change - The button that reveals the change.
 * @csspart diff - One file's revealed change: a read-only unified diff.
 * @cssprop --ca-approval-backdrop - Backdrop colour behind the dialog.
 */
export class CaApproval extends LitElement {
  static override styles = approvalStyles;

  /** The runtime; defaults to the one provided by an ancestor `<ca-studio>`. */
  @runtimeProperty() runtime?: StudioRuntime;

  /** `page` for a page-modal dialog; otherwise modal to the container. */
  @property() approval = 'container';

  @property({ type: Number, attribute: 'approve-delay-ms' }) approveDelayMs = 500;

  /** Which answers the card offers: `once`, `session`, `reason` (space-separated). */
  @property() choices = 'once session reason';

  @state() private armed = false;
  /** What the last answer did beyond the call itself, told politely (a grant, a reason sent). */
  @state() private outcome = '';
  /** The requests whose change is shown. */
  @state() private expanded: ReadonlySet<string> = new Set();
  /**
   * Each shown change's text, read from the runtime on Show change and never part of the store,
   * with the card's change it was read for: a recomputed card reads it again.
   */
  private views = new Map<string, { for: ApprovalChange; view?: ApprovalChangeView }>();

  @query('dialog') private dialog?: HTMLDialogElement;
  @query('section.inline') private card?: HTMLElement;

  private readonly runtimeRef = new RuntimeController(this);
  private readonly pending = new StoreController(
    this,
    () => this.runtimeRef.value?.approvals.store,
  );
  private readonly modal = new ModalController(this, {
    dialog: () => this.dialog,
    isOpen: () => this.current !== undefined,
    dismiss: () => this.answer(this.step, 'denied'),
    inertScope: () => (this.pageModal ? undefined : this.siblings()),
  });
  /** The studio's resolved theme for the diff's colours (light without a studio). */
  private readonly theme = new ContextConsumer(this, { context: themeContext, subscribe: true });
  /** Inside a studio its one live region speaks; alone, the card's own region does. */
  private readonly announcer = new AnnouncerConsumer(this);
  /** The diff views, loaded with `@codemirror/merge` when a change is first shown. */
  private diffs?: DiffViews;
  private diffsLoading?: Promise<void>;
  private shownId?: string;
  private focusPending = false;
  private armTimer?: ReturnType<typeof setTimeout>;
  private disconnectSurface?: () => void;
  private connectedTo?: StudioRuntime;

  override connectedCallback(): void {
    super.connectedCallback();
    this.connectTo(this.runtimeRef.value);
  }

  override disconnectedCallback(): void {
    this.diffs?.clear();
    this.connectTo(undefined);
    clearTimeout(this.armTimer);
    this.shownId = undefined;
    super.disconnectedCallback();
  }

  /** A card in the page's flow (a studio's chat): not modal, focus never taken. */
  private get inline(): boolean {
    return this.approval === 'inline';
  }

  private get pageModal(): boolean {
    return this.approval === 'page';
  }

  /** Everything beside this element in its parent (a studio's shadow root, or a page container). */
  private siblings(): Element[] {
    const parent = this.parentNode;
    if (!(parent instanceof Element || parent instanceof ShadowRoot)) return [];
    return [...parent.children].filter((element) => element !== this);
  }

  private get current(): ToolApprovalSnapshot | undefined {
    return this.pending.value?.[0];
  }

  /** Announces this element as the runtime's approval surface (one at a time). */
  private connectTo(runtime: StudioRuntime | undefined): void {
    if (runtime === this.connectedTo) return;
    this.disconnectSurface?.();
    this.disconnectSurface = runtime?.approvals.connect();
    this.connectedTo = runtime;
  }

  protected override willUpdate(): void {
    if (this.isConnected) this.connectTo(this.runtimeRef.value);
    const id = this.current?.id;
    this.readViews();
    if (id === this.shownId) return;
    this.shownId = id;
    this.armed = false;
    clearTimeout(this.armTimer);
    if (id === undefined) return;
    // Inline, a new card never takes focus from what the person reads: it is announced.
    if (this.inline) this.announcer.announce(`Approval waiting: ${this.current!.toolName}.`);
    else this.focusPending = true;
    this.armTimer = setTimeout(() => (this.armed = true), this.approveDelayMs);
  }

  protected override updated(_changed: PropertyValues): void {
    this.syncDiffs();
    // Inline, an answer that left no card leaves focus to the chat: no later card takes it.
    if (this.inline && !this.card) this.focusPending = false;
    const box = this.inline ? this.card : this.dialog?.open ? this.dialog : undefined;
    if (!this.focusPending || !box) return;
    this.focusPending = false;
    // Focus on the box itself: Enter or Space pressed for the previous request hits nothing.
    box.focus();
  }

  /** The head request and the others of its model step (same session), in order. */
  private get step(): ToolApprovalSnapshot[] {
    const [head, ...rest] = this.pending.value ?? [];
    if (!head) return [];
    const session = head.sessionId;
    return [head, ...rest.filter((other) => session !== undefined && other.sessionId === session)];
  }

  /** Reads each shown change's text by approval id, again when its card moves. */
  private readViews(): void {
    const shown = new Set(this.step.map((request) => request.id));
    if ([...this.expanded].some((id) => !shown.has(id)))
      this.expanded = new Set([...this.expanded].filter((id) => shown.has(id)));
    const views = new Map<string, { for: ApprovalChange; view?: ApprovalChangeView }>();
    for (const request of this.step) {
      const change = request.change;
      if (!change || !this.expanded.has(request.id)) continue;
      const known = this.views.get(request.id);
      if (known?.for === change) {
        views.set(request.id, known);
        continue;
      }
      const read = this.runtimeRef.value?.approvals.getChange?.(request.id);
      views.set(request.id, { for: change, ...(read?.ok ? { view: read.value } : {}) });
    }
    this.views = views;
  }

  private toggle(id: string): void {
    const next = new Set(this.expanded);
    if (!next.delete(id)) next.add(id);
    this.expanded = next;
  }

  /** The file of a diff container's `data-file` key (`<approval id>:<index>`). */
  private readonly fileOf = (key: string) => {
    const at = key.lastIndexOf(':');
    return this.views.get(key.slice(0, at))?.view?.files[Number(key.slice(at + 1))];
  };

  /** Shows each file's diff while its change is expanded; the module loads on first use. */
  private syncDiffs(): void {
    if (this.diffs) {
      this.diffs.sync(this.shadowRoot!, this.fileOf, this.theme.value ?? 'light');
    } else if (this.views.size) {
      this.diffsLoading ??= loadDiff().then(
        ({ DiffViews }) => {
          this.diffs = new DiffViews();
          if (this.isConnected) this.syncDiffs();
        },
        () => {
          // Shown in place of each diff; the next Show change tries again.
          this.diffsLoading = undefined;
          for (const element of this.shadowRoot!.querySelectorAll('.diff'))
            element.textContent = 'The change could not be shown.';
        },
      );
    }
  }

  /** A choice this card offers: the site's attribute and the queue both allow it. */
  private offers(request: ToolApprovalSnapshot, choice: Choice): boolean {
    const listed = this.choices.split(/\s+/).includes(choice);
    // A queue from before the choices existed offers Allow once only.
    return listed && (request.choices ? request.choices[choice] : choice === 'once');
  }

  private decide(decision: 'approved' | 'denied', remember?: 'session'): void {
    const request = this.current;
    if (request) this.answer([request], decision, remember);
  }

  /** Answers `requests` in order: approved only once armed; a denial carries the reason. */
  private answer(
    requests: readonly ToolApprovalSnapshot[],
    decision: 'approved' | 'denied',
    remember?: 'session',
  ): void {
    if (decision === 'approved' && !this.armed) return;
    const field = this.shadowRoot?.querySelector<HTMLInputElement>('input[part="reason"]');
    let told = false;
    for (const request of requests) {
      const reason =
        decision === 'denied' && this.offers(request, 'reason') ? field?.value.trim() : undefined;
      told ||= !!reason;
      const answered = this.runtimeRef.value?.approvals.resolve(request.id, decision, {
        ...(remember ? { remember } : {}),
        ...(reason ? { reason } : {}),
      });
      if (answered === false) continue;
      this.dispatchEvent(
        new CustomEvent<ApprovalDecisionDetail>('ca-approval-decide', {
          detail: {
            id: request.id,
            toolName: request.toolName,
            decision,
            ...(remember ? { remember } : {}),
            ...(reason ? { reason } : {}),
          },
          bubbles: true,
          composed: true,
        }),
      );
    }
    if (field) field.value = '';
    const [first] = requests;
    if (first)
      this.tell(
        remember
          ? `${first.toolName} is allowed for this session; Model settings can revoke it.`
          : told
            ? `Denied ${requests.length > 1 ? `${requests.length} calls` : first.toolName}; the model reads your reason.`
            : '',
      );
    // The answered call's buttons are gone: focus returns to the card, never to the page (inline:
    // only when the answer came from inside it; focus is not taken from elsewhere).
    this.focusPending = !this.inline || this.matches(':focus-within');
  }

  private tell(text: string): void {
    this.outcome = text;
    if (text) this.announcer.announce(text);
  }

  /** Who asked, the arguments and the change, with Show change: one request's facts. */
  private renderDetails(request: ToolApprovalSnapshot) {
    return renderDetails(
      request,
      this.expanded.has(request.id),
      this.views.get(request.id)?.view,
      () => this.toggle(request.id),
    );
  }

  private renderRequest(request: ToolApprovalSnapshot, count: number) {
    return html`<h2 id="title">Allow <span class="tool">${request.toolName}</span>?</h2>
      <p id="description">${request.description || 'No description.'}</p>
      ${this.renderDetails(request)}
      ${count > 1 ? html`<div class="queue">${count - 1} more waiting</div>` : nothing}
      ${this.offers(request, 'reason') ? REASON_FIELD : nothing}
      <div class="actions">
        <button part="deny" @click=${() => this.decide('denied')}>Deny</button>
        ${
          this.offers(request, 'session')
            ? html`<button
                part="approve-session"
                ?disabled=${!this.armed}
                @click=${() => this.decide('approved', 'session')}
              >
                Allow for this session
              </button>`
            : nothing
        }
        ${
          this.offers(request, 'once')
            ? html`<button
                part="approve"
                class="primary"
                ?disabled=${!this.armed}
                @click=${() => this.decide('approved')}
              >
                Allow once
              </button>`
            : nothing
        }
      </div>`;
  }

  /** The last answer's outcome, told by the studio's live region or, alone, by this one. */
  private renderOutcome() {
    return html`<p
      class="visually-hidden"
      role=${this.announcer.statusRole ?? nothing}
      aria-live=${this.announcer.live}
    >
      ${this.outcome}
    </p>`;
  }

  /** Escape inside the inline card denies it; Tab leaves it, as anywhere on the page. */
  private readonly inlineKeydown = (event: KeyboardEvent): void => {
    if (event.key !== 'Escape') return;
    event.preventDefault();
    this.answer(this.step, 'denied');
  };

  /** The head request alone, or its whole model step on one card. */
  private renderCard(request: ToolApprovalSnapshot) {
    const step = this.step;
    const count = this.pending.value?.length ?? 0;
    if (step.length < 2) return this.renderRequest(request, count);
    return renderStep(step, {
      armed: this.armed,
      waiting: count - step.length,
      offersReason: step.some((entry) => this.offers(entry, 'reason')),
      details: (entry) => this.renderDetails(entry),
      answer: (requests, decision) => this.answer(requests, decision),
    });
  }

  protected override render() {
    const request = this.current;
    if (this.inline)
      return html`${this.renderOutcome()}${
        request
          ? html`<section
              part="dialog"
              class="inline"
              role="region"
              tabindex="-1"
              aria-labelledby="title"
              aria-describedby="description"
              @keydown=${this.inlineKeydown}
            >
              ${this.renderCard(request)}
            </section>`
          : nothing
      }`;
    return html`${this.renderOutcome()}
      ${
        request && !this.pageModal
          ? html`<div part="backdrop" class="backdrop" @click=${this.modal.backdrop}></div>`
          : nothing
      }
      <dialog
        part="dialog"
        role="alertdialog"
        tabindex="-1"
        aria-labelledby="title"
        aria-describedby="description"
        @cancel=${this.modal.cancel}
        @click=${this.modal.click}
        @keydown=${this.modal.keydown}
        @close=${this.modal.closed}
      >
        ${request ? this.renderCard(request) : nothing}
      </dialog>`;
  }
}

declare global {
  interface HTMLElementEventMap {
    'ca-approval-decide': CustomEvent<ApprovalDecisionDetail>;
  }
}
