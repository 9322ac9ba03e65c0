/**
 * One session's Server-Sent Event streams (Streamable HTTP): a POST's stream for one call and
 * the GET stream for everything else. Every event has an id `<stream>_<seq>` and stays in a
 * bounded replay buffer, so a client that lost its connection resumes with `Last-Event-ID`.
 * The GET stream outlives its connection: what it is sent meanwhile is kept for the resumption.
 * A client that reads nothing loses its connection once `maxUnreadBytes` wait unsent, so a
 * stream never buffers without bound; it resumes from the replay buffer.
 */
// Node-only module: the package build type-checks without Node's types elsewhere.
/// <reference types="node" />
import type { ServerResponse } from 'node:http';
import { randomId } from '../../runtime/protocol/index.js';

/** How long a client waits before reconnecting a stream that closed, in ms (SSE `retry`). */
export const SSE_RETRY_MS = 1000;

export interface ReplayLimits {
  /** Events kept per session for resumption. */
  maxEvents: number;
  /** UTF-8 bytes of event data kept per session. */
  maxBytes: number;
}

export const DEFAULT_REPLAY_LIMITS: Readonly<ReplayLimits> = Object.freeze({
  maxEvents: 256,
  maxBytes: 1024 * 1024,
});

/** Why a `Last-Event-ID` cannot be resumed: no such stream, or its next events were dropped. */
export type ResumeRefusal = 'unknown' | 'dropped';

interface Logged {
  stream: string;
  seq: number;
  data: string;
  bytes: number;
}

export interface SSEStream {
  readonly id: string;
  /** Logs the message and writes it when a client is attached. */
  send(message: unknown): void;
  /** Ends the stream: its client's response ends, later resumptions replay and end. */
  finish(): void;
}

export interface SessionStreams {
  /** A new stream written to `res`, opened with a priming event (id, retry, no data). */
  open(res: ServerResponse): SSEStream;
  /** The GET stream, attached or waiting for its client to resume it; undefined before any. */
  readonly standalone: SSEStream | undefined;
  /** Whether the GET stream has a connection now. */
  readonly standaloneAttached: boolean;
  /** A new GET stream; one left without a connection is finished (its client did not resume). */
  openStandalone(res: ServerResponse): SSEStream;
  /**
   * Replays after `lastEventId` onto `res` and follows the stream if it is still live; refuses
   * when the id names no stream or the replay buffer no longer holds the events after it.
   */
  resume(lastEventId: string, res: ServerResponse): ResumeRefusal | undefined;
  /** Ends every attached response. */
  closeAll(): void;
}

const writeHead = (res: ServerResponse, headers: Record<string, string>) =>
  res.writeHead(200, {
    ...headers,
    'content-type': 'text/event-stream',
    'cache-control': 'no-cache, no-transform',
    connection: 'keep-alive',
  });

interface StreamState {
  res: ServerResponse | undefined;
  finished: boolean;
  seq: number;
  /** The highest sequence number dropped from the replay buffer. */
  dropped: number;
}

export function createSessionStreams(
  limits: ReplayLimits,
  /** Bytes a connection may leave unread before it is closed. */
  maxUnreadBytes: number,
  headers: () => Record<string, string> = () => ({}),
): SessionStreams {
  const log: Logged[] = [];
  let logBytes = 0;
  const live = new Map<string, StreamState>();
  let standalone: SSEStream | undefined;

  const remember = (entry: Logged) => {
    log.push(entry);
    logBytes += entry.bytes;
    while (log.length > limits.maxEvents || logBytes > limits.maxBytes) {
      const dropped = log.shift();
      if (!dropped) break;
      logBytes -= dropped.bytes;
      const state = live.get(dropped.stream);
      if (state) state.dropped = dropped.seq;
      // A finished stream with nothing left to replay is forgotten.
      if (live.get(dropped.stream)?.finished && !log.some((e) => e.stream === dropped.stream)) {
        live.delete(dropped.stream);
      }
    }
  };

  const write = (res: ServerResponse, stream: string, seq: number, data: string) => {
    if (res.destroyed) return;
    res.write(`id: ${stream}_${seq}\nevent: message\ndata: ${data}\n\n`);
    // A client that reads nothing would have every event buffered here: it loses the connection.
    if (res.writableLength > maxUnreadBytes) res.destroy();
  };

  const attach = (stream: string, res: ServerResponse) => {
    const state = live.get(stream);
    if (!state) return;
    state.res?.end();
    state.res = res;
    res.on('close', () => {
      if (state.res === res) state.res = undefined;
    });
  };

  function create(res: ServerResponse): SSEStream {
    const id =
      randomId()
        .replace(/[^A-Za-z0-9]/g, '')
        .slice(0, 16) || 's';
    const state: StreamState = { res: undefined, finished: false, seq: 0, dropped: 0 };
    live.set(id, state);
    writeHead(res, headers());
    res.write(`id: ${id}_0\nretry: ${SSE_RETRY_MS}\ndata: \n\n`);
    attach(id, res);
    return {
      id,
      send(message) {
        if (state.finished) return;
        const data = JSON.stringify(message);
        const seq = ++state.seq;
        remember({ stream: id, seq, data, bytes: Buffer.byteLength(data) });
        if (state.res) write(state.res, id, seq, data);
      },
      finish() {
        state.finished = true;
        state.res?.end();
        state.res = undefined;
        if (standalone?.id === id) standalone = undefined;
      },
    };
  }

  return {
    open: create,
    get standalone() {
      return standalone;
    },
    get standaloneAttached() {
      return standalone !== undefined && live.get(standalone.id)?.res !== undefined;
    },
    openStandalone(res) {
      standalone?.finish();
      const stream = create(res);
      standalone = stream;
      return stream;
    },
    resume(lastEventId, res) {
      const match = /^([A-Za-z0-9]+)_(\d+)$/.exec(lastEventId);
      const state = match ? live.get(match[1]!) : undefined;
      if (!match || !state) return 'unknown';
      const stream = match[1]!;
      const after = Number(match[2]);
      if (after < state.dropped) return 'dropped';
      writeHead(res, headers());
      for (const entry of log) {
        if (entry.stream === stream && entry.seq > after) write(res, stream, entry.seq, entry.data);
      }
      if (state.finished) res.end();
      else attach(stream, res);
      return undefined;
    },
    closeAll() {
      for (const state of live.values()) {
        state.res?.end();
        state.res = undefined;
        state.finished = true;
      }
      standalone = undefined;
    },
  };
}
