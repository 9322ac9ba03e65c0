/**
 * Unsaved editor drafts, flushed at tool boundaries: an agent run first flushes every draft
 * through the registry so the agent reads exactly what the person sees, and workspace search
 * overlays the drafts still inside the debounce window (W10).
 */
export interface EditorDraft {
  /** Writes the draft through the registry; resolves when it is written (or refused). */
  flush(): Promise<void>;
  /** The unsaved texts by path (an editor may hold several, e.g. one over the size limit). */
  current(): ReadonlyMap<string, string>;
}

/**
 * Every open editor's unsaved draft, so a tool boundary can flush them all and search can read
 * them.
 */
export interface DraftRegistry {
  /** Registers an editor's draft until the returned function is called. */
  register(draft: EditorDraft): () => void;
  flushAll(): Promise<void>;
  /** Every unsaved draft by path. */
  current(): ReadonlyMap<string, string>;
}

/** Creates an empty draft registry. */
export function createDraftRegistry(): DraftRegistry {
  const drafts = new Set<EditorDraft>();
  return {
    register(draft) {
      drafts.add(draft);
      return () => drafts.delete(draft);
    },
    async flushAll() {
      await Promise.all([...drafts].map((draft) => draft.flush()));
    },
    current() {
      const texts = new Map<string, string>();
      for (const draft of drafts) {
        for (const [path, text] of draft.current()) texts.set(path, text);
      }
      return texts;
    },
  };
}
