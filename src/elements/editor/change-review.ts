/**
 * `<ca-editor>`'s review of the last agent change to the open file, the way code review tools
 * show one: in the editor itself, the lines the agent deleted shown above the ones it inserted,
 * a Revert button on each changed hunk (`review-merge.ts`, in the lazily loaded diff chunk).
 *
 * Each Revert is one `workspace.writeFile` through the registry as the person's direct call,
 * with the file's text with that hunk restored and the revision the editor showed, so policy
 * and the trace see it and a file changed meanwhile refuses it with
 * `WORKSPACE_REVISION_CONFLICT`, changing nothing. The person may keep typing while reviewing:
 * edits take the usual path, the text before the agent's change stays what the review compares
 * against, and the hunks follow the text. Done, Escape or showing another file ends the review
 * and marks the change reviewed. Loaded when the editor gets its runtime (`lazy-review.ts`, which
 * tracks the agent's changes from that moment).
 */
import { html, nothing, type ReactiveController, type ReactiveControllerHost } from 'lit';
import type { StudioRuntime } from '../../composition/studio-runtime.js';
import { callAsPerson } from '../../runtime/registry/index.js';
import { textAt } from '../../runtime/workspace/index.js';
import type { Announcer } from '../shared/announcer.js';
import { loadDiff } from '../shared/load-diff.js';
import type { AgentChanges } from './agent-changes.js';
import type { CodeEditor } from './code-editor.js';

/** The element reviewing: it writes pending typing on `flush()`. */
export type ReviewHost = ReactiveControllerHost &
  HTMLElement & { flush(): Promise<void>; readonly renderRoot: HTMLElement | DocumentFragment };

/** What the element shows now. */
export interface ReviewedEditor {
  runtime?: StudioRuntime;
  editor?: CodeEditor;
  /** The path of the file the editor shows. */
  path: string;
  /** The runtime's agent changes, tracked since the editor got it. */
  changes?: AgentChanges;
}

const plural = (count: number) => (count === 1 ? '1 change' : `${count} changes`);

export class ChangeReview implements ReactiveController {
  private reviewing?: { path: string; original: string };
  private hunks = 0;
  private error = '';
  /** The stored text the editor shows with no typing on top, and its workspace revision. */
  private basis?: { path: string; revision: number; text: string };

  constructor(
    private readonly host: ReviewHost,
    private readonly announcer: Announcer,
    private readonly shown: () => ReviewedEditor,
  ) {
    host.addController(this);
  }

  hostConnected(): void {
    this.host.addEventListener('keydown', this.onKeyDown);
  }

  hostDisconnected(): void {
    this.host.removeEventListener('keydown', this.onKeyDown);
    this.reviewing = this.basis = undefined;
  }

  hostUpdated(): void {
    const { runtime, editor, path } = this.shown();
    const snapshot = runtime?.workspace.getSnapshot();
    const text = editor?.text();
    if (snapshot && text !== undefined && textAt(snapshot.files, path) === text)
      this.basis = { path, revision: snapshot.revision, text };
    // The editor dropped the review with the file it belonged to.
    if (this.reviewing && this.reviewing.path !== path) this.end(false);
  }

  /** The review bar: Review while there is an unreviewed agent change, Done while reviewing. */
  render() {
    const { runtime, editor, path, changes } = this.shown();
    const change = changes?.get(path);
    const stored = runtime && textAt(runtime.workspace.getSnapshot().files, path);
    if (!this.reviewing && (!editor || !change || stored === change.original)) return nothing;
    const status = this.reviewing
      ? `${plural(this.hunks)} in ${path} since before the agent's change.`
      : `An agent changed ${path}.`;
    return html`<div class="review" part="review">
      <span>${status}</span>
      <button @click=${() => (this.reviewing ? this.end(true) : void this.open())}>
        ${this.reviewing ? 'Done reviewing' : 'Review last change'}
      </button>
      ${this.error ? html`<span class="error" role="alert">${this.error}</span>` : nothing}
    </div>`;
  }

  private async open(): Promise<void> {
    const { editor, path, changes } = this.shown();
    const change = changes?.get(path);
    if (!editor || !change || this.reviewing) return;
    const reviewing = { path, original: change.original };
    this.reviewing = reviewing;
    this.error = '';
    this.host.requestUpdate();
    try {
      const { reviewMerge } = await loadDiff();
      if (this.reviewing !== reviewing) return;
      editor.setReview(
        reviewMerge({
          original: change.original,
          onRevert: (revertedText) => void this.revert(revertedText),
          onHunks: (count) => {
            this.hunks = count;
            this.host.requestUpdate();
          },
        }),
      );
      this.announcer.announce(`Reviewing ${plural(this.hunks)} by the agent in ${path}.`);
    } catch {
      if (this.reviewing !== reviewing) return;
      this.reviewing = undefined;
      this.error = 'The change could not be shown.';
      this.host.requestUpdate();
    }
  }

  /** Ends the review and marks the change reviewed; `focus` puts focus back in the text. */
  private end(focus: boolean): void {
    const reviewing = this.reviewing;
    if (!reviewing) return;
    const { editor, path, changes } = this.shown();
    this.reviewing = undefined;
    this.error = '';
    this.hunks = 0;
    if (path === reviewing.path) editor?.setReview(undefined);
    changes?.dismiss(reviewing.path);
    this.host.requestUpdate();
    if (focus) editor?.focus();
    this.announcer.announce('Review closed.');
  }

  /** Writes the shown file with one hunk restored: `revertedText()`, read at the click. */
  private async revert(revertedText: () => string | undefined): Promise<void> {
    const { runtime, editor, path } = this.shown();
    if (!runtime || !editor || this.reviewing?.path !== path) return;
    const current = () =>
      this.basis?.path === path && this.basis.text === editor.text() ? this.basis : undefined;
    let basis = current();
    // Typing on top is written first, as its own call; the hunk is then found again.
    if (!basis) {
      await this.host.flush();
      await this.host.updateComplete;
      basis = current();
    }
    const text = basis && revertedText();
    if (!basis || text === undefined) {
      this.fail('Nothing was reverted: the typing here is not saved yet.');
      return;
    }
    const result = await callAsPerson(runtime.registry, 'workspace.writeFile', {
      path,
      text,
      expectedRevision: basis.revision,
    });
    if (result.error) {
      const { code, message } = result.error;
      this.fail(
        code === 'WORKSPACE_REVISION_CONFLICT'
          ? `Nothing was reverted: ${path} changed meanwhile (${code}).`
          : `Nothing was reverted: ${code}: ${message}`,
      );
      return;
    }
    this.error = '';
    await this.host.updateComplete;
    this.announcer.announce(`Reverted. ${plural(this.hunks)} left.`);
    // The button pressed is gone with its hunk: the next one, else the text, takes focus.
    requestAnimationFrame(() => {
      const next = this.host.renderRoot.querySelector<HTMLElement>('.surface [part~="revert"]');
      if (next) next.focus();
      else editor.focus();
    });
  }

  /** Shown as an alert, which speaks for itself. */
  private fail(message: string): void {
    this.error = message;
    this.host.requestUpdate();
  }

  private readonly onKeyDown = (event: KeyboardEvent): void => {
    if (event.key !== 'Escape' || !this.reviewing || event.defaultPrevented) return;
    event.preventDefault();
    this.end(true);
  };
}
