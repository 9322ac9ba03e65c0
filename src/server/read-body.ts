/**
 * A request body read within a cap, for the Node servers: a declared length past the cap is
 * refused before a byte is read, and reading stops at the first byte past it. With a `budget`,
 * every byte also counts against what all requests may hold at once while it is held.
 */
// Node-only module: the package build type-checks without Node's types elsewhere.
/// <reference types="node" />
import type { IncomingMessage } from 'node:http';

export type BodyText =
  { ok: true; text: string } | { ok: false; reason: 'too-large' | 'busy' | 'failed' };

/** Bytes held by the bodies being read now, and how many they may be. */
export interface BodyBudget {
  held: number;
  max: number;
}

export function readBodyText(
  request: IncomingMessage,
  limit: number,
  budget?: BodyBudget,
): Promise<BodyText> {
  const declared = Number(request.headers['content-length']);
  if (Number.isFinite(declared) && declared > limit) {
    return Promise.resolve({ ok: false, reason: 'too-large' });
  }
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    let size = 0;
    let done = false;
    const finish = (result: BodyText) => {
      if (done) return;
      done = true;
      request.off('data', onData);
      if (budget) budget.held -= size;
      resolve(result);
    };
    const onData = (chunk: Buffer) => {
      size += chunk.length;
      if (budget) budget.held += chunk.length;
      if (size > limit) return finish({ ok: false, reason: 'too-large' });
      if (budget && budget.held > budget.max) return finish({ ok: false, reason: 'busy' });
      chunks.push(chunk);
    };
    request.on('data', onData);
    request.on('error', () => finish({ ok: false, reason: 'failed' }));
    // A client gone before the end: no 'end' comes.
    request.on('close', () => finish({ ok: false, reason: 'failed' }));
    request.on('end', () => finish({ ok: true, text: Buffer.concat(chunks).toString('utf8') }));
  });
}
