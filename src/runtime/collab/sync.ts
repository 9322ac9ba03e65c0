/**
 * Keeps a tab's workspace and a shared Yjs document equal, without a second write path:
 *
 * - A local revision (a tool call that went through registry, policy and approval) is written to
 *   the document as one update.
 * - The document's remote updates reach the workspace as one revision each (`restoreFiles`),
 *   with a trace row that says `source: 'remote'`, who and which Yjs clients.
 *
 * A `mirror` document holds exactly what this workspace last agreed with. Local changes are made
 * against the mirror and the resulting update is merged into the shared document, so they merge
 * with remote edits made meanwhile character by character instead of overwriting them.
 *
 * While the sync runs, the workspace's undo and redo step through this tab's own changes only
 * (`own-history.ts`); a step is one revision here and one update, so one remote revision, there.
 */
import * as Y from 'yjs';
import type { TraceStore } from '../trace/trace-store.js';
import { WORKSPACE_ERROR_CODES as CODES, workspaceError } from '../workspace/codes.js';
import type {
  SharedHistoryStep,
  WorkspaceDocumentManager,
  WorkspaceResult,
} from '../workspace/manager-types.js';
import type { RestoreEntry } from '../workspace/restore-files.js';
import type { WorkspaceFile } from '../workspace/types.js';
import {
  changesBetween,
  sameFile,
  sharedFiles,
  workspaceFileOf,
  workspaceFiles,
  type CollabFiles,
} from './files.js';
import { observeWorkspaceDoc } from './changes.js';
import { createOwnHistory, OWN, plannedStep } from './own-history.js';
import { readWorkspaceDoc } from './read.js';
import { applyWorkspaceChanges } from './write.js';

/** Who a Yjs client id belongs to, from presence. */
export interface CollabAuthor {
  clientId: number;
  name?: string;
}

/** What `syncWorkspaceDoc` connects. */
export interface WorkspaceDocSyncOptions {
  doc: Y.Doc;
  workspace: WorkspaceDocumentManager;
  trace: TraceStore;
  /** The name presence gives a client id, if any. */
  nameOf?: (clientId: number) => string | undefined;
  /**
   * `adopt` (the room already has files): the workspace becomes the room's files. `share` (the
   * room is empty): the workspace's files become the room's. Decided by the caller once the
   * provider has synced.
   */
  start: 'adopt' | 'share';
}

/** A running sync: `idle()` resolves once both sides agree; `stop()` ends it. */
export interface WorkspaceDocSync {
  idle(): Promise<void>;
  stop(): void;
}

/** The transaction origin of this tab's own writes into the shared document. */
const LOCAL = Symbol('collab-local');

/** Why there is no undo or redo: none of this tab's own changes left to step through. */
const empty = (direction: 'undo' | 'redo') =>
  workspaceError(CODES.WORKSPACE_HISTORY_EMPTY, `Nothing of yours to ${direction}.`, {
    operation: direction,
  });

/** Starts keeping `workspace` and `doc` equal. */
export function syncWorkspaceDoc(options: WorkspaceDocSyncOptions): WorkspaceDocSync {
  const { doc, workspace, trace } = options;
  const mirror = new Y.Doc();
  // This tab writes to the shared document only through the mirror, so the mirror takes the
  // document's client id (the one presence names, which other tabs read as the author of these
  // changes) and the document, which writes nothing itself, takes another: Yjs would take this
  // tab's own id arriving in the document as another client's and change it.
  mirror.clientID = doc.clientID;
  doc.clientID = globalThis.crypto.getRandomValues(new Uint32Array(1))[0]!;
  let stopped = false;
  // Adopting a room, its files so far are the first remote change: by every client that wrote.
  let authors = new Set<number>(
    options.start === 'adopt' ? Y.decodeStateVector(Y.encodeStateVector(doc)).keys() : [],
  );
  let running: Promise<void> = Promise.resolve();
  let queued = false;
  let adopting = options.start === 'adopt';
  // The files this tab shares with an empty room start the room: they are no change to undo.
  let sharing = options.start === 'share';
  const own = createOwnHistory(mirror);

  /** Runs `job` after every pass and step queued before it. */
  const enqueue = (job: () => Promise<void>) => {
    running = running.then(job);
    return running;
  };

  const schedule = () => {
    if (stopped || queued) return running;
    queued = true;
    return enqueue(async () => {
      queued = false;
      if (!stopped) await pass();
    });
  };

  /** What the mirror gained since `before` into the shared document, as one update. */
  const share = (before: Uint8Array) =>
    Y.applyUpdate(doc, Y.encodeStateAsUpdate(mirror, before), LOCAL);

  /** Local changes since the mirror into the shared document, through the mirror. */
  const sendLocal = (local: CollabFiles) => {
    const changes = changesBetween(sharedFiles(readWorkspaceDoc(mirror)), local);
    const origin = sharing ? null : OWN;
    sharing = false;
    if (changes.length === 0) return;
    const before = Y.encodeStateVector(mirror);
    mirror.transact(() => {
      const outcome = applyWorkspaceChanges(mirror, changes);
      // The mirror holds what the workspace showed, so a refusal means a path two files claim:
      // write the rest one by one rather than lose them.
      if (!outcome.ok) for (const change of changes) applyWorkspaceChanges(mirror, [change]);
    }, origin);
    share(before);
  };

  /** What turns the workspace's `files` (`local` as shared files) into `after`. */
  const entriesTo = (
    files: readonly WorkspaceFile[],
    local: CollabFiles,
    after: CollabFiles,
  ): RestoreEntry[] => {
    const current = new Map(files.map((file) => [file.path, file]));
    const entries: RestoreEntry[] = [];
    for (const path of new Set([...local.keys(), ...after.keys()])) {
      const file = after.get(path);
      if (sameFile(local.get(path), file)) continue;
      entries.push({
        path,
        expected: current.get(path) ?? null,
        restore: file ? workspaceFileOf(file) : null,
      });
    }
    return entries;
  };

  /**
   * One undo or redo of this tab's own changes: what the workspace shows is sent first, so the
   * step is taken on it; the step goes to the room as one update and to the workspace through
   * `step.commit`, in one synchronous turn so no edit lands between them.
   */
  const takeStep = (direction: 'undo' | 'redo', step: SharedHistoryStep): WorkspaceResult =>
    new Promise((resolve) => {
      void enqueue(async () => {
        for (;;) {
          const files = workspace.getSnapshot().files;
          const local = await workspaceFiles(files);
          if (stopped) return resolve({ ok: false, error: empty(direction) });
          // An edit landed while its assets were read: read again.
          if (workspace.getSnapshot().files !== files) continue;
          const refused = step.refusal();
          if (refused) return resolve({ ok: false, error: refused });
          sendLocal(local);
          const before = Y.encodeStateVector(mirror);
          if (!own[direction]()) return resolve({ ok: false, error: empty(direction) });
          share(before);
          const after = sharedFiles(readWorkspaceDoc(mirror));
          return resolve(step.commit(entriesTo(files, local, after)));
        }
      });
    });

  /** The shared document's files into the workspace as one revision, traced. */
  const receive = async (local: CollabFiles): Promise<boolean> => {
    const missing = Y.encodeStateAsUpdate(doc, Y.encodeStateVector(mirror));
    const entries = entriesTo(
      workspace.getSnapshot().files,
      local,
      sharedFiles(readWorkspaceDoc(doc)),
    );
    const who = [...authors].map((clientId): CollabAuthor => {
      const name = options.nameOf?.(clientId);
      return name === undefined ? { clientId } : { clientId, name };
    });
    if (entries.length === 0) {
      Y.applyUpdate(mirror, missing);
      authors = new Set();
      return true;
    }
    const end = trace.begin({
      method: 'collab/remote',
      name: 'collab.remoteChange',
      title: 'Remote change',
      source: 'remote',
      mode: 'collab',
      details: { authors: who, paths: entries.map((entry) => entry.path) },
    });
    const result = await workspace.restoreFiles(entries);
    if (!result.ok) {
      // A local edit landed meanwhile: the next pass sends it and tries again.
      end({ status: 'failed', error: result.error });
      return false;
    }
    Y.applyUpdate(mirror, missing);
    authors = new Set();
    const names = who.map((author) => author.name ?? `client ${author.clientId}`);
    end({
      status: 'completed',
      summary: `${entries.length} file${entries.length === 1 ? '' : 's'} from ${names.join(', ') || 'the room'} · revision ${result.value.revision}`,
      details: {
        authors: who,
        paths: entries.map((entry) => entry.path),
        revision: result.value.revision,
      },
    });
    return true;
  };

  const pass = async (): Promise<void> => {
    await workspace.ready;
    const local = await workspaceFiles(workspace.getSnapshot().files);
    if (stopped) return;
    if (adopting) adopting = false;
    else sendLocal(local);
    if (!(await receive(local)) && !stopped) void schedule();
  };

  const stopObserving = observeWorkspaceDoc(doc, (batch) => {
    if (batch.origin === LOCAL) return;
    for (const author of batch.authors) if (author !== mirror.clientID) authors.add(author);
    void schedule();
  });
  let files = workspace.getSnapshot().files;
  const stopSubscription = workspace.subscribe(() => {
    const next = workspace.getSnapshot().files;
    if (next === files) return;
    files = next;
    void schedule();
  });
  const notify = new Set<() => void>();
  const changed = () => notify.forEach((listener) => listener());
  const events = ['stack-item-added', 'stack-item-popped', 'stack-cleared'] as const;
  for (const event of events) own.on(event, changed);
  const unshare = workspace.shareHistory({
    canUndo: () => own.canUndo(),
    canRedo: () => own.canRedo(),
    plan(direction) {
      const after = plannedStep(own, direction);
      if (!after) return { ok: false, error: empty(direction) };
      // A file the step leaves as it is stays the workspace's own (an asset, the same Blob).
      const now = sharedFiles(readWorkspaceDoc(mirror));
      const shown = new Map(workspace.getSnapshot().files.map((file) => [file.path, file]));
      return {
        ok: true,
        value: [...after.values()].map((file) => {
          const kept = shown.get(file.path);
          return kept && sameFile(now.get(file.path), file) ? kept : workspaceFileOf(file);
        }),
      };
    },
    step: takeStep,
    subscribe(listener) {
      notify.add(listener);
      return () => notify.delete(listener);
    },
  });
  void schedule();

  return {
    idle: async () => {
      let seen: Promise<void> | undefined;
      while (seen !== running) {
        seen = running;
        await running;
      }
    },
    stop() {
      stopped = true;
      unshare();
      stopObserving();
      stopSubscription();
      mirror.destroy();
    },
  };
}
