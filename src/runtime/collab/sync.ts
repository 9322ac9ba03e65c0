/**
 * Keeps a tab's workspace and a shared Yjs document equal, without a second write path:
 *
 * - A local revision (a tool call that went through registry, policy and approval) is written to
 *   the document as one update.
 * - The document's remote updates reach the workspace as one revision each (`restoreFiles`, so
 *   they stay undoable here), with a trace row that says `source: 'remote'`, who and which Yjs
 *   clients.
 *
 * A `mirror` document holds exactly what this workspace last agreed with. Local changes are made
 * against the mirror and the resulting update is merged into the shared document, so they merge
 * with remote edits made meanwhile character by character instead of overwriting them.
 */
import * as Y from 'yjs';
import type { TraceStore } from '../trace/trace-store.js';
import type { WorkspaceDocumentManager } from '../workspace/manager-types.js';
import type { RestoreEntry } from '../workspace/restore-files.js';
import {
  changesBetween,
  sameFile,
  sharedFiles,
  workspaceFileOf,
  workspaceFiles,
  type CollabFiles,
} from './files.js';
import { observeWorkspaceDoc } from './changes.js';
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

  const schedule = () => {
    if (stopped || queued) return running;
    queued = true;
    running = running.then(async () => {
      queued = false;
      if (!stopped) await pass();
    });
    return running;
  };

  /** Local changes since the mirror into the shared document, through the mirror. */
  const sendLocal = (local: CollabFiles) => {
    const changes = changesBetween(sharedFiles(readWorkspaceDoc(mirror)), local);
    if (changes.length === 0) return;
    const before = Y.encodeStateVector(mirror);
    const outcome = applyWorkspaceChanges(mirror, changes);
    // The mirror holds what the workspace showed, so a refusal means a path two files claim:
    // write the rest one by one rather than lose them.
    if (!outcome.ok) for (const change of changes) applyWorkspaceChanges(mirror, [change]);
    const update = Y.encodeStateAsUpdate(mirror, before);
    Y.applyUpdate(doc, update, LOCAL);
  };

  /** The shared document's files into the workspace as one revision, traced. */
  const receive = async (local: CollabFiles): Promise<boolean> => {
    const missing = Y.encodeStateAsUpdate(doc, Y.encodeStateVector(mirror));
    const shared = sharedFiles(readWorkspaceDoc(doc));
    const current = new Map(workspace.getSnapshot().files.map((file) => [file.path, file]));
    const entries: RestoreEntry[] = [];
    for (const path of new Set([...local.keys(), ...shared.keys()])) {
      const file = shared.get(path);
      if (sameFile(local.get(path), file)) continue;
      entries.push({
        path,
        expected: current.get(path) ?? null,
        restore: file ? workspaceFileOf(file) : null,
      });
    }
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
      stopObserving();
      stopSubscription();
      mirror.destroy();
    },
  };
}
