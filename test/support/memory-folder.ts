/**
 * A writable linked folder kept in memory, for tests that need a folder without a disk: it
 * counts writes per path and can lose the acknowledgement of a write that landed, the
 * ambiguity an unknown save is about.
 */
import type { WorkspaceFolder } from '../../src/runtime/workspace/folder-port.js';

export interface MemoryFolder extends WorkspaceFolder {
  readonly files: Map<string, string>;
  /** Completed writes per path. */
  readonly writes: Map<string, number>;
  /** While true, a write lands but reports `WORKSPACE_SIDE_EFFECT_UNKNOWN`. */
  loseAcknowledgements: boolean;
  /** Called after each landed write: another program changing the folder, say. */
  afterWrite?: (path: string) => void;
  /** While set, a landed write is acknowledged only once this settles. */
  acknowledgeAfter?: Promise<void>;
}

export function memoryFolder(name: string, files: Record<string, string>): MemoryFolder {
  const folder: MemoryFolder = {
    name,
    kind: 'file-system-access',
    writable: true,
    files: new Map(Object.entries(files)),
    writes: new Map(),
    loseAcknowledgements: false,
    queryPermission: async () => 'granted',
    requestPermission: async () => 'granted',
    read: async () => ({
      ok: true,
      value: {
        files: [...folder.files].map(([path, text]) => ({ path, kind: 'text' as const, text })),
        skipped: [],
        skippedCount: 0,
        limit: null,
        scannedEntries: folder.files.size,
        binaryText: [],
      },
    }),
    async writeFile(file) {
      if (file.kind !== 'text') return { ok: true, value: undefined };
      folder.files.set(file.path, file.text);
      folder.writes.set(file.path, (folder.writes.get(file.path) ?? 0) + 1);
      folder.afterWrite?.(file.path);
      await folder.acknowledgeAfter;
      return folder.loseAcknowledgements
        ? {
            ok: false,
            error: { code: 'WORKSPACE_SIDE_EFFECT_UNKNOWN', message: 'lost', retryable: false },
          }
        : { ok: true, value: undefined };
    },
    async deleteFile(path) {
      folder.files.delete(path);
      return { ok: true, value: undefined };
    },
  };
  return folder;
}
