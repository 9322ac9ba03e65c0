/**
 * The runtime's capability table: elements provide live services (the preview host, say) while
 * they are connected; the registry resolves them per run.
 */
import type { ToolCapability, ToolCapabilityResolver } from '../protocol/capability.js';

/**
 * Live services by capability: elements provide values while connected, and the registry resolves
 * them per run; the latest provider wins.
 */
export interface CapabilityTable {
  /** Provides `value` for `capability` until the returned function is called. */
  provide<T>(capability: ToolCapability<T>, value: T): () => void;
  resolve: ToolCapabilityResolver;
}

/** Creates an empty capability table. */
export function createCapabilityTable(): CapabilityTable {
  const providers = new Map<string, unknown[]>();
  return {
    provide(capability, value) {
      const stack = providers.get(capability.id) ?? [];
      stack.push(value);
      providers.set(capability.id, stack);
      return () => {
        const index = stack.lastIndexOf(value);
        if (index >= 0) stack.splice(index, 1);
      };
    },
    // The most recently connected provider wins, so a second preview takes over from the first.
    resolve: <T>(capability: ToolCapability<T>) =>
      providers.get(capability.id)?.at(-1) as T | undefined,
  };
}
