import { LitElement, html, nothing } from 'lit';
import { property, query, state } from 'lit/decorators.js';
import { booleanAttribute } from '../shared/boolean-attribute.js';
import { type ToolCallError, randomId } from '../../runtime/protocol/index.js';
import type { WorkspaceSearchMatch } from '../../runtime/workspace/index.js';
import { ModalController } from '../shared/modal-controller.js';
import type { RuntimeView } from '../shared/runtime-context.js';
import { RuntimeController } from '../shared/runtime-controller.js';
import { runtimeProperty } from '../shared/runtime-property.js';
import { markFirstMatch } from './search-snippet.js';
import { searchStyles } from './search.styles.js';
import { callAsPerson } from '../../runtime/registry/index.js';

/** What workspace search needs from a runtime; `createStudioRuntime()` provides it. */
export type SearchRuntime = RuntimeView<'registry'>;

/** Detail of `ca-search-select`: the result the user opened. */
export interface SearchSelectDetail {
  path: string;
  line: number;
  column: number;
}

interface SearchOutcome {
  matches: WorkspaceSearchMatch[];
  truncated: boolean;
  filesSearched: number;
}

/** Long enough to skip the keystrokes of one word, short enough to feel immediate. */
const DEBOUNCE_MS = 150;

/**
 * Workspace search (E9, W10) in a keyboard-modal dialog: finds literal text across every text
 * file (unsaved editor drafts included, at most 80 lines) through `workspace.search`, and opens
 * the chosen result through `workspace.openFile` — both as local direct registry calls, so they
 * appear in the trace. Typing searches after a short pause and cancels the search before it;
 * ArrowUp/ArrowDown move through results, Enter opens one, Escape or the backdrop closes the
 * dialog and focus returns to where it was. A page that shows the chosen match (as `<ca-studio>`
 * does, in its editor at the match) cancels `ca-search-select` and takes focus there. `<ca-status-bar>` opens it on ⌘/Ctrl+Shift+F.
 *
 * @tagname ca-search
 * @summary Workspace-wide search dialog routed through the tool registry.
 * @attr open - Whether the dialog is showing. Reflects; prefer `show()` and `close()`.
 * @fires ca-search-select - The user opened a result; `detail` is `{ path, line, column }`. Cancel it to keep focus where the listener put it (at the match); else focus returns to the opener.
 * @csspart dialog - The dialog box.
 * @csspart input - The search field.
 * @csspart results - The list of matching lines.
 * @csspart result - One matching line.
 * @csspart error - A failed search or open, with its error code.
 * @cssprop --ca-search-width - Width of the dialog.
 * @cssprop --ca-search-backdrop - Backdrop colour behind the dialog.
 * @cssprop --ca-search-results-height - Maximum height of the result list.
 * @cssprop --ca-search-mark - Background of the marked match.
 */
export class CaSearch extends LitElement {
  static override styles = searchStyles;

  /** The runtime; defaults to the one provided by an ancestor `<ca-studio>`. */
  @runtimeProperty() runtime?: SearchRuntime;

  @property({ converter: booleanAttribute, reflect: true }) open = false;

  @state() private query = '';
  @state() private caseSensitive = false;
  @state() private outcome?: SearchOutcome;
  @state() private searchedFor = '';
  @state() private active = 0;
  @state() private error?: ToolCallError;
  @state() private busy = false;

  @query('dialog') private dialog?: HTMLDialogElement;
  @query('input[type="search"]') private input?: HTMLInputElement;

  private readonly runtimeRef = new RuntimeController(this);
  private readonly sessionId = `search-${randomId()}`;
  private readonly modal = new ModalController(this, {
    dialog: () => this.dialog,
    isOpen: () => this.open,
    dismiss: () => (this.open = false),
    shown: () => {
      this.chosen = false;
      this.input?.focus();
      this.input?.select();
    },
    // A chosen result hands focus to whoever shows the match (see `openMatch`).
    refocus: (opener) => {
      this.opener = opener;
      return this.chosen ? null : opener;
    },
  });
  private chosen = false;
  private opener?: HTMLElement;
  private timer?: ReturnType<typeof setTimeout>;
  private running?: AbortController;

  /** Opens the dialog; focus returns to the element focused now when it closes. */
  show(): void {
    this.open = true;
  }

  /** Closes the dialog and cancels a search in flight. */
  close(): void {
    this.open = false;
  }

  override disconnectedCallback(): void {
    super.disconnectedCallback();
    this.cancel();
  }

  protected override updated(): void {
    this.renderRoot.querySelector('li[aria-selected="true"]')?.scrollIntoView({ block: 'nearest' });
  }

  private cancel(): void {
    clearTimeout(this.timer);
    this.timer = undefined;
    this.running?.abort();
    this.running = undefined;
    this.busy = false;
  }

  private schedule(): void {
    this.cancel();
    if (this.query === '') {
      this.outcome = undefined;
      this.error = undefined;
      return;
    }
    this.timer = setTimeout(() => void this.run(), DEBOUNCE_MS);
  }

  private context() {
    return { sessionId: this.sessionId };
  }

  private async run(): Promise<void> {
    const registry = this.runtimeRef.value?.registry;
    if (!registry) return;
    const controller = new AbortController();
    this.running = controller;
    this.busy = true;
    const searchedFor = this.query;
    const result = await callAsPerson(
      registry,
      'workspace.search',
      { query: searchedFor, caseSensitive: this.caseSensitive },
      { signal: controller.signal, context: this.context() },
    );
    if (controller.signal.aborted) return;
    this.running = undefined;
    this.busy = false;
    this.error = result.error;
    this.outcome = this.error ? undefined : (result.structuredContent as unknown as SearchOutcome);
    this.searchedFor = searchedFor;
    this.active = 0;
  }

  private async openMatch(match: WorkspaceSearchMatch | undefined): Promise<void> {
    const registry = this.runtimeRef.value?.registry;
    if (!registry || !match) return;
    const result = await callAsPerson(
      registry,
      'workspace.openFile',
      { path: match.path },
      { context: this.context() },
    );
    this.error = result.error;
    if (this.error) return;
    this.chosen = true;
    this.close();
    // Closed first: closing a dialog moves focus, and the match's listener moves it after.
    await this.updateComplete;
    const select = new CustomEvent<SearchSelectDetail>('ca-search-select', {
      detail: { path: match.path, line: match.line, column: match.column },
      bubbles: true,
      composed: true,
      cancelable: true,
    });
    // A listener that shows the match cancels the event and takes focus; else it goes back.
    if (this.dispatchEvent(select)) this.opener?.focus();
  }

  private onInput(event: Event): void {
    this.query = (event.target as HTMLInputElement).value;
    this.schedule();
  }

  private onCaseChange(event: Event): void {
    this.caseSensitive = (event.target as HTMLInputElement).checked;
    this.schedule();
  }

  private onKeydown(event: KeyboardEvent): void {
    const count = this.outcome?.matches.length ?? 0;
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      if (count === 0) return;
      const step = event.key === 'ArrowDown' ? 1 : -1;
      this.active = (this.active + step + count) % count;
    } else if (event.key === 'Escape') {
      // A search field clears itself on Escape and swallows it; here Escape always closes.
      event.preventDefault();
      this.close();
    } else if (event.key === 'Enter') {
      event.preventDefault();
      void this.openMatch(this.outcome?.matches[this.active]);
    }
  }

  private onClosed(): void {
    this.cancel();
    this.modal.closed();
  }

  private renderSummary() {
    if (this.busy) return html`<p class="summary">Searching…</p>`;
    const outcome = this.outcome;
    if (!outcome || this.query === '') return html`<p class="summary"></p>`;
    const count = outcome.matches.length;
    const lines = `${count}${outcome.truncated ? '+' : ''} matching line${count === 1 ? '' : 's'}`;
    const files = `${outcome.filesSearched} file${outcome.filesSearched === 1 ? '' : 's'} searched`;
    const cap = outcome.truncated ? ` (showing the first ${count})` : '';
    return html`<p class="summary">${lines} · ${files}${cap}</p>`;
  }

  private renderMatch(match: WorkspaceSearchMatch, index: number) {
    const snippet = markFirstMatch(match.preview, this.searchedFor, this.caseSensitive);
    return html`<li
      id="match-${index}"
      part="result"
      role="option"
      aria-selected=${String(index === this.active)}
      data-path=${match.path}
      @click=${() => void this.openMatch(match)}
      @mousedown=${(event: Event) => event.preventDefault()}
    >
      <span class="location">${match.path}:${match.line}</span>
      <span class="snippet"
        >${snippet.before}${snippet.match ? html`<mark>${snippet.match}</mark>` : nothing}${
          snippet.after
        }</span
      >
    </li>`;
  }

  protected override render() {
    const matches = this.outcome?.matches ?? [];
    return html`<dialog
      part="dialog"
      aria-labelledby="search-title"
      @cancel=${this.modal.cancel}
      @close=${this.onClosed}
      @click=${this.modal.click}
      @keydown=${this.modal.keydown}
    >
      <h2 id="search-title">Search the workspace</h2>
      <div class="controls">
        <input
          part="input"
          type="search"
          role="combobox"
          aria-label="Search text"
          aria-expanded=${String(matches.length > 0)}
          aria-controls="results"
          aria-autocomplete="list"
          aria-activedescendant=${matches.length > 0 ? `match-${this.active}` : nothing}
          .value=${this.query}
          @input=${this.onInput}
          @keydown=${this.onKeydown}
        />
        <label
          ><input type="checkbox" .checked=${this.caseSensitive} @change=${this.onCaseChange} />
          Match case</label
        >
      </div>
      <div role="status" aria-live="polite">${this.renderSummary()}</div>
      ${
        this.error
          ? html`<p part="error" class="error" role="alert">
              ${this.error.code}: ${this.error.message}
            </p>`
          : nothing
      }
      <ul
        id="results"
        part="results"
        role="listbox"
        aria-label="Matching lines"
        ?hidden=${matches.length === 0}
      >
        ${matches.map((match, index) => this.renderMatch(match, index))}
      </ul>
    </dialog>`;
  }
}

declare global {
  interface HTMLElementEventMap {
    'ca-search-select': CustomEvent<SearchSelectDetail>;
  }
}
