import type { ReactiveController, ReactiveControllerHost } from 'lit';
import type { WorkspaceFolder } from '../../runtime/workspace/index.js';
import { folderPickerCapability } from '../../runtime/tools/workspace/index.js';
import type { StudioRuntime } from '../../composition/studio-runtime.js';

/**
 * Provides the folder picker capability (W9) while the explorer is connected, so
 * `workspace.openFolder` — called by the person's Open folder button or by a model after
 * approval — can ask for a folder. It uses the runtime's folder source: the browser's writable
 * picker, else the explorer's hidden directory-upload input.
 */
export class FolderPickerController implements ReactiveController {
  private bound?: { runtime: StudioRuntime; withdraw: () => void };
  /** A folder the person already chose (an upload), handed to the one call about to run. */
  private handed: WorkspaceFolder | null = null;
  private waiting?: (files: File[] | null) => void;

  constructor(
    private readonly host: ReactiveControllerHost,
    private readonly runtime: () => StudioRuntime | undefined,
    private readonly input: () => HTMLInputElement | null,
  ) {
    host.addController(this);
  }

  /** Runs `call` with `folder` as what the picker returns, so a chosen upload is not asked again. */
  async withFolder<T>(folder: WorkspaceFolder, call: () => Promise<T>): Promise<T> {
    this.handed = folder;
    try {
      return await call();
    } finally {
      this.handed = null;
    }
  }

  /** The upload input changed: true when a pick was waiting for it. */
  resolveUpload(files: File[] | null): boolean {
    const waiting = this.waiting;
    this.waiting = undefined;
    waiting?.(files);
    return waiting !== undefined;
  }

  private async pick(signal: AbortSignal): Promise<WorkspaceFolder | null> {
    const runtime = this.runtime();
    if (!runtime) return null;
    if (this.handed) {
      const folder = this.handed;
      this.handed = null;
      return folder;
    }
    if (runtime.folders.canPickWritable()) return runtime.folders.pickWritable();
    const input = this.input();
    if (!input) return null;
    const files = await new Promise<File[] | null>((resolve) => {
      this.waiting?.(null);
      this.waiting = resolve;
      signal.addEventListener('abort', () => this.resolveUpload(null), { once: true });
      input.click();
    });
    return files && files.length > 0 ? runtime.folders.fromUpload(files) : null;
  }

  hostUpdate(): void {
    const runtime = this.runtime();
    if (runtime === this.bound?.runtime) return;
    this.release();
    if (!runtime) return;
    const withdraw = runtime.capabilities.provide(folderPickerCapability, {
      pick: (signal) => this.pick(signal),
    });
    this.bound = { runtime, withdraw };
  }

  hostConnected(): void {
    // Bind again on reconnect: the next update provides the capability.
    this.host.requestUpdate();
  }

  hostDisconnected(): void {
    this.release();
  }

  private release(): void {
    this.bound?.withdraw();
    this.bound = undefined;
    this.resolveUpload(null);
  }
}
