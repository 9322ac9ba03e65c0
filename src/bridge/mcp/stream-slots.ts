/**
 * Fair slots for the HTTP host's long-held responses: GET streams, streamed tool calls and
 * calls that may wait for approval. They share one pool, smaller than the connection limit so
 * short requests always find a connection, with a cap per session. When the pool is full, a
 * session holding fewer slots than another takes the oldest stream of the session holding the
 * most: the stream ends, its call goes on, and its client resumes by `Last-Event-ID`. A stream
 * with nothing written for `idleMs` ends too (its client reconnects), so a held stream costs
 * its holder traffic, not just a socket.
 */
// Node-only module: the package build type-checks without Node's types elsewhere.
/// <reference types="node" />
import type { ServerResponse } from 'node:http';

export interface StreamSlotLimits {
  /** Long-held responses over all sessions. */
  maxStreams: number;
  /** Long-held responses of one session. */
  maxStreamsPerSession: number;
  /** A stream with nothing written this long ends; its client reconnects. */
  streamIdleMs: number;
}

interface Slot {
  session: string;
  res: ServerResponse;
  /** A stream can end early and be resumed; a JSON answer cannot. */
  preemptible: boolean;
  lastWrite: number;
}

export type SlotRefusal = { limit: 'maxStreams' | 'maxStreamsPerSession'; max: number };

export interface StreamSlots {
  /** Holds a slot for `res` until it closes; a refusal when none can be had. */
  take(session: string, res: ServerResponse, preemptible: boolean): SlotRefusal | undefined;
  readonly size: number;
  close(): void;
}

export function createStreamSlots(limits: StreamSlotLimits): StreamSlots {
  const slots = new Set<Slot>();
  const held = (session: string) => [...slots].filter((slot) => slot.session === session);

  const release = (slot: Slot) => slots.delete(slot);

  /** The oldest stream of the session holding the most, if it holds more than `fewer`. */
  function victim(fewer: number): Slot | undefined {
    const counts = new Map<string, Slot[]>();
    for (const slot of slots) {
      if (!slot.preemptible) continue;
      const list = counts.get(slot.session) ?? [];
      list.push(slot);
      counts.set(slot.session, list);
    }
    let most: Slot[] = [];
    for (const list of counts.values()) if (list.length > most.length) most = list;
    return most.length > fewer ? most[0] : undefined;
  }

  const sweep = setInterval(
    () => {
      const now = Date.now();
      for (const slot of slots)
        if (slot.preemptible && now - slot.lastWrite >= limits.streamIdleMs) slot.res.end();
    },
    Math.max(50, Math.min(10_000, limits.streamIdleMs / 4)),
  );
  sweep.unref();

  return {
    take(session, res, preemptible) {
      const mine = held(session).length;
      if (mine >= limits.maxStreamsPerSession)
        return { limit: 'maxStreamsPerSession', max: limits.maxStreamsPerSession };
      if (slots.size >= limits.maxStreams) {
        const taken = victim(mine);
        if (!taken) return { limit: 'maxStreams', max: limits.maxStreams };
        release(taken);
        taken.res.end();
      }
      const slot: Slot = { session, res, preemptible, lastWrite: Date.now() };
      slots.add(slot);
      // Writes are what keep a stream alive; wrapping `write` sees every one, whoever sends it.
      const write = res.write.bind(res) as (...args: unknown[]) => boolean;
      res.write = ((...args: unknown[]) => {
        slot.lastWrite = Date.now();
        return write(...args);
      }) as typeof res.write;
      res.once('close', () => release(slot));
      return undefined;
    },
    get size() {
      return slots.size;
    },
    close() {
      clearInterval(sweep);
      slots.clear();
    },
  };
}
