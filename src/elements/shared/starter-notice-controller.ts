import type { ReactiveElement } from 'lit';
import type { ToolCallError } from '../../runtime/protocol/index.js';
import { callAsPerson } from '../../runtime/registry/index.js';
import { surfaceSeed } from '../../runtime/surfaces/index.js';
import type { WorkspaceSeedFile } from '../../runtime/workspace/index.js';
import {
  fetchStarterManifest,
  hashStarterFiles,
  hashWorkspaceFiles,
  type RawStarterFile,
  readStarterHash,
  validateStarterFiles,
  writeStarterHash,
} from '../../composition/starter-files.js';
import type { StudioRuntime } from '../../composition/studio-runtime.js';
import type { RuntimeBlueprint } from './runtime-blueprint.js';
import { readStarterMarkup } from './starter-markup.js';

/**
 * What the starter files say: nothing to report, a refused set (the studio runs its default
 * files), or a page whose starter files changed since this workspace was seeded from them.
 */
export type StarterState =
  | { kind: 'none' }
  | { kind: 'error'; error: ToolCallError }
  | { kind: 'changed'; hash: string; busy: boolean; error?: ToolCallError };

/** The seed a new runtime starts from: markup at once, a manifest as a promise. */
export type StarterSeed = readonly WorkspaceSeedFile[] | Promise<readonly WorkspaceSeedFile[]>;

type Starter = { files: readonly WorkspaceSeedFile[]; hash: string } | null;

/**
 * The starter files of an owning element (`<ca-runtime>`, `<ca-studio>`): reads them from the
 * markup and the `src` manifest, checks and hashes them, and keeps the notice they call for
 * (`starterNotice`) — a refused set, or starter files that changed since the workspace was
 * seeded, with Reset and Keep. It has no lifecycle of its own: the element's `RuntimeOwner`
 * asks it for each new runtime's seed and tells it when that runtime exists or is gone.
 */
export class StarterNoticeController {
  state: StarterState = { kind: 'none' };
  private pending?: Promise<Starter>;
  /** The runtime the notice speaks about; any other has superseded it. */
  private runtime?: StudioRuntime;
  private databaseName = '';

  constructor(private readonly host: ReactiveElement) {}

  /**
   * Reads the starter files for a runtime about to be built from `blueprint` and returns its seed
   * (none: the surface's default files). Markup alone is read at once, so the workspace
   * hydrates without waiting; a manifest makes hydration wait for it.
   */
  seedFor(blueprint: RuntimeBlueprint): StarterSeed | undefined {
    this.state = { kind: 'none' };
    this.runtime = undefined;
    this.databaseName = blueprint.databaseName;
    const markup = readStarterMarkup(this.host);
    if (blueprint.src === null) {
      const checked = this.check(markup);
      this.pending = checked ? withHash(checked) : Promise.resolve(null);
      return checked ?? undefined;
    }
    const starter = fetchStarterManifest(blueprint.src, document.baseURI).then((fetched) => {
      if (!fetched.ok) return this.refuse(fetched.error);
      const checked = this.check([...markup, ...fetched.value]);
      return checked && withHash(checked);
    });
    this.pending = starter;
    return starter.then((loaded) => loaded?.files ?? surfaceSeed(blueprint.surface));
  }

  /**
   * The runtime seeded by `seedFor` exists. First visit: the workspace was seeded from the
   * starter files, so their hash is recorded. Later visits keep the persisted files; when the
   * page's starter files differ from the recorded ones (and from the workspace), the notice
   * offers Reset.
   */
  async started(runtime: StudioRuntime): Promise<void> {
    this.runtime = runtime;
    const { databaseName } = this;
    const starter = await this.pending;
    await runtime.ready;
    if (!starter || runtime !== this.runtime) return;
    const snapshot = runtime.workspace.getSnapshot();
    if (snapshot.storageMode === 'memory') return;
    if (readStarterHash(databaseName) === starter.hash) return;
    if ((await hashWorkspaceFiles(snapshot.files)) === starter.hash) {
      writeStarterHash(databaseName, starter.hash);
      return;
    }
    if (runtime !== this.runtime) return;
    this.state = { kind: 'changed', hash: starter.hash, busy: false };
    this.host.requestUpdate();
  }

  /** A runtime from code: its files are not the page's starter files, so no notice. */
  clear(): void {
    this.state = { kind: 'none' };
    this.runtime = undefined;
    this.pending = undefined;
  }

  /** Replaces the workspace with the page's new starter files (the notice's Reset). */
  async resetToStarter(): Promise<void> {
    const { runtime, databaseName } = this;
    const starter = await this.pending;
    if (!runtime || !starter || this.state.kind !== 'changed') return;
    this.state = { ...this.state, busy: true };
    this.host.requestUpdate();
    const result = await callAsPerson(runtime.registry, 'workspace.reset', {
      expectedRevision: runtime.workspace.getSnapshot().revision,
    });
    if (runtime !== this.runtime) return;
    if (result.error) {
      this.state = { kind: 'changed', hash: starter.hash, busy: false, error: result.error };
    } else {
      writeStarterHash(databaseName, starter.hash);
      this.state = { kind: 'none' };
    }
    this.host.requestUpdate();
  }

  /** Keeps the persisted edits and stops offering the new starter files (the notice's Keep). */
  keepEdits(): void {
    if (this.state.kind !== 'changed') return;
    writeStarterHash(this.databaseName, this.state.hash);
    this.state = { kind: 'none' };
    this.host.requestUpdate();
  }

  private check(raw: RawStarterFile[]): WorkspaceSeedFile[] | null {
    if (raw.length === 0) return null;
    const valid = validateStarterFiles(raw);
    return valid.ok ? valid.value : this.refuse(valid.error);
  }

  private refuse(error: ToolCallError): null {
    this.state = { kind: 'error', error };
    this.host.requestUpdate();
    return null;
  }
}

const withHash = async (files: readonly WorkspaceSeedFile[]): Promise<Starter> => ({
  files,
  hash: await hashStarterFiles(files),
});
