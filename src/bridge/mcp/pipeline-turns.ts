/**
 * Pipelined requests on one socket are answered in turn, and only while the client reads. Node
 * parses every request already received and would hold each answer until the ones before it are
 * sent, so a client that pipelines and never reads would have the server compute and keep them
 * all. Here a request waits until the answer before it on its socket is finished and the
 * socket's unsent bytes are under its high-water mark (16 KiB); Node stops reading a socket
 * whose answers wait unsent. A socket with more than `maxPipelined` requests waiting is closed.
 */
// Node-only module: the package build type-checks without Node's types elsewhere.
/// <reference types="node" />
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Socket } from 'node:net';

interface Line {
  busy: boolean;
  waiting: (() => void)[];
}

/** Wraps `serve` so each socket's requests run one at a time, as its client reads the answers. */
export function inTurn(
  maxPipelined: number,
  serve: (req: IncomingMessage, res: ServerResponse) => void,
): (req: IncomingMessage, res: ServerResponse) => void {
  const lines = new WeakMap<Socket, Line>();

  const next = (socket: Socket, line: Line) => {
    while (!line.busy && !socket.destroyed && !socket.writableNeedDrain) {
      const run = line.waiting.shift();
      if (!run) return;
      line.busy = true;
      run();
    }
  };

  return (req, res) => {
    const socket = req.socket;
    if (socket.destroyed) return;
    let line = lines.get(socket);
    if (!line) {
      const created: Line = { busy: false, waiting: [] };
      lines.set(socket, created);
      socket.on('drain', () => next(socket, created));
      socket.once('close', () => (created.waiting.length = 0));
      line = created;
    }
    if (line.waiting.length >= maxPipelined) return void socket.destroy();
    const own = line;
    own.waiting.push(() => {
      res.once('close', () => {
        own.busy = false;
        next(socket, own);
      });
      serve(req, res);
    });
    next(socket, own);
  };
}
