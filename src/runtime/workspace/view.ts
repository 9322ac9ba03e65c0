/**
 * The workspace as a page sees it: snapshots, status, single-file reads and change
 * notifications, and nothing that writes. Every change goes through a `workspace.*` tool call,
 * so it passes the policy gate and shows in the trace; only the tool factories hold the
 * mutating manager.
 */
import type { Outcome } from '../protocol/errors.js';
import type { WorkspaceDocumentManager, WorkspaceStatus } from './manager-types.js';
import type { WorkspaceFile, WorkspaceSource } from './types.js';

/**
 * The read-only face of a workspace that pages get: snapshots, status and file reads, nothing that
 * writes.
 */
export interface WorkspaceView extends WorkspaceSource {
  /** Resolves when the workspace has hydrated. */
  readonly ready: Promise<void>;
  getStatus(): WorkspaceStatus;
  /** Looks one file up by any spelling of its path. */
  getFile(path: string): Outcome<WorkspaceFile>;
}

/** A frozen object of read methods only: no cast reaches the manager through it. */
export function createWorkspaceView(manager: WorkspaceDocumentManager): WorkspaceView {
  return Object.freeze({
    ready: manager.ready,
    getSnapshot: () => manager.getSnapshot(),
    provisionalSnapshot: () => manager.provisionalSnapshot?.(),
    getStatus: () => manager.getStatus(),
    getFile: (path: string) => manager.getFile(path),
    subscribe: (listener: () => void) => manager.subscribe(listener),
  });
}
