/**
 * Unsaved editor drafts, flushed at tool boundaries: an agent run first flushes every draft
 * through the registry so the agent reads exactly what the person sees.
 */
export interface DraftRegistry {
  /** Registers a flush function until the returned function is called. */
  register(flush: () => Promise<void>): () => void;
  flushAll(): Promise<void>;
}

export function createDraftRegistry(): DraftRegistry {
  const flushes = new Set<() => Promise<void>>();
  return {
    register(flush) {
      flushes.add(flush);
      return () => flushes.delete(flush);
    },
    async flushAll() {
      await Promise.all([...flushes].map((flush) => flush()));
    },
  };
}
