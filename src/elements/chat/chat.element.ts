import { LitElement, html, nothing, type PropertyValues } from 'lit';
import { property, query, state } from 'lit/decorators.js';
import { repeat } from 'lit/directives/repeat.js';
import type {
  AgentState,
  AgentDriver,
  AgentMessage,
  AgentProgress,
  RecoveryAction,
  RunCheckpoint,
} from '../../runtime/agents/index.js';
import { isOpenRouterConfigurationError } from '../../runtime/agents/openrouter/index.js';
import { isEndpointConfigurationError } from '../../runtime/agents/endpoint/index.js';
import type { StudioRuntime } from '../../composition/studio-runtime.js';
import { agentModeLabel } from '../shared/agent-mode.js';
import { icon } from '../shared/icons.js';
import { AnnouncerConsumer } from '../shared/announcer.js';
import { loadedStudio, loadStudio } from '../shared/load-studio.js';
import { failureText, renderRecovery, runRecovery } from '../shared/recovery.js';
import { RuntimeController } from '../shared/runtime-controller.js';
import { runtimeProperty } from '../shared/runtime-property.js';
import { atScrollEnd } from '../shared/scroll-end.js';
import { StoreController, storeView } from '../shared/store-controller.js';
import { chatStyles } from './chat.styles.js';
import { runAnnouncement, runChanges } from './run-announcement.js';
import { renderRestore, restoreRun } from './run-restore.js';
import { InlineApprovalFocus } from './inline-approval-focus.js';
import { promptList } from './prompt-list.js';

/** The detail of the cancelable `ca-prompt-submit`: the prompt about to run. */
export interface PromptSubmitDetail {
  prompt: string;
}

function progressText(progress: AgentProgress | undefined): string {
  if (progress?.kind === 'turn') return `turn ${progress.turn} of ${progress.of}`;
  if (progress?.kind === 'retry')
    return `retrying (${progress.attempt} of ${progress.of}) after ${progress.code}`;
  return '';
}

/**
 * The prompt box: a bounded transcript, prompt recipes (those whose tools the registry has),
 * Send and Cancel, and Retry after a retryable failure. Every prompt runs through the runtime's agent, so its tool calls take
 * the model call path with policy and approval. A badge names the mode ("Local agent" or
 * "OpenRouter · model") and follows the settings live; a running OpenRouter request shows
 * its turn or retry. After a key, access or configuration failure, "Use local agent & retry"
 * runs the same prompt once through the offline local agent, keeping the saved key. A folder
 * or preview failure offers its recovery: Grant access and Refresh preview run here as
 * `workspace.grantFolderAccess` and `preview.refresh` calls; Reconnect folder asks the page for a folder picker through
 * `ca-folder-reconnect`, which `<ca-studio>` answers with the explorer's Open folder.
 * Each run that changed files offers "Restore to before this run" beside its prompt: one
 * `agent.restoreRun` call as the person, refused with nothing changed when a file changed since;
 * the transcript and the studio's announcer say which, and focus returns to the prompt.
 * The transcript follows the latest message while it is scrolled to the end; scrolled up, it
 * stays where the person is reading and offers "New messages" to jump down. Sending a prompt
 * goes to the end.
 *
 * @tagname ca-chat
 * @summary Ask the agent to change the workspace.
 * @attr prompt - Initial composer text (e.g. from a deep link); it is never run automatically.
 * @fires ca-prompt-submit - Before a prompt runs; cancelable. Detail: `{ prompt }`.
 * @fires ca-folder-reconnect - The person asked to reconnect the workspace folder after a folder failure.
 * @fires ca-preview-open - The person chose View preview (see `offerPreview`). Detail: `undefined`.
 * @csspart mode - The badge naming the agent mode.
 * @csspart progress - The running request's turn or retry line.
 * @csspart log - The transcript.
 * @csspart composer - The form with the text area and buttons.
 * @slot empty - Shown in the transcript before the first message, in place of the default empty state (what the studio does and three starters).
 * @csspart empty-state - The default empty state.
 * @slot composer-extras - Extra controls in the composer, before Send.
 * @slot approval - An inline approval card (`<ca-approval approval="inline">`; `<ca-studio approval="inline">` puts its card here), between the transcript and the status. An answer that leaves no card hands focus to the prompt.
 * @cssprop --ca-chat-max-height - Maximum height of the transcript before it scrolls.
 */
export class CaChat extends LitElement {
  static override styles = chatStyles;

  /** The runtime; defaults to the one provided by an ancestor `<ca-studio>`. */
  @runtimeProperty() runtime?: StudioRuntime;

  @property() prompt = '';

  /**
   * Offers View preview after a run that changed files, firing `ca-preview-open`: `<ca-studio>`
   * sets it on a phone, where the preview is a tab away.
   */
  @property({ attribute: false }) offerPreview = false;

  @state() private draft = '';
  @state() private recoveryNotice = '';
  /** Whether the page gave its own empty state. */
  @state() private customEmpty = false;
  /** Messages arrived below while the person was reading further up. */
  @state() private unseen = false;

  @query('.log') private log?: HTMLElement;
  @query('textarea') private textarea?: HTMLTextAreaElement;
  private scrolledFor?: readonly unknown[];
  /** Whether the transcript was at its end when its messages changed: then it follows them. */
  private following = true;

  private readonly runtimeRef = new RuntimeController(this);
  private readonly agent = new StoreController(this, () => this.runtimeRef.value?.agent);
  private readonly openrouter = new StoreController(this, () => this.runtimeRef.value?.openrouter);
  /** The runs that changed files: each prompt of one offers "Restore to before this run". */
  private readonly runs = new StoreController(this, () => this.runtimeRef.value?.runs);
  private readonly recipes = new StoreController(this, () => {
    // The recipes come with the composition layer's chunk, not up front; the tools an agent may
    // use decide which show (a `tools` scope hides the recipes that would be refused), and so
    // does the workspace (no accent chip without a `--accent` to change).
    const studio = loadedStudio();
    const runtime = this.runtimeRef.value;
    return studio && runtime
      ? storeView(
          runtime.agentTools,
          'recipes',
          (registry) => studio.availableRecipes(registry, runtime.workspace.getStatus()),
          (registry, listener) => registry.onListChange(listener),
        )
      : undefined;
  });
  /** Only re-renders: a workspace change may add or remove recipes. */
  private readonly workspace = new StoreController(this, () => this.runtimeRef.value?.workspace);
  private readonly config = new StoreController(this, () => this.runtimeRef.value?.config);
  /** Inside a studio, the studio's one live region speaks for the transcript and status. */
  private readonly announcer = new AnnouncerConsumer(this);
  private readonly inlineApproval = new InlineApprovalFocus(this, () => this.textarea);
  /** The run last announced; null until the first agent state, which is not news. */
  private announcedRun: AgentState['lastRun'] | null = null;

  override connectedCallback(): void {
    super.connectedCallback();
    // A runtime made by page code may come before the chunk the recipes are in.
    if (!loadedStudio())
      void loadStudio().then(
        () => this.requestUpdate(),
        () => undefined,
      );
  }

  /** The button that had focus before this update, when one had. */
  private focusedButton?: HTMLElement;

  protected override willUpdate(changed: PropertyValues<this>): void {
    if (changed.has('prompt')) this.draft = this.prompt;
    const active = this.shadowRoot?.activeElement;
    this.focusedButton = active instanceof HTMLButtonElement ? active : undefined;
    // Measured only when the transcript changed: reading scrollHeight forces a layout, on a
    // studio's first render the whole page's.
    const messages = this.agent.value?.messages;
    if (!messages?.length) {
      // The empty state is nowhere to keep reading: the first messages are followed.
      this.scrolledFor = undefined;
      this.unseen = false;
    } else if (messages !== this.scrolledFor) {
      this.following = !this.scrolledFor || atScrollEnd(this.log);
      this.unseen = !this.following;
    }
  }

  protected override updated(): void {
    // A button that leaves with this update (a recipe that no longer fits the workspace, a
    // starter or Retry once a run begins) hands focus to the prompt, not the page: an approval
    // opened by that run gives focus back to what had it.
    if (this.focusedButton && !this.focusedButton.isConnected) this.textarea?.focus();
    this.focusedButton = undefined;
    this.announceRun();
    const messages = this.agent.value?.messages;
    if (!messages?.length || messages === this.scrolledFor) return;
    this.scrolledFor = messages;
    if (this.following) this.scrollToLatest();
  }

  private scrollToLatest(): void {
    this.log?.scrollTo({ top: this.log.scrollHeight });
  }

  /** Scrolling back down to the end catches up: the transcript follows again. */
  private readonly onLogScroll = (): void => {
    if (this.unseen && atScrollEnd(this.log)) this.unseen = false;
  };

  /** "New messages": the transcript at its end, with focus on it to read on by keyboard. */
  private async jumpToLatest(): Promise<void> {
    this.scrollToLatest();
    this.unseen = false;
    await this.updateComplete;
    this.log?.focus();
  }

  /** A run that just ended is told once, in plain words, through the studio's announcer. */
  private announceRun(): void {
    const state = this.agent.value;
    if (!state || state.lastRun === this.announcedRun) return;
    const first = this.announcedRun === null;
    this.announcedRun = state.lastRun;
    const text = first ? undefined : runAnnouncement(state);
    if (text) this.announcer.announce(text);
  }

  private readonly viewPreview = (): void => {
    this.dispatchEvent(new CustomEvent('ca-preview-open', { bubbles: true, composed: true }));
  };

  /** Runs `prompt` (defaults to the composer text) through the agent. */
  async submit(prompt = this.draft): Promise<void> {
    await this.start(prompt);
  }

  /** The one path every prompt takes: the veto event, then one run (with `driver`, if given). */
  /** The local agent's code arrives with the first retry that asks for it, not with the chat. */
  private async retryLocally(prompt: string): Promise<void> {
    const { localAgent } = await import('../../runtime/agents/local-agent.js');
    await this.start(prompt, localAgent);
  }

  private async start(prompt: string, driver?: AgentDriver): Promise<void> {
    const runtime = this.runtimeRef.value;
    const text = prompt.trim();
    if (!runtime || !text || runtime.agent.getSnapshot().running) return;
    const event = new CustomEvent<PromptSubmitDetail>('ca-prompt-submit', {
      detail: { prompt: text },
      bubbles: true,
      composed: true,
      cancelable: true,
    });
    if (!this.dispatchEvent(event)) return;
    this.draft = '';
    this.recoveryNotice = '';
    // The person's own prompt is the latest message: they are taken to it.
    this.scrollToLatest();
    const result = await runtime.agent.run(text, driver ? { driver } : {});
    // A failed prompt comes back to the composer, unless the person already typed another.
    if (result.status === 'failed' && !this.draft) this.draft = text;
  }

  /** Runs one recovery action from a button (a user gesture, as pickers and permissions need). */
  private async recover(action: RecoveryAction): Promise<void> {
    const runtime = this.runtimeRef.value;
    if (!runtime) return;
    this.recoveryNotice = await runRecovery(this, runtime.registry, action);
  }

  /** Restores a run as the person; the transcript and the announcer say what happened. */
  private async restore(run: RunCheckpoint): Promise<void> {
    const runtime = this.runtimeRef.value;
    if (!runtime) return;
    const text = await restoreRun(runtime.registry, run);
    runtime.agent.note(text);
    this.announcer.announce(text);
    // The button is gone once restored: focus goes to the prompt, not the page.
    await this.updateComplete;
    this.textarea?.focus();
  }

  private onKeydown(event: KeyboardEvent): void {
    if (event.key === 'Enter' && !event.shiftKey && !event.isComposing) {
      event.preventDefault();
      void this.submit();
    }
  }

  private renderMessage(message: AgentMessage) {
    if (message.role === 'tool') {
      return html`<div class="message tool ${message.status}" data-tool=${message.name}>
        ${message.name} → ${message.summary}
      </div>`;
    }
    // Suggestions the workspace cannot take (no accent to change) are left out, as chips are.
    const fitting = new Set((this.recipes.value ?? []).map((recipe) => recipe.id));
    const suggestions =
      message.role === 'assistant'
        ? (message.suggestions ?? []).filter((suggestion) => fitting.has(suggestion.id))
        : [];
    const run =
      message.role === 'user'
        ? this.runs.value?.find((checkpoint) => `${checkpoint.sessionId}-prompt` === message.id)
        : undefined;
    return html`<div class="message ${message.role}">${message.text}</div>
      ${renderRestore(run, this.agent.value?.running ?? false, (chosen) => void this.restore(chosen))}
      ${
        suggestions.length
          ? promptList(
              { label: 'Nearest requests', className: 'suggestions' },
              suggestions.map((suggestion) => suggestion.prompt),
              this.agent.value?.running ?? false,
              (prompt) => void this.submit(prompt),
            )
          : nothing
      }`;
  }

  /** A page's own empty state (through nested slots too) replaces the default one. */
  private readonly onEmptySlotChange = (event: Event): void => {
    const slot = event.target as HTMLSlotElement;
    this.customEmpty = slot
      .assignedNodes({ flatten: true })
      .some((node) => node.nodeType === Node.ELEMENT_NODE || node.textContent?.trim());
  };

  /** What the studio is, and three starters that can succeed on this workspace. */
  private renderEmptyState(running: boolean) {
    const starters = (this.recipes.value ?? []).filter((recipe) => recipe.needsApproval);
    return html`<div class="empty-state" part="empty-state">
      <p>
        <strong>Ask for a change to this page.</strong> The agent edits the files through tools; you
        approve each change, see it in the preview, and can undo it.
      </p>
      ${
        starters.length
          ? html`<p>Try one:</p>
              ${promptList(
                { label: 'Starters', className: 'starters', buttonClass: 'starter' },
                starters.slice(0, 3).map((recipe) => recipe.prompt),
                running,
                (prompt) => void this.submit(prompt),
              )}`
          : nothing
      }
    </div>`;
  }

  private renderStatus(state: AgentState | undefined) {
    if (!this.runtimeRef.value) return this.runtimeRef.absence;
    const last = state?.lastRun;
    if (state?.running) {
      const progress = progressText(state.progress);
      return html`Running…
      ${progress ? html`<span part="progress" class="progress">${progress}</span>` : nothing}`;
    }
    if (last?.status === 'cancelled') return 'Cancelled.';
    if (last?.status === 'completed' && this.offerPreview && state && runChanges(state))
      return html`<button class="view-preview" @click=${this.viewPreview}>View preview</button>`;
    if (last?.status !== 'failed') return nothing;
    const retry = last.error?.retryable
      ? html`<button @click=${() => this.start(last.prompt)}>
          ${last.error.code === 'WORKSPACE_REVISION_CONFLICT' ? 'Re-read & retry' : 'Retry'}
        </button>`
      : nothing;
    const local =
      isOpenRouterConfigurationError(last.error) || isEndpointConfigurationError(last.error)
        ? html`<button @click=${() => void this.retryLocally(last.prompt)}>
            Use local agent & retry
          </button>`
        : nothing;
    const recovery = renderRecovery(last.error, (action) => void this.recover(action));
    const notice = this.recoveryNotice
      ? html`<span class="notice">${this.recoveryNotice}</span>`
      : nothing;
    return html`Failed: ${failureText(last.error)} ${recovery} ${retry} ${local} ${notice}`;
  }

  protected override render() {
    const state = this.agent.value;
    const running = state?.running ?? false;
    const last = state?.lastRun;
    return html`
      <h2 class="visually-hidden">Chat</h2>
      <div
        class="log"
        part="log"
        role="log"
        aria-live=${this.announcer.live}
        aria-label="Agent transcript"
        tabindex="0"
        @scroll=${this.onLogScroll}
      >
        ${
          state?.messages.length
            ? state.messages.map((message) => this.renderMessage(message))
            : html`<slot name="empty" @slotchange=${this.onEmptySlotChange}></slot>${
                  this.customEmpty ? nothing : this.renderEmptyState(running)
                }`
        }
      </div>
      <slot name="approval"></slot>
      <div class="status-row">
        ${
          this.unseen
            ? html`<button class="latest" @click=${this.jumpToLatest}>
                <span aria-hidden="true">↓</span> New messages
              </button>`
            : nothing
        }
        <div class="status ${last?.status ?? ''}" role=${this.announcer.value ? nothing : 'status'}>
          ${this.renderStatus(state)}
        </div>
        <span part="mode" class="mode" title="The agent that runs your prompts"
          >${agentModeLabel(this.openrouter.value, state, this.config.value?.agent)}</span
        >
      </div>
      <div class="recipes" role="group" aria-label="Prompt recipes">
        ${repeat(
          this.recipes.value ?? [],
          (recipe) => recipe.id,
          // Not `disabled` while running: a disabled chip drops focus to the page, and focus
          // comes back to the chip after an approval.
          (recipe) =>
            html`<button
              data-recipe=${recipe.id}
              aria-disabled=${running ? 'true' : 'false'}
              @click=${() => this.submit(recipe.prompt)}
              title=${recipe.prompt}
            >
              ${recipe.label}
            </button>`,
        )}
      </div>
      <form
        part="composer"
        @submit=${(event: Event) => (event.preventDefault(), void this.submit())}
      >
        <label class="visually-hidden" for="prompt">Prompt</label>
        <textarea
          id="prompt"
          rows="1"
          placeholder="Ask for a change… (Enter to send)"
          .value=${this.draft}
          @input=${(event: Event) => (this.draft = (event.target as HTMLTextAreaElement).value)}
          @keydown=${this.onKeydown}
        ></textarea>
        <slot name="composer-extras"></slot>
        ${
          running
            ? html`<button type="button" @click=${() => this.runtimeRef.value?.agent.cancel()}>
                Cancel
              </button>`
            : html`<button type="submit" class="primary" ?disabled=${!this.draft.trim()}>
                ${icon('send')}Send
              </button>`
        }
      </form>
    `;
  }
}

declare global {
  interface HTMLElementEventMap {
    'ca-prompt-submit': CustomEvent<PromptSubmitDetail>;
    'ca-folder-reconnect': CustomEvent<undefined>;
    'ca-preview-open': CustomEvent<undefined>;
  }
}
