import { createContext } from '@lit/context';
import type { ElementRuntime, RuntimeLoading } from './runtime-context.js';

/** What an element that owns a runtime (`<ca-runtime>`, `<ca-studio>`) tells the elements it links. */
export interface RuntimeOwnerEntry {
  readonly element: Element;
  /** The runtime it provides now, if any. */
  readonly value: ElementRuntime | undefined;
  /** While its runtime's code loads: what it offers meanwhile. */
  readonly loading: RuntimeLoading | undefined;
}

type Listener = (changed: RuntimeOwnerEntry) => void;

interface OwnerRegistry {
  owners: Set<RuntimeOwnerEntry>;
  listeners: Set<Listener>;
}

// One registry per page, made from a registered symbol so that two copies of the bundle meet.
const KEY = Symbol.for('context-action.runtime-owners');
const registry: OwnerRegistry = ((globalThis as Record<symbol, OwnerRegistry | undefined>)[KEY] ??=
  { owners: new Set(), listeners: new Set() });

/**
 * The page's registry of connected runtime owners: `runtime="ID"` links are resolved here, once
 * when an owner or a link changes, never by searching the DOM on each render.
 */
export const runtimeOwners = {
  /** An owner joined the page, or what it provides changed. */
  announce(owner: RuntimeOwnerEntry): void {
    registry.owners.add(owner);
    for (const listener of [...registry.listeners]) listener(owner);
  },

  /** An owner left the page. */
  withdraw(owner: RuntimeOwnerEntry): void {
    if (!registry.owners.delete(owner)) return;
    for (const listener of [...registry.listeners]) listener(owner);
  },

  /** Calls `listener` whenever an owner joins, changes or leaves; returns how to stop. */
  watch(listener: Listener): () => void {
    registry.listeners.add(listener);
    return () => registry.listeners.delete(listener);
  },

  /**
   * The owner with this id in `from`'s root node (a shadow root or the document), else in the
   * document, as `getElementById` would find it there.
   */
  find(id: string, from: Element): RuntimeOwnerEntry | undefined {
    const root = from.getRootNode();
    let inDocument: RuntimeOwnerEntry | undefined;
    for (const owner of registry.owners) {
      if (owner.element.id !== id) continue;
      const ownerRoot = owner.element.getRootNode();
      if (ownerRoot === root) return owner;
      if (ownerRoot === from.ownerDocument) inDocument ??= owner;
    }
    return inDocument;
  },
};

/** The owner itself, provided to the elements inside it, for what they read off its element. */
export const runtimeOwnerContext = createContext<RuntimeOwnerEntry | undefined>(
  Symbol.for('context-action.runtime-owner'),
);
