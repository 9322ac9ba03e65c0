import { LitElement, html, nothing } from 'lit';
import { property, query, state } from 'lit/decorators.js';
import { booleanAttribute } from '../shared/boolean-attribute.js';
import { type ToolCallError, randomId } from '../../runtime/protocol/index.js';
import { browserDownload } from '../../runtime/tools/workspace/index.js';
import { ModalController } from '../shared/modal-controller.js';
import type { RuntimeView } from '../shared/runtime-context.js';
import { RuntimeController } from '../shared/runtime-controller.js';
import { runtimeProperty } from '../shared/runtime-property.js';
import { StoreController } from '../shared/store-controller.js';
import { actionsStyles } from './actions.styles.js';
import { ActionsMenu, toolbarButton, type ActionItem } from './actions-menu.js';
import { callAsPerson } from '../../runtime/registry/index.js';

/** What the workspace actions need from a runtime; `createStudioRuntime()` provides it. */
/**
 * `drafts`: editor text not yet written, flushed before the project is exported. `config`:
 * read-only mode turns the changing actions off; absent, never read-only.
 */
export type ActionsRuntime = RuntimeView<'workspace' | 'registry', 'drafts' | 'config'>;

const READ_ONLY_REASON = 'Read-only: the workspace cannot be changed here.';

/**
 * The person's workspace actions: Undo and Redo as icon buttons (their names shown as tooltips on
 * pointer and keyboard focus), then a File menu with Download file (the open file), Export HTML
 * (one standalone page), Export project (every file as a `.zip`) and Reset.
 * Each is a `workspace.*` registry call made as `local·direct` with the revision on screen, so it
 * shows in the trace and meets the same revision guard as a model's call (Export project reads
 * the files the person sees, drafts included, and changes nothing). Reset first asks in an
 * in-app, keyboard-modal confirmation. A failed call shows its code and message.
 *
 * @tagname ca-workspace-actions
 * @summary Undo, Redo, Download file, Export HTML, Export project and Reset.
 * @attr menu - Shows every action in one menu button ("Actions", `aria-haspopup="menu"`) instead of Undo, Redo and the File menu; `<ca-studio>` sets it on a phone.
 * @slot menu-items - Extra items (`role="menuitem"` buttons) at the end of the menu, in `menu` mode.
 * @csspart toolbar - The row of Undo, Redo and the File menu.
 * @csspart menu-button - The button that opens the menu: File, or Actions in `menu` mode.
 * @csspart menu - The open menu.
 * @csspart error - The last failed action's code and message.
 * @csspart dialog - The Reset confirmation.
 */
export class CaWorkspaceActions extends LitElement {
  static override styles = actionsStyles;

  /** The runtime; defaults to the one provided by an ancestor `<ca-studio>`. */
  @runtimeProperty() runtime?: ActionsRuntime;

  /** Whether the Reset confirmation is open. */
  @property({ converter: booleanAttribute, reflect: true }) open = false;

  /** Draws the actions as one menu button instead of a toolbar (a phone's header). */
  @property({ converter: booleanAttribute, reflect: true }) menu = false;

  @state() private error: ToolCallError | null = null;
  @state() private busy = false;

  @query('dialog') private dialog?: HTMLDialogElement;

  private readonly runtimeRef = new RuntimeController(this);
  private readonly workspace = new StoreController(this, () => this.runtimeRef.value?.workspace);
  private readonly config = new StoreController(this, () => this.runtimeRef.value?.config);
  private readonly modal = new ModalController(this, {
    dialog: () => this.dialog,
    isOpen: () => this.open,
    dismiss: () => (this.open = false),
    shown: () => this.dialog?.querySelector<HTMLButtonElement>('[data-action="cancel"]')?.focus(),
  });
  private readonly sessionId = `actions-${randomId()}`;
  private readonly menuControl = new ActionsMenu(this);

  /** Runs `name` as the person's direct call; resolves its error or null. */
  async call(name: string, args: Record<string, unknown> = {}) {
    const runtime = this.runtimeRef.value;
    if (!runtime || this.busy) return null;
    this.busy = true;
    try {
      const result = await callAsPerson(runtime.registry, name, args, {
        context: { sessionId: this.sessionId },
      });
      this.error = result.error ?? null;
      return result;
    } finally {
      this.busy = false;
    }
  }

  private guarded(name: string) {
    const revision = this.runtimeRef.value?.workspace.getSnapshot().revision;
    return this.call(name, revision === undefined ? {} : { expectedRevision: revision });
  }

  private async exportHtml() {
    const result = await this.call('workspace.exportHtml');
    const exported = result?.structuredContent as { html?: string; entryPath?: string } | undefined;
    if (!exported?.html) return;
    const base = (exported.entryPath ?? 'index.html')
      .split('/')
      .pop()!
      .replace(/\.html?$/i, '');
    browserDownload({
      fileName: `${base}-standalone.html`,
      blob: new Blob([exported.html], { type: 'text/html' }),
    });
  }

  /** Every file of the workspace, editor drafts included, as one `.zip`. */
  private async exportProject() {
    const runtime = this.runtimeRef.value;
    if (!runtime || this.busy) return;
    this.busy = true;
    try {
      await runtime.drafts?.flushAll();
      const snapshot = runtime.workspace.getSnapshot();
      // The zip writer loads with the first export, not with the header.
      const { zipWorkspaceFiles } = await import('../../runtime/workspace/zip.js');
      browserDownload({
        fileName: `project-rev${snapshot.revision}.zip`,
        blob: await zipWorkspaceFiles(snapshot.files),
      });
    } finally {
      this.busy = false;
    }
  }

  /**
   * Runs a button's action; one that turned its own button off (the last Undo) hands focus to
   * the first action still on, so the next Tab starts here and not at the top of the page.
   */
  private async act(event: Event, action: () => Promise<unknown>): Promise<void> {
    const button = event.currentTarget as HTMLButtonElement;
    await action();
    await this.updateComplete;
    if (button.disabled && !this.open)
      this.renderRoot
        .querySelector<HTMLButtonElement>('[role="toolbar"] button:not(:disabled)')
        ?.focus();
  }

  private async confirmReset() {
    const result = await this.guarded('workspace.reset');
    if (!result?.error) this.open = false;
  }

  /** The actions, in order, with what each needs now. */
  private items(): ActionItem[] {
    const status = this.workspace.value ? this.runtimeRef.value?.workspace.getStatus() : undefined;
    const ready = !!status;
    const locked = this.config.value?.readOnly ?? false;
    const reason = locked ? READ_ONLY_REASON : undefined;
    // A running action marks the buttons busy instead of disabling them: disabling the focused
    // button would drop focus to the page.
    const busy = this.busy;
    const item = (label: string, disabled: boolean, run: (event: Event) => void, title = reason) =>
      ({ label, disabled, busy, run, ...(title ? { title } : {}) }) satisfies ActionItem;
    return [
      {
        ...item('Undo', locked || !ready || !status?.canUndo, (event) => {
          void this.act(event, () => this.guarded('workspace.undo'));
        }),
        icon: 'undo',
      },
      {
        ...item('Redo', locked || !ready || !status?.canRedo, (event) => {
          void this.act(event, () => this.guarded('workspace.redo'));
        }),
        icon: 'redo',
      },
      item(
        'Download file',
        !ready || !status?.activePath,
        () => void this.call('workspace.downloadFile', { path: status?.activePath }),
        status?.activePath ? `Download ${status.activePath}` : undefined,
      ),
      item('Export HTML', !ready, () => void this.exportHtml(), undefined),
      item('Export project', !ready, () => void this.exportProject(), undefined),
      { ...item('Reset', locked || !ready, () => (this.open = true)), dialog: true },
    ];
  }

  protected override render() {
    const items = this.items();
    const history = items.filter((item) => item.icon);
    return html`${
        this.menu
          ? this.menuControl.render(items, 'Actions', 'menu')
          : html`<div role="toolbar" part="toolbar" aria-label="Workspace actions">
              ${history.map(toolbarButton)}
              ${this.menuControl.render(
                items.filter((item) => !item.icon),
                'File',
                'file',
              )}
            </div>`
      }
      ${
        this.error && !this.open
          ? html`<span class="error" part="error" role="alert"
              >${this.error.code}: ${this.error.message}</span
            >`
          : nothing
      }
      <dialog
        part="dialog"
        aria-labelledby="reset-title"
        aria-describedby="reset-description"
        @cancel=${this.modal.cancel}
        @click=${this.modal.click}
        @keydown=${this.modal.keydown}
        @close=${this.modal.closed}
      >
        <h2 id="reset-title">Reset the workspace?</h2>
        <p id="reset-description">
          Every file returns to the starting example; your edits are discarded. Undo history is
          cleared.
        </p>
        ${
          this.error && this.open
            ? html`<p class="error" role="alert">${this.error.code}: ${this.error.message}</p>`
            : nothing
        }
        <div class="actions">
          <button data-action="cancel" @click=${() => (this.open = false)}>Cancel</button>
          <button
            class="danger"
            data-action="confirm"
            ?disabled=${this.busy}
            @click=${() => this.confirmReset()}
          >
            Reset workspace
          </button>
        </div>
      </dialog>`;
  }
}
