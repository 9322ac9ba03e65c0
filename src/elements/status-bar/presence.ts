/**
 * What the status bar says about a shared room: its state in a few words, and each person in it.
 * Plain text, so the bar, its tooltip and the studio's announcements say the same thing.
 */
import type { CollabPeer, CollabStatus } from '../../composition/collab-status.js';

/** The room in a few words: joining, how many are here, offline or refused. */
export function roomLabel({ state, room, peers, error }: CollabStatus): string {
  switch (state) {
    case 'connecting':
      return `Joining ${room}…`;
    case 'connected':
      return peers.length > 1 ? `${room} · ${peers.length} here` : `${room} · only you`;
    case 'offline':
      return `${room} offline · edits wait`;
    case 'refused':
      return `${room} refused: ${error?.message ?? 'no reason given'}`;
    case 'closed':
      return `Left ${room}`;
  }
}

/** One person: name, `(you)` for this studio, and the file they have open. */
export function peerLabel(peer: CollabPeer): string {
  const name = peer.self ? `${peer.name} (you)` : peer.name;
  return peer.activePath ? `${name} · ${peer.activePath}` : name;
}

/** Who is here, for the announcement when someone joins or leaves. */
export function presenceNews(status: CollabStatus): string | undefined {
  if (status.state !== 'connected') return roomLabel(status);
  const others = status.peers.filter((peer) => !peer.self).map((peer) => peer.name);
  return others.length > 0 ? `In ${status.room}: ${others.join(', ')}` : roomLabel(status);
}
