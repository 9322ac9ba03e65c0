/**
 * `<ca-editor>` in a shared room: its selection goes to the room's presence (`runtime.collab`)
 * and the others' carets come back to CodeMirror (`remote-cursors.ts`), straight to the editor,
 * so a caret moving elsewhere does not render the element again.
 */
import type { ReactiveController, ReactiveControllerHost } from 'lit';
import type { CollabSelection, StudioCollab } from '../../composition/collab-status.js';
import type { StudioRuntime } from '../../composition/studio-runtime.js';
import type { CodeEditor } from './code-editor.js';

export class PeerCursors implements ReactiveController {
  private collab?: StudioCollab;
  private unsubscribe?: () => void;

  constructor(
    host: ReactiveControllerHost,
    private readonly parts: () => [StudioRuntime | undefined, CodeEditor | undefined],
  ) {
    host.addController(this);
  }

  /** Publishes the editor's main selection in `path` (the editor's `onSelection`). */
  readonly report = (path: string, selection: CollabSelection): void =>
    this.parts()[0]?.collab?.setSelection(path, selection);

  hostUpdated(): void {
    const collab = this.parts()[0]?.collab ?? undefined;
    if (collab !== this.collab) {
      this.unsubscribe?.();
      this.collab = collab;
      this.unsubscribe = collab?.subscribe(() => this.draw());
    }
    this.draw();
  }

  hostDisconnected(): void {
    this.unsubscribe?.();
    this.unsubscribe = this.collab = undefined;
  }

  private draw(): void {
    this.parts()[1]?.setPeers(this.collab?.getSnapshot().peers ?? []);
  }
}
