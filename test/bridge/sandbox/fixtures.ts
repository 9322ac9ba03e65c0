/** A small real workspace source for preview tests: files by path, a revision per change. */
import { failure, toolError, type Outcome } from '../../../src/runtime/protocol/errors.js';
import type { PreviewWorkspacePort } from '../../../src/runtime/preview/tools.js';
import type { WorkspaceFile, WorkspaceSnapshot } from '../../../src/runtime/workspace/types.js';

export interface TestWorkspace extends PreviewWorkspacePort {
  /** Replaces or adds text files (and removes paths mapped to null); returns the new revision. */
  write(files: Record<string, string | null>): number;
  writeAsset(path: string, bytes: Uint8Array<ArrayBuffer>, mimeType: string): number;
}

export function text(path: string, source: string): WorkspaceFile {
  return { path, kind: 'text', text: source };
}

export function createTestWorkspace(initial: Record<string, string>, revision = 1): TestWorkspace {
  let snapshot: WorkspaceSnapshot = {
    revision,
    activePath: null,
    files: Object.entries(initial).map(([path, source]) => text(path, source)),
    dirtyPaths: [],
    deletedPaths: [],
    storageMode: 'memory',
  };
  const listeners = new Set<() => void>();
  const commit = (files: WorkspaceFile[]) => {
    snapshot = {
      ...snapshot,
      revision: snapshot.revision + 1,
      files: files.sort((a, b) => a.path.localeCompare(b.path)),
    };
    for (const listener of [...listeners]) listener();
    return snapshot.revision;
  };
  return {
    getSnapshot: () => snapshot,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    write(changes) {
      const files = snapshot.files.filter((file) => !(file.path in changes));
      for (const [path, source] of Object.entries(changes)) {
        if (source !== null) files.push(text(path, source));
      }
      return commit(files);
    },
    async writeFile(path, source, { expectedRevision }): Promise<Outcome<WorkspaceSnapshot>> {
      if (expectedRevision !== undefined && expectedRevision !== snapshot.revision) {
        return failure(
          toolError('WORKSPACE_REVISION_CONFLICT', 'The workspace changed; read it again.', true, {
            expectedRevision,
            currentRevision: snapshot.revision,
          }),
        );
      }
      this.write({ [path]: source });
      return { ok: true, value: snapshot };
    },
    writeAsset(path, bytes, mimeType) {
      const files = snapshot.files.filter((file) => file.path !== path);
      files.push({ path, kind: 'asset', blob: new Blob([bytes], { type: mimeType }), mimeType });
      return commit(files);
    },
  };
}

/** A 1×1 PNG. */
export const PIXEL_PNG = Uint8Array.from(
  atob(
    'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  ),
  (char) => char.charCodeAt(0),
);
