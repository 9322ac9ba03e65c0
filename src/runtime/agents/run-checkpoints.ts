/**
 * Each agent run is a checkpoint: the files as they were when the run started, and as the run left
 * them, for every file it changed. "Restore to before this run" puts those back in one step while
 * the files are still as the run left them (see `agent.restoreRun`). Kept for the runtime's life,
 * the last `max` runs that changed something.
 */
import type { RestoreEntry } from '../workspace/restore-files.js';
import type { WorkspaceFile } from '../workspace/types.js';

/** One run that changed files: what to put back to restore the workspace to before it. */
export interface RunCheckpoint {
  /** The run's session id, as in the trace and the transcript. */
  sessionId: string;
  prompt: string;
  /** Each changed file: as the run left it (`expected`) and as it was before (`restore`). */
  files: readonly RestoreEntry[];
  /** Set once the run was restored; a restored run is not restored twice. */
  restored: boolean;
}

/** The runs a person may restore, with change notifications. */
export interface RunCheckpointStore {
  getSnapshot(): readonly RunCheckpoint[];
  subscribe(listener: () => void): () => void;
  get(sessionId: string): RunCheckpoint | undefined;
  /** Marks a run restored (after its restore call succeeded). */
  markRestored(sessionId: string): void;
}

/** What the agent runner calls around each run. */
export interface RunCheckpointRecorder {
  begin(sessionId: string): void;
  end(sessionId: string, prompt: string): void;
}

/** The files a checkpoint reads: the workspace's current snapshot. */
export interface CheckpointSource {
  getSnapshot(): { files: readonly WorkspaceFile[] };
}

const byPath = (files: readonly WorkspaceFile[]) =>
  new Map(files.map((file) => [file.path, file] as const));

/** Records a checkpoint per run of `workspace`, keeping the last `max` (default 20). */
export function createRunCheckpoints(
  workspace: CheckpointSource,
  max = 20,
): RunCheckpointStore & RunCheckpointRecorder {
  const started = new Map<string, Map<string, WorkspaceFile>>();
  const listeners = new Set<() => void>();
  let snapshot: readonly RunCheckpoint[] = Object.freeze([]);
  const publish = (next: readonly RunCheckpoint[]) => {
    snapshot = Object.freeze(next.slice(-max));
    for (const listener of [...listeners]) listener();
  };
  return {
    begin(sessionId) {
      started.set(sessionId, byPath(workspace.getSnapshot().files));
    },
    end(sessionId, prompt) {
      const before = started.get(sessionId);
      started.delete(sessionId);
      if (!before) return;
      const after = byPath(workspace.getSnapshot().files);
      // Unchanged files keep their object from one revision to the next.
      const files = [...new Set([...before.keys(), ...after.keys()])]
        .filter((path) => before.get(path) !== after.get(path))
        .sort()
        .map((path) => ({
          path,
          expected: after.get(path) ?? null,
          restore: before.get(path) ?? null,
        }));
      if (files.length) publish([...snapshot, { sessionId, prompt, files, restored: false }]);
    },
    getSnapshot: () => snapshot,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    get: (sessionId) => snapshot.find((checkpoint) => checkpoint.sessionId === sessionId),
    markRestored(sessionId) {
      publish(
        snapshot.map((checkpoint) =>
          checkpoint.sessionId === sessionId ? { ...checkpoint, restored: true } : checkpoint,
        ),
      );
    },
  };
}
