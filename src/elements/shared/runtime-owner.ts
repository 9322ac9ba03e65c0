import { ContextProvider } from '@lit/context';
import type { ReactiveController, ReactiveElement } from 'lit';
import { property } from 'lit/decorators.js';
import { surfaceSeed } from '../../runtime/surfaces/index.js';
import {
  seededSnapshot,
  type WorkspaceRepository,
  type WorkspaceSnapshot,
} from '../../runtime/workspace/index.js';
import type { StudioRuntime } from '../../composition/studio-runtime.js';
import { openWorkspaceEarly } from '../../composition/workspace-repository.js';
import { loadedStudio, loadStudio, type StudioModule } from './load-studio.js';
import { runtimeContext, runtimeLoadingContext, type RuntimeLoading } from './runtime-context.js';
import { runtimeOwnerContext, runtimeOwners, type RuntimeOwnerEntry } from './runtime-owners.js';
import { blueprintKey, type RuntimeBlueprint } from './runtime-blueprint.js';
import type { StarterNoticeController } from './starter-notice-controller.js';
import { measureSince } from './timing.js';

/** Detail of `ca-runtime-change`: the runtime the element now provides (none once disposed). */
export interface RuntimeChangeDetail {
  runtime: StudioRuntime | undefined;
}

/** Each owning element's `RuntimeOwner`, for the `runtime` property `ownedRuntimeProperty` makes. */
const owners = new WeakMap<ReactiveElement, RuntimeOwner>();

/**
 * Declares the `runtime` property of an element that owns its runtime (`<ca-runtime>`,
 * `<ca-studio>`), the same for both: it reads the runtime the element's `RuntimeOwner`
 * provides; a runtime set from code is provided instead (see `adopt`); `undefined` changes
 * nothing.
 */
export function ownedRuntimeProperty() {
  return (proto: ReactiveElement, name: 'runtime'): void => {
    // Lit wraps an accessor already on the prototype, so setting it still requests an update.
    Object.defineProperty(proto, name, {
      get(this: ReactiveElement): StudioRuntime | undefined {
        return owners.get(this)?.value;
      },
      set(this: ReactiveElement, value: StudioRuntime | undefined) {
        if (value) owners.get(this)?.adopt(value);
      },
      configurable: true,
    });
    property({ attribute: false })(proto, name);
  };
}

/**
 * The one place an element owns a runtime built from its attributes (`<ca-runtime>`,
 * `<ca-studio>`): creates it on connect, provides it through context, recreates it when the
 * workspace or storage changes, applies agent, tools and read-only live, and disposes it when
 * the element leaves the document for good. A runtime set by code wins and is never disposed
 * here. Each runtime it creates is seeded from the element's `StarterNoticeController`.
 *
 * The runtime's code is a chunk of its own (`load-studio.ts`). Until it arrives the owner
 * provides `runtimeLoadingContext` instead, with the snapshot the workspace will start as, so
 * the preview renders the starter files while the runtime loads and IndexedDB opens.
 */
export class RuntimeOwner implements ReactiveController, RuntimeOwnerEntry {
  private readonly provider: ContextProvider<typeof runtimeContext, ReactiveElement>;
  private readonly loadingProvider: ContextProvider<typeof runtimeLoadingContext, ReactiveElement>;
  private current?: StudioRuntime;
  private owned = false;
  private key = '';
  private configKey = '';
  /** Set while the runtime's code loads: settles once the runtime exists (or the load failed). */
  private pending?: Promise<void>;
  /** Bumped whenever a runtime on its way is no longer wanted (recreated, adopted, disposed). */
  private generation = 0;

  constructor(
    private readonly host: ReactiveElement,
    private readonly blueprint: () => RuntimeBlueprint,
    private readonly starter: StarterNoticeController,
  ) {
    this.provider = new ContextProvider(host, { context: runtimeContext });
    this.loadingProvider = new ContextProvider(host, { context: runtimeLoadingContext });
    new ContextProvider(host, { context: runtimeOwnerContext, initialValue: this });
    host.addController(this);
    owners.set(host, this);
  }

  get value(): StudioRuntime | undefined {
    return this.current;
  }

  get element(): Element {
    return this.host;
  }

  get loading(): RuntimeLoading | undefined {
    return this.loadingProvider.value;
  }

  /**
   * The host's `updateComplete`, also waiting for the runtime on its way (until it exists or its
   * load failed), so `await element.updateComplete` (and `fixture()`) hands over a runtime.
   */
  async updateComplete(hostUpdate: () => Promise<boolean>): Promise<boolean> {
    const done = await hostUpdate();
    if (!this.pending) return done;
    while (this.pending) await this.pending;
    return hostUpdate();
  }

  /** A runtime from code replaces the owned one, which is disposed. */
  adopt(runtime: StudioRuntime): void {
    if (runtime === this.current) return;
    this.disposeOwned();
    this.owned = false;
    this.provide(runtime);
  }

  hostConnected(): void {
    runtimeOwners.announce(this);
    if (!this.current && !this.pending) this.create();
  }

  hostDisconnected(): void {
    runtimeOwners.withdraw(this);
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
    const blueprint = this.blueprint();
    if (blueprintKey(blueprint) !== this.key) {
      this.disposeOwned();
      this.create();
      return;
    }
    // A runtime still loading takes the configuration current when it arrives; meanwhile the
    // offer carries `readonly` to what is shown before it.
    const configKey = JSON.stringify(blueprint.config);
    const offer = this.loadingProvider.value;
    if (offer?.provisionalSnapshot && offer.readOnly !== blueprint.config.readOnly) {
      this.loadingProvider.setValue({ ...offer, readOnly: blueprint.config.readOnly });
      runtimeOwners.announce(this);
    }
    if (!this.current || configKey === this.configKey) return;
    this.configKey = configKey;
    this.current.config.set(blueprint.config);
  }

  private create(): void {
    const blueprint = this.blueprint();
    this.key = blueprintKey(blueprint);
    this.owned = true;
    const generation = ++this.generation;
    const seed = this.starter.seedFor(blueprint);
    // Loaded once per page: a second runtime (recreated, another element) starts at once.
    const loaded = loadedStudio();
    // Otherwise IndexedDB opens while the runtime's code loads, not after it.
    const early =
      !loaded && blueprint.storage === 'indexeddb'
        ? openWorkspaceEarly(blueprint.databaseName)
        : null;
    const start = (studio: StudioModule, repository: WorkspaceRepository | null) => {
      if (generation !== this.generation) return repository?.close();
      this.setLoading(undefined);
      const { config } = this.blueprint();
      this.configKey = JSON.stringify(config);
      const begun = performance.now();
      const runtime = studio.createStudioRuntime({
        surface: blueprint.surface,
        databaseName: blueprint.databaseName,
        storage: blueprint.storage,
        config,
        ...(seed ? { seed } : {}),
        ...(repository ? { workspaceRepository: repository } : {}),
        ...(blueprint.collab ? { collab: blueprint.collab } : {}),
      });
      measureSince('runtime creation', begun);
      void runtime.ready.then(() => measureSince('hydration', begun)).catch(() => undefined);
      this.provide(runtime);
      void this.starter.started(runtime);
    };
    if (loaded) return start(loaded, null);
    // A repository whose chunk failed to load is left to the runtime, which opens its own.
    const repository = early?.repository.catch(() => null) ?? null;
    const seedFiles =
      seed instanceof Promise ? undefined : (seed ?? surfaceSeed(blueprint.surface));
    this.setLoading(
      Promise.all([loadStudio(), repository]).then(
        ([studio, opened]) => start(studio, opened),
        (error: unknown) => {
          void repository?.then((opened) => opened?.close());
          if (generation !== this.generation) return;
          this.setLoading(undefined);
          console.error('The studio runtime failed to load.', error);
        },
      ),
      seedFiles && seededSnapshot(seedFiles, blueprint.storage),
      // Memory storage never holds anything before hydration; a new database neither.
      blueprint.storage === 'memory' ? Promise.resolve(true) : early?.fresh,
    );
  }

  private setLoading(
    loading: Promise<void> | undefined,
    provisional?: WorkspaceSnapshot,
    fresh?: Promise<boolean>,
  ): void {
    this.pending = loading;
    const offer: RuntimeLoading | undefined = loading
      ? provisional
        ? {
            provisionalSnapshot: provisional,
            ...(fresh ? { fresh } : {}),
            readOnly: this.blueprint().config.readOnly,
          }
        : {}
      : undefined;
    this.loadingProvider.setValue(offer);
    this.host.requestUpdate();
    if (this.host.isConnected) runtimeOwners.announce(this);
  }

  private provide(runtime: StudioRuntime | undefined): void {
    const old = this.current;
    this.current = runtime;
    this.provider.setValue(runtime);
    this.host.requestUpdate();
    if (old === runtime) return;
    if (this.host.isConnected) runtimeOwners.announce(this);
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
    this.starter.clear();
    this.generation++;
    if (this.pending) this.setLoading(undefined);
  }
}
