import { ContextProvider } from '@lit/context';
import type { ReactiveController, ReactiveElement } from 'lit';
import type { ToolCallError } from '../../runtime/protocol/index.js';
import { surfaceSeed, type StudioSurface } from '../../runtime/surfaces/index.js';
import { seedState } from '../../runtime/workspace/index.js';
import type { WorkspaceSeedFile } from '../../runtime/workspace/index.js';
import { snapshotOf } from '../../runtime/workspace/index.js';
import type { WorkspaceSnapshot } from '../../runtime/workspace/index.js';
import {
  parseAgentMode,
  parseToolPatterns,
  type RuntimeConfig,
} from '../../composition/runtime-config.js';
import {
  fetchStarterManifest,
  hashStarterFiles,
  type RawStarterFile,
  hashWorkspaceFiles,
  readStarterHash,
  validateStarterFiles,
  writeStarterHash,
} from '../../composition/starter-files.js';
import type { StudioRuntime } from '../../composition/studio-runtime.js';
import { openWorkspaceEarly } from '../../composition/workspace-repository.js';
import { loadedStudio, loadStudio, type StudioModule } from './load-studio.js';
import { runtimeContext, runtimeLoadingContext, type RuntimeLoading } from './runtime-context.js';
import { readStarterMarkup } from './starter-markup.js';
import { callAsPerson } from '../../runtime/registry/index.js';

/** What an owning element's attributes ask for. */
export interface RuntimeRecipe {
  databaseName: string;
  storage: 'indexeddb' | 'memory';
  surface: StudioSurface;
  config: RuntimeConfig;
  /** The `src` attribute: a same-origin starter manifest. */
  src: string | null;
}

/** The attributes `<ca-runtime>` and `<ca-studio>` share, as their properties hold them. */
export interface RuntimeAttributes {
  storage: string | null;
  agent: string | null;
  agentEndpoint: string | null;
  tools: string | null;
  readonly: boolean;
  src: string | null;
}

/** The recipe those attributes describe; an unknown `storage` value means IndexedDB. */
export function recipeFromAttributes(
  attributes: RuntimeAttributes,
  databaseName: string,
  surface: StudioSurface = 'studio',
): RuntimeRecipe {
  return {
    databaseName,
    storage: attributes.storage === 'memory' ? 'memory' : 'indexeddb',
    surface,
    config: {
      agent: parseAgentMode(attributes.agent, attributes.agentEndpoint),
      agentEndpoint: attributes.agentEndpoint || null,
      tools: parseToolPatterns(attributes.tools),
      readOnly: attributes.readonly,
    },
    src: attributes.src || null,
  };
}

/** Detail of `ca-runtime-change`: the runtime the element now provides (none once disposed). */
export interface RuntimeChangeDetail {
  runtime: StudioRuntime | undefined;
}

/**
 * What the starter files say: nothing to report, a refused set (the studio runs its default
 * files), or a page whose starter files changed since this workspace was seeded from them.
 */
export type StarterState =
  | { kind: 'none' }
  | { kind: 'error'; error: ToolCallError }
  | { kind: 'changed'; hash: string; busy: boolean; error?: ToolCallError };

type Starter = { files: readonly WorkspaceSeedFile[]; hash: string } | null;

/**
 * The one place an element owns a runtime built from its attributes (`<ca-runtime>`,
 * `<ca-studio>`): creates it on connect, provides it through context, recreates it when the
 * workspace or storage changes, applies agent, tools and read-only live, seeds starter files,
 * and disposes it when the element leaves the document for good. A runtime set by code wins
 * and is never disposed here.
 *
 * The runtime's code is a chunk of its own (`load-studio.ts`). Until it arrives the owner
 * provides `runtimeLoadingContext` instead, with the snapshot the workspace will start as, so
 * the preview renders the starter files while the runtime loads and IndexedDB opens.
 */
export class RuntimeOwner implements ReactiveController {
  starter: StarterState = { kind: 'none' };
  private readonly provider: ContextProvider<typeof runtimeContext, ReactiveElement>;
  private readonly loadingProvider: ContextProvider<typeof runtimeLoadingContext, ReactiveElement>;
  private current?: StudioRuntime;
  private owned = false;
  private key = '';
  private configKey = '';
  private pendingStarter?: Promise<Starter>;
  /** Set while the runtime's code loads: settles once the runtime exists (or the load failed). */
  private loading?: Promise<void>;
  /** Bumped whenever a runtime on its way is no longer wanted (recreated, adopted, disposed). */
  private generation = 0;

  constructor(
    private readonly host: ReactiveElement,
    private readonly recipe: () => RuntimeRecipe,
  ) {
    this.provider = new ContextProvider(host, { context: runtimeContext });
    this.loadingProvider = new ContextProvider(host, { context: runtimeLoadingContext });
    host.addController(this);
  }

  get value(): StudioRuntime | undefined {
    return this.current;
  }

  /**
   * The host's `updateComplete`, also waiting for the runtime on its way (until it exists or its
   * load failed), so `await element.updateComplete` (and `fixture()`) hands over a runtime.
   */
  async updateComplete(hostUpdate: () => Promise<boolean>): Promise<boolean> {
    const done = await hostUpdate();
    if (!this.loading) return done;
    while (this.loading) await this.loading;
    return hostUpdate();
  }

  /** A runtime from code replaces the owned one, which is disposed. */
  adopt(runtime: StudioRuntime): void {
    if (runtime === this.current) return;
    this.disposeOwned();
    this.owned = false;
    this.starter = { kind: 'none' };
    this.provide(runtime);
  }

  hostConnected(): void {
    if (!this.current && !this.loading) this.create();
  }

  hostDisconnected(): void {
    // Moving the element (remove, then insert in the same task) must keep its runtime. The next
    // task, not a microtask: removal denies a waiting approval (`<ca-approval>` leaves too), and
    // the run waiting on it ends as denied before the disposal cancels whatever still runs.
    setTimeout(() => {
      if (this.host.isConnected || !this.owned) return;
      this.disposeOwned();
      this.provide(undefined);
    });
  }

  hostUpdate(): void {
    if (!this.owned) return;
    const recipe = this.recipe();
    if (keyOf(recipe) !== this.key) {
      this.disposeOwned();
      this.create();
      return;
    }
    // A runtime still loading takes the configuration current when it arrives; meanwhile the
    // offer carries `readonly` to what is shown before it.
    const configKey = JSON.stringify(recipe.config);
    const offer = this.loadingProvider.value;
    if (offer?.provisionalSnapshot && offer.readOnly !== recipe.config.readOnly)
      this.loadingProvider.setValue({ ...offer, readOnly: recipe.config.readOnly });
    if (!this.current || configKey === this.configKey) return;
    this.configKey = configKey;
    this.current.config.set(recipe.config);
  }

  /** Replaces the workspace with the page's new starter files (the notice's Reset). */
  async resetToStarter(): Promise<void> {
    const runtime = this.current;
    const starter = await this.pendingStarter;
    if (!runtime || !starter || this.starter.kind !== 'changed') return;
    this.starter = { ...this.starter, busy: true };
    this.host.requestUpdate();
    const result = await callAsPerson(runtime.registry, 'workspace.reset', {
      expectedRevision: runtime.workspace.getSnapshot().revision,
    });
    if (runtime !== this.current) return;
    if (result.error) {
      this.starter = { kind: 'changed', hash: starter.hash, busy: false, error: result.error };
    } else {
      writeStarterHash(this.recipe().databaseName, starter.hash);
      this.starter = { kind: 'none' };
    }
    this.host.requestUpdate();
  }

  /** Keeps the persisted edits and stops offering the new starter files (the notice's Keep). */
  keepEdits(): void {
    if (this.starter.kind !== 'changed') return;
    writeStarterHash(this.recipe().databaseName, this.starter.hash);
    this.starter = { kind: 'none' };
    this.host.requestUpdate();
  }

  private create(): void {
    const recipe = this.recipe();
    this.key = keyOf(recipe);
    this.starter = { kind: 'none' };
    this.owned = true;
    const generation = ++this.generation;
    const { seed, starter } = this.loadStarter(recipe);
    this.pendingStarter = starter;
    // Loaded once per page: a second runtime (recreated, another element) starts at once.
    const loaded = loadedStudio();
    // Otherwise IndexedDB opens while the runtime's code loads, not after it.
    const early =
      !loaded && recipe.storage === 'indexeddb' ? openWorkspaceEarly(recipe.databaseName) : null;
    const repository = early?.repository ?? null;
    const start = (studio: StudioModule) => {
      if (generation !== this.generation) return repository?.close();
      this.setLoading(undefined);
      const { config } = this.recipe();
      this.configKey = JSON.stringify(config);
      const runtime = studio.createStudioRuntime({
        surface: recipe.surface,
        databaseName: recipe.databaseName,
        storage: recipe.storage,
        config,
        ...(seed ? { seed } : {}),
        ...(repository ? { workspaceRepository: repository } : {}),
      });
      this.provide(runtime);
      void this.compareStarter(runtime, recipe, starter);
    };
    if (loaded) return start(loaded);
    const seedFiles = seed instanceof Promise ? undefined : (seed ?? surfaceSeed(recipe.surface));
    this.setLoading(
      loadStudio().then(start, (error: unknown) => {
        repository?.close();
        if (generation !== this.generation) return;
        this.setLoading(undefined);
        console.error('The studio runtime failed to load.', error);
      }),
      seedFiles && provisionalSnapshot(seedFiles, recipe.storage),
      // Memory storage never holds anything before hydration; a new database neither.
      recipe.storage === 'memory' ? Promise.resolve(true) : early?.fresh,
    );
  }

  private setLoading(
    loading: Promise<void> | undefined,
    provisional?: WorkspaceSnapshot,
    fresh?: Promise<boolean>,
  ): void {
    this.loading = loading;
    const offer: RuntimeLoading | undefined = loading
      ? provisional
        ? {
            provisionalSnapshot: provisional,
            ...(fresh ? { fresh } : {}),
            readOnly: this.recipe().config.readOnly,
          }
        : {}
      : undefined;
    this.loadingProvider.setValue(offer);
    this.host.requestUpdate();
  }

  /**
   * The seed and, for the notice, the starter files with their hash. Markup alone is read at
   * once, so the workspace hydrates without waiting; a manifest makes hydration wait for it.
   */
  private loadStarter(recipe: RuntimeRecipe): {
    seed?: readonly WorkspaceSeedFile[] | Promise<readonly WorkspaceSeedFile[]>;
    starter: Promise<Starter>;
  } {
    const markup = readStarterMarkup(this.host);
    if (recipe.src === null) {
      const starter = this.check(markup);
      return starter
        ? { seed: starter.files, starter: withHash(starter.files) }
        : { starter: Promise.resolve(null) };
    }
    const starter = fetchStarterManifest(recipe.src, document.baseURI).then((fetched) => {
      if (!fetched.ok) return this.refuse(fetched.error);
      const checked = this.check([...markup, ...fetched.value]);
      return checked && withHash(checked.files);
    });
    return {
      seed: starter.then((loaded) => loaded?.files ?? surfaceSeed(recipe.surface)),
      starter,
    };
  }

  private check(raw: RawStarterFile[]): { files: WorkspaceSeedFile[] } | null {
    if (raw.length === 0) return null;
    const valid = validateStarterFiles(raw);
    return valid.ok ? { files: valid.value } : this.refuse(valid.error);
  }

  private refuse(error: ToolCallError): null {
    this.starter = { kind: 'error', error };
    this.host.requestUpdate();
    return null;
  }

  /**
   * First visit: the workspace was seeded from the starter files, so their hash is recorded.
   * Later visits keep the persisted files; when the page's starter files differ from the
   * recorded ones (and from the workspace), the notice offers Reset.
   */
  private async compareStarter(
    runtime: StudioRuntime,
    recipe: RuntimeRecipe,
    pending: Promise<Starter>,
  ): Promise<void> {
    const starter = await pending;
    await runtime.ready;
    if (!starter || runtime !== this.current) return;
    const snapshot = runtime.workspace.getSnapshot();
    if (snapshot.storageMode === 'memory') return;
    if (readStarterHash(recipe.databaseName) === starter.hash) return;
    if ((await hashWorkspaceFiles(snapshot.files)) === starter.hash) {
      writeStarterHash(recipe.databaseName, starter.hash);
      return;
    }
    if (runtime !== this.current) return;
    this.starter = { kind: 'changed', hash: starter.hash, busy: false };
    this.host.requestUpdate();
  }

  private provide(runtime: StudioRuntime | undefined): void {
    const old = this.current;
    this.current = runtime;
    this.provider.setValue(runtime);
    this.host.requestUpdate();
    if (old === runtime) return;
    this.host.dispatchEvent(
      new CustomEvent<RuntimeChangeDetail>('ca-runtime-change', {
        detail: { runtime },
        bubbles: true,
        composed: true,
      }),
    );
  }

  private disposeOwned(): void {
    if (!this.owned) return;
    this.current?.dispose();
    this.owned = false;
    this.generation++;
    if (this.loading) this.setLoading(undefined);
  }
}

const withHash = async (files: readonly WorkspaceSeedFile[]): Promise<Starter> => ({
  files,
  hash: await hashStarterFiles(files),
});

/** What a runtime is built around: changing any of these needs a new one. */
const keyOf = (recipe: RuntimeRecipe) =>
  JSON.stringify([recipe.databaseName, recipe.storage, recipe.surface, recipe.src]);

/**
 * What a workspace seeded with `files` starts as (the manager's own provisional snapshot): the
 * files at revision 1, so the preview's render of it is confirmed when hydration finds nothing.
 */
const provisionalSnapshot = (
  files: readonly WorkspaceSeedFile[],
  storage: RuntimeRecipe['storage'],
): WorkspaceSnapshot => snapshotOf(seedState(files), storage, undefined);
