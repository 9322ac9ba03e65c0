/**
 * The HTTP host's sockets in two pools. A socket with a whole request in flight is busy; any
 * other — one still sending its headers or its body, one that failed authentication, an idle
 * keep-alive — waits in a small pool of its own. When that pool or the whole server is full, the
 * oldest waiting socket is closed to make room: sockets that trickle headers or bodies
 * (slowloris) give way to ones that send a request at once, and only when every socket is busy
 * is a new one refused.
 */
// Node-only module: the package build type-checks without Node's types elsewhere.
/// <reference types="node" />
import type { IncomingMessage, Server } from 'node:http';
import type { Socket } from 'node:net';

export interface ConnectionLimits {
  /** Open sockets in all. */
  maxConnections: number;
  /** Sockets with no request in flight. */
  maxIdleConnections: number;
}

/** Whether the request carries a body still to come. */
const hasBody = (req: IncomingMessage) =>
  req.headers['transfer-encoding'] !== undefined || Number(req.headers['content-length']) > 0;

export function poolConnections(server: Server, limits: ConnectionLimits): void {
  const all = new Set<Socket>();
  // Insertion order is age: the first entry is the socket waiting longest.
  const waiting = new Set<Socket>();
  const inFlight = new Map<Socket, number>();

  const makeRoom = () => {
    while (waiting.size > limits.maxIdleConnections || all.size > limits.maxConnections) {
      const oldest = waiting.values().next().value;
      if (!oldest) return;
      waiting.delete(oldest);
      all.delete(oldest);
      oldest.destroy();
    }
  };

  server.on('connection', (socket: Socket) => {
    all.add(socket);
    waiting.add(socket);
    socket.once('close', () => {
      all.delete(socket);
      waiting.delete(socket);
      inFlight.delete(socket);
    });
    makeRoom();
  });

  server.on('request', (req: IncomingMessage, res) => {
    const socket = req.socket;
    inFlight.set(socket, (inFlight.get(socket) ?? 0) + 1);
    // A body still trickling in keeps the socket waiting, as partial headers do.
    if (!hasBody(req) || req.complete) waiting.delete(socket);
    else
      req.once('end', () => {
        if (inFlight.has(socket)) waiting.delete(socket);
      });
    res.once('close', () => {
      const left = (inFlight.get(socket) ?? 1) - 1;
      if (left > 0) return void inFlight.set(socket, left);
      inFlight.delete(socket);
      if (socket.destroyed || !all.has(socket)) return;
      waiting.add(socket);
      makeRoom();
    });
  });
}
