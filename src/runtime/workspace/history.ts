/**
 * Bounded undo/redo history (W1, W6): the latest 100 checkpoints. Entries share file objects
 * with the live state (files are immutable), so a checkpoint costs one map, not a copy.
 */
import { WORKSPACE_HISTORY_LIMIT } from './codes.js';
import type { WorkspaceFile } from './types.js';

export interface HistoryEntry {
  files: ReadonlyMap<string, WorkspaceFile>;
  activePath: string | null;
  origins: ReadonlyMap<string, string>;
  /** The step that led away from this entry changed the file set. */
  structural: boolean;
}

export interface WorkspaceHistory {
  readonly canUndo: boolean;
  readonly canRedo: boolean;
  readonly size: number;
  /** The entry `undo`/`redo` would restore, without moving. */
  peek(direction: 'undo' | 'redo'): HistoryEntry | undefined;
  /** Records the state before a new edit; clears redo. */
  record(entry: HistoryEntry): void;
  /** Pops the previous entry, pushing `current` for redo. */
  undo(current: HistoryEntry): HistoryEntry | undefined;
  redo(current: HistoryEntry): HistoryEntry | undefined;
  clear(): void;
}

export function createWorkspaceHistory(limit = WORKSPACE_HISTORY_LIMIT): WorkspaceHistory {
  const past: HistoryEntry[] = [];
  let future: HistoryEntry[] = [];
  const push = (stack: HistoryEntry[], entry: HistoryEntry) => {
    stack.push(entry);
    if (stack.length > limit) stack.shift();
  };
  return {
    get canUndo() {
      return past.length > 0;
    },
    get canRedo() {
      return future.length > 0;
    },
    get size() {
      return past.length;
    },
    peek: (direction) => (direction === 'undo' ? past.at(-1) : future.at(-1)),
    record(entry) {
      push(past, entry);
      future = [];
    },
    undo(current) {
      const entry = past.pop();
      if (entry) push(future, { ...current, structural: entry.structural });
      return entry;
    },
    redo(current) {
      const entry = future.pop();
      if (entry) push(past, { ...current, structural: entry.structural });
      return entry;
    },
    clear() {
      past.length = 0;
      future = [];
    },
  };
}
