import { ContextProvider } from '@lit/context';
import type { ReactiveController, ReactiveElement } from 'lit';
import type { ToolCallError } from '../../runtime/protocol/errors.js';
import { surfaceSeed, type StudioSurface } from '../../runtime/surfaces.js';
import type { WorkspaceSeedFile } from '../../runtime/workspace/seed.js';
import {
  parseAgentMode,
  parseToolPatterns,
  type RuntimeConfig,
} from '../../studio/runtime-config.js';
import {
  fetchStarterManifest,
  hashStarterFiles,
  type RawStarterFile,
  hashWorkspaceFiles,
  readStarterHash,
  validateStarterFiles,
  writeStarterHash,
} from '../../studio/starter-files.js';
import { createStudioRuntime, type StudioRuntime } from '../../studio/studio-runtime.js';
import { runtimeContext } from './runtime-context.js';
import { readStarterMarkup } from './starter-markup.js';

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
      agent: parseAgentMode(attributes.agent),
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
 */
export class RuntimeOwner implements ReactiveController {
  starter: StarterState = { kind: 'none' };
  private readonly provider: ContextProvider<typeof runtimeContext, ReactiveElement>;
  private current?: StudioRuntime;
  private owned = false;
  private key = '';
  private configKey = '';
  private pendingStarter?: Promise<Starter>;

  constructor(
    private readonly host: ReactiveElement,
    private readonly recipe: () => RuntimeRecipe,
  ) {
    this.provider = new ContextProvider(host, { context: runtimeContext });
    host.addController(this);
  }

  get value(): StudioRuntime | undefined {
    return this.current;
  }

  /** The provided runtime, created from the attributes when there is none yet. */
  ensure(): StudioRuntime {
    if (!this.current) this.create();
    return this.current!;
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
    this.ensure();
  }

  hostDisconnected(): void {
    // Moving the element (remove, then insert in the same task) must keep its runtime.
    queueMicrotask(() => {
      if (this.host.isConnected || !this.owned) return;
      this.disposeOwned();
      this.provide(undefined);
    });
  }

  hostUpdate(): void {
    if (!this.owned || !this.current) return;
    const recipe = this.recipe();
    if (keyOf(recipe) !== this.key) {
      this.disposeOwned();
      this.create();
      return;
    }
    const configKey = JSON.stringify(recipe.config);
    if (configKey !== this.configKey) {
      this.configKey = configKey;
      this.current.config.set(recipe.config);
    }
  }

  /** Replaces the workspace with the page's new starter files (the notice's Reset). */
  async resetToStarter(): Promise<void> {
    const runtime = this.current;
    const starter = await this.pendingStarter;
    if (!runtime || !starter || this.starter.kind !== 'changed') return;
    this.starter = { ...this.starter, busy: true };
    this.host.requestUpdate();
    const result = await runtime.registry.callTool(
      'workspace.reset',
      { expectedRevision: runtime.workspace.getSnapshot().revision },
      { context: { source: 'local', mode: 'direct' } },
    );
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
    this.configKey = JSON.stringify(recipe.config);
    this.starter = { kind: 'none' };
    const { seed, starter } = this.loadStarter(recipe);
    this.pendingStarter = starter;
    const runtime = createStudioRuntime({
      surface: recipe.surface,
      databaseName: recipe.databaseName,
      storage: recipe.storage,
      config: recipe.config,
      ...(seed ? { seed } : {}),
    });
    this.owned = true;
    this.provide(runtime);
    void this.compareStarter(runtime, recipe, starter);
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
    if (this.owned) this.current?.dispose();
    this.owned = false;
  }
}

const withHash = async (files: readonly WorkspaceSeedFile[]): Promise<Starter> => ({
  files,
  hash: await hashStarterFiles(files),
});

/** What a runtime is built around: changing any of these needs a new one. */
const keyOf = (recipe: RuntimeRecipe) =>
  JSON.stringify([recipe.databaseName, recipe.storage, recipe.surface, recipe.src]);
