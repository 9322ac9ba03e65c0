/**
 * Hydration (W8): the state a stored record describes, repaired. A stale active path falls back
 * to the preview entry; origins and deletion markers that no longer match the files are dropped.
 */
import { PathMap } from './path-map.js';
import type { WorkspaceRecord } from './repository.js';
import type { WorkspaceSeedFile } from './seed.js';
import * as derive from './state.js';
import type { WorkspaceState } from './state.js';
import type { WorkspaceFile } from './types.js';

export function seedState(seed: readonly WorkspaceSeedFile[]): WorkspaceState {
  const files = derive.filesFrom(
    seed.map(({ path, text }) => ({ path, kind: 'text' as const, text })),
  );
  return {
    revision: 1,
    files,
    checkpoint: files,
    activePath: derive.repairActivePath(files, null),
    origins: new Map(),
  };
}

/** The state of `record`, and whether any repair changed what the record says. */
export function stateFromRecord(record: WorkspaceRecord): {
  state: WorkspaceState;
  repaired: boolean;
} {
  const { metadata } = record;
  const stored = derive.filesFrom(record.files);
  const checkpoint = new Map<string, WorkspaceFile>();
  for (const entry of record.checkpoint) {
    const saved = entry.kind === 'same-as-file' ? stored.get(entry.path) : entry;
    if (saved) checkpoint.set(entry.path, saved);
  }
  // Clean files share the checkpoint's object, so dirty checks compare references, not text.
  const files = derive.filesFrom(
    record.files.map((file) => {
      const saved = checkpoint.get(file.path);
      return saved && derive.sameContent(saved, file) ? saved : file;
    }),
  );
  const origins = derive.repairOrigins(files, checkpoint, new Map(metadata.origins));
  const activePath = derive.repairActivePath(files, metadata.activePath);
  const state = {
    revision: metadata.revision,
    files,
    activePath,
    checkpoint: PathMap.of(checkpoint),
    origins,
  };
  const repaired =
    activePath !== metadata.activePath ||
    origins.size !== metadata.origins.length ||
    derive.deletedPaths(state).join('\n') !== metadata.deletedPaths.join('\n');
  return { state, repaired };
}
