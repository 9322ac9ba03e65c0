import type { ReactiveController, ReactiveControllerHost } from 'lit';

/** Any store with the house shape: a snapshot and change notifications. */
export interface ReadableStore<T> {
  getSnapshot(): T;
  subscribe(listener: () => void): () => void;
}

const views = new WeakMap<object, Map<string, ReadableStore<unknown>>>();

/**
 * `source` seen as a store through its own read and subscribe methods. One view per source and
 * `key`, so a `StoreController` selecting it on every update keeps its subscription until the
 * source itself changes.
 */
export function storeView<S extends object, T>(
  source: S | undefined,
  key: string,
  read: (source: S) => T,
  subscribe: (source: S, listener: () => void) => () => void,
): ReadableStore<T> | undefined {
  if (!source) return undefined;
  let byKey = views.get(source);
  if (!byKey) views.set(source, (byKey = new Map()));
  let view = byKey.get(key) as ReadableStore<T> | undefined;
  if (!view) {
    view = {
      getSnapshot: () => read(source),
      subscribe: (listener) => subscribe(source, listener),
    };
    byKey.set(key, view);
  }
  return view;
}

/**
 * Subscribes its host to a store while connected and re-renders it on change. The store is
 * looked up on every update, so it follows a runtime that arrives late through context.
 */
export class StoreController<T> implements ReactiveController {
  private store?: ReadableStore<T>;
  private unsubscribe?: () => void;
  private connected = false;

  constructor(
    private readonly host: ReactiveControllerHost,
    private readonly select: () => ReadableStore<T> | undefined,
  ) {
    host.addController(this);
  }

  /** The current snapshot, or undefined while there is no store. */
  get value(): T | undefined {
    return this.store?.getSnapshot();
  }

  hostConnected(): void {
    this.connected = true;
    this.follow();
  }

  hostUpdate(): void {
    this.follow();
  }

  hostDisconnected(): void {
    this.connected = false;
    this.unsubscribe?.();
    this.unsubscribe = undefined;
    this.store = undefined;
  }

  private follow(): void {
    const next = this.connected ? this.select() : undefined;
    if (next === this.store) return;
    this.unsubscribe?.();
    this.store = next;
    this.unsubscribe = next?.subscribe(() => this.host.requestUpdate());
  }
}
