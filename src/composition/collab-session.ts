/**
 * A studio in a collaboration room: the Yjs document, the Hocuspocus provider that carries it,
 * presence, and the sync that keeps the workspace and the document equal. A chunk of its own
 * (with `yjs` and `@hocuspocus/provider`), loaded only by a runtime created with `collab`.
 */
import { HocuspocusProvider } from '@hocuspocus/provider';
import { IndexeddbPersistence } from 'y-indexeddb';
import * as Y from 'yjs';
import { filesOf, syncWorkspaceDoc, type WorkspaceDocSync } from '../runtime/collab/index.js';
import type { TraceStore } from '../runtime/trace/index.js';
import type { WorkspaceDocumentManager } from '../runtime/workspace/index.js';
import {
  selectionOf,
  type CollabPeer,
  type CollabPlace,
  type CollabStatusStore,
  type StudioCollabOptions,
} from './collab-status.js';

/** What a session connects: the room's options, this studio's workspace and trace. */
export interface CollabSessionInput {
  options: StudioCollabOptions;
  status: CollabStatusStore;
  workspace: WorkspaceDocumentManager;
  trace: TraceStore;
  /**
   * The IndexedDB database that keeps the room's document in this browser (`y-indexeddb`), so
   * edits made offline survive a reload and merge when the server is back; none in memory mode.
   */
  offlineDatabase?: string;
}

const COLOURS = ['#d6336c', '#1c7ed6', '#2b8a3e', '#e8590c', '#7048e8', '#0c8599', '#c2255c'];

// A colour another client chose is drawn in this page's CSS: a hex colour only, never a value
// such as `url(…)` that would make the page fetch.
const HEX_COLOUR = /^#(?:[0-9a-f]{3}|[0-9a-f]{6})$/i;

/** Presence's fields on one client, as far as they are ours and well formed. */
function peerOf(clientId: number, state: Record<string, unknown>, self: boolean): CollabPeer {
  const user = (state['user'] ?? {}) as { name?: unknown; color?: unknown };
  const activePath = typeof state['activePath'] === 'string' ? state['activePath'] : null;
  // A selection counts only in the file this client has open.
  const place = state['selection'] as { path?: unknown } | null | undefined;
  return {
    clientId,
    name: typeof user.name === 'string' ? user.name.slice(0, 80) : `Guest ${clientId % 1000}`,
    color:
      typeof user.color === 'string' && HEX_COLOUR.test(user.color)
        ? user.color
        : COLOURS[clientId % COLOURS.length]!,
    activePath: activePath?.slice(0, 1024) ?? null,
    selection: activePath !== null && place?.path === activePath ? selectionOf(place) : null,
    self,
  };
}

// A selection is sent at most this often: a drag or held arrow key moves it every frame.
const SELECTION_INTERVAL_MS = 50;

/** `send` at most every 50 ms, the latest place last; `stop` drops one still waiting. */
function publishThrottled(send: (place: CollabPlace | null) => void) {
  let timer: ReturnType<typeof setTimeout> | undefined;
  let latest: CollabPlace | null = null;
  let sentAt = -Infinity;
  const flush = () => {
    timer = undefined;
    sentAt = performance.now();
    send(latest);
  };
  return {
    publish(place: CollabPlace | null) {
      latest = place;
      if (timer) return;
      const wait = sentAt + SELECTION_INTERVAL_MS - performance.now();
      if (wait <= 0) flush();
      else timer = setTimeout(flush, wait);
    },
    stop: () => clearTimeout(timer),
  };
}

/** Joins the room; returns the function that leaves it. */
export function startCollabSession(input: CollabSessionInput): () => void {
  const { options, status, workspace, trace } = input;
  const doc = new Y.Doc();
  let sync: WorkspaceDocSync | undefined;
  let refused = false;
  const local = input.offlineDatabase
    ? new IndexeddbPersistence(input.offlineDatabase, doc)
    : undefined;
  const stored = local ? local.whenSynced.then(() => undefined) : Promise.resolve();
  const begin = (start: 'adopt' | 'share') => {
    if (sync) return;
    sync = syncWorkspaceDoc({
      doc,
      workspace,
      trace,
      nameOf: (clientId) => peers().find((peer) => peer.clientId === clientId)?.name,
      start,
    });
    status.setIdle(async () => {
      await sync?.idle();
      // Online, what this tab sent is with the server once the provider has nothing unsent.
      if (status.getSnapshot().state !== 'connected' || !provider.hasUnsyncedChanges) return;
      await new Promise<void>((resolve) => {
        const settled = () => {
          if (provider.hasUnsyncedChanges) return;
          provider.off('unsyncedChanges', settled);
          resolve();
        };
        provider.on('unsyncedChanges', settled);
      });
    });
  };
  // A room this browser kept offline starts from what it kept, before the server answers.
  void stored.then(() => {
    if (filesOf(doc).size > 0) begin('adopt');
  });
  const provider = new HocuspocusProvider({
    url: options.url,
    name: options.room,
    document: doc,
    token: options.token ?? null,
    // A restarted server is back within seconds: try again at most every 2.5 s (as y-websocket).
    maxDelay: 2500,
    onAuthenticationFailed: ({ reason }) => {
      refused = true;
      const code = /^(COLLAB_[A-Z_]+)/.exec(reason)?.[1] ?? 'COLLAB_UNAUTHORIZED';
      status.set({ state: 'refused', error: { code, message: reason } });
    },
    onStatus: ({ status: socket }) => {
      if (refused) return;
      if (socket === 'disconnected') status.set({ state: 'offline' });
      else if (socket === 'connected' && sync) status.set({ state: 'connected' });
    },
    onSynced: () => {
      // A room that has files wins over this tab's; an empty room gets this tab's files.
      void stored.then(() => begin(filesOf(doc).size > 0 ? 'adopt' : 'share'));
      status.set({ state: 'connected' });
    },
  } as ConstructorParameters<typeof HocuspocusProvider>[0]);

  const awareness = provider.awareness!;
  const peers = (): CollabPeer[] =>
    [...awareness.getStates()]
      .map(([clientId, state]) => peerOf(clientId, state, clientId === awareness.clientID))
      .sort((a, b) => Number(b.self) - Number(a.self) || a.clientId - b.clientId);
  awareness.setLocalStateField('user', {
    name: options.user?.name ?? `Guest ${awareness.clientID % 1000}`,
    color: options.user?.color ?? COLOURS[awareness.clientID % COLOURS.length],
  });
  const showActive = () =>
    awareness.setLocalStateField('activePath', workspace.getSnapshot().activePath);
  showActive();
  const stopActive = workspace.subscribe(() => {
    if (awareness.getLocalState()?.['activePath'] !== workspace.getSnapshot().activePath)
      showActive();
  });
  const selection = publishThrottled((place) => awareness.setLocalStateField('selection', place));
  status.publishSelection(selection.publish);
  const onPeers = () => status.set({ peers: peers() });
  awareness.on('change', onPeers);
  onPeers();

  return () => {
    stopActive();
    status.publishSelection(() => undefined);
    selection.stop();
    awareness.off('change', onPeers);
    sync?.stop();
    provider.destroy();
    void local?.destroy();
    doc.destroy();
    status.set({ state: 'closed', peers: [] });
  };
}
