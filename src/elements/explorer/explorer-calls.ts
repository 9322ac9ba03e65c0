import type { ReactiveControllerHost } from 'lit';
import type { StudioRuntime } from '../../composition/studio-runtime.js';
import { type ToolCallError, type ToolCallResult, randomId } from '../../runtime/protocol/index.js';
import { callAsPerson } from '../../runtime/registry/index.js';
import { WORKSPACE_ERROR_CODES } from '../../runtime/workspace/index.js';
import type { DialogError, DialogRequest, ExplorerDialogController } from './explorer-dialog.js';

/** A tool error as shown; a stale revision offers `reread`. */
const asDialogError = (error: ToolCallError, reread: () => void): DialogError =>
  error.code === WORKSPACE_ERROR_CODES.WORKSPACE_REVISION_CONFLICT
    ? { code: error.code, message: error.message, reread }
    : { code: error.code, message: error.message };

/**
 * How `<ca-explorer>` acts: each action is one `workspace.*` call made as the person's own
 * (`local·direct`, the explorer's session) with the revision the person saw, confirmed in the
 * explorer's dialog where it needs to be, and its outcome kept as the inline error or notice.
 */
export class ExplorerCalls {
  private shownError: DialogError | null = null;
  private shownNotice = '';
  private readonly sessionId = `explorer-${randomId()}`;

  constructor(
    private readonly host: ReactiveControllerHost,
    private readonly runtime: () => StudioRuntime | undefined,
    private readonly dialog: ExplorerDialogController,
    /** Unsaved changes and deletions: what a discarding action asks about. */
    private readonly unsaved: () => number,
  ) {}

  /** The inline error of the last failed action. */
  get error(): DialogError | null {
    return this.shownError;
  }
  set error(error: DialogError | null) {
    this.shownError = error;
    this.host.requestUpdate();
  }

  /** What the last action that went through has to say. */
  get notice(): string {
    return this.shownNotice;
  }
  set notice(notice: string) {
    this.shownNotice = notice;
    this.host.requestUpdate();
  }

  async run(name: string, args: Record<string, unknown>): Promise<ToolCallResult | null> {
    const runtime = this.runtime();
    if (!runtime) return null;
    return callAsPerson(runtime.registry, name, args, { context: { sessionId: this.sessionId } });
  }

  async call(name: string, args: Record<string, unknown>): Promise<ToolCallError | null> {
    return (await this.run(name, args))?.error ?? null;
  }

  /** Editor drafts go first, so the revision an action carries includes the last keystrokes. */
  async currentRevision(): Promise<number> {
    const runtime = this.runtime();
    await runtime?.drafts.flushAll();
    return runtime?.workspace.getSnapshot().revision ?? 0;
  }

  /** Shows `error` (a stale revision offers `retry`) and clears the notice. */
  show(error: ToolCallError | null, retry: () => void): void {
    this.notice = '';
    this.error = error ? asDialogError(error, retry) : null;
  }

  /**
   * Opens a dialog whose submit runs one tool with the revision seen when it opened; a
   * conflict offers re-reading the workspace and confirming again.
   */
  async ask(
    request: Omit<DialogRequest, 'submit'>,
    run: (value: string, revision: number) => Promise<ToolCallError | null>,
  ): Promise<void> {
    let revision = await this.currentRevision();
    this.dialog.open({
      ...request,
      submit: async (value) => {
        const error = await run(value, revision);
        this.error = null;
        return error
          ? asDialogError(error, () => {
              revision = this.runtime()?.workspace.getSnapshot().revision ?? revision;
            })
          : null;
      },
    });
  }

  /**
   * Runs `action` at once on a clean workspace; with unsaved changes, only after the person
   * confirms discarding them.
   */
  async confirmDiscard(
    title: string,
    confirmLabel: string,
    action: (revision: number, discardChanges: boolean) => Promise<ToolCallError | null>,
  ): Promise<void> {
    const unsaved = this.unsaved();
    if (!unsaved) {
      this.error = null;
      this.notice = '';
      const error = await action(await this.currentRevision(), false);
      // On success the action may have set the notice, which `show` would clear.
      if (error) this.show(error, () => void this.confirmDiscard(title, confirmLabel, action));
      return;
    }
    await this.ask(
      {
        title,
        description: `${unsaved} unsaved change(s) in the workspace are discarded.`,
        confirmLabel,
        danger: true,
      },
      (_value, revision) => action(revision, true),
    );
  }
}
