/**
 * The `requestState` of a 2026-07-28 multi round-trip request: what the earlier rounds were
 * answered, bound to the request it belongs to (method, tool/prompt name or URI, argument
 * fingerprint), sealed with an HMAC under a key each host draws at start
 * (`createRequestStateCodec`). The SDK verifies it before a handler runs (a tampered, expired or
 * foreign state is -32602); `readRequestState` then checks it belongs to this request.
 */
// Node-only module: the package build type-checks without Node's types elsewhere.
/// <reference types="node" />
import { randomBytes } from 'node:crypto';
import {
  createRequestStateCodec,
  ProtocolError,
  ProtocolErrorCode,
  type RequestStateCodec,
  type ServerContext,
} from '@modelcontextprotocol/server';
import { fingerprintArguments, isPlainObject } from '../../runtime/protocol/index.js';

/** What a state carries: the request it belongs to and the answers so far, by key. */
export interface RoundState {
  request: string;
  answers: Record<string, Record<string, unknown>>;
}

/** How long a client may take to answer one round (the codec's expiry). */
export const REQUEST_STATE_TTL_SECONDS = 600;

/** A codec keyed with 32 random bytes: states from another host or an earlier run never verify. */
export function createRoundStateCodec(): RequestStateCodec<RoundState> {
  return createRequestStateCodec<RoundState>({
    key: randomBytes(32),
    ttlSeconds: REQUEST_STATE_TTL_SECONDS,
  });
}

/** The request a state is bound to: method, target and the arguments' fingerprint. */
export function requestIdentity(method: string, params: Record<string, unknown>): string {
  const target = params.name ?? params.uri;
  const args = isPlainObject(params.arguments) ? params.arguments : {};
  return `${method}\u0000${String(target)}\u0000${fingerprintArguments(args)}`;
}

/**
 * The verified answers of the earlier rounds, or none when the retry carried no state. A state
 * minted for another request is refused as the SDK refuses a tampered one.
 */
export function readRequestState(ctx: ServerContext, identity: string): RoundState['answers'] {
  const state = ctx.mcpReq.requestState<RoundState>();
  if (state === undefined) return {};
  if (!isPlainObject(state) || state.request !== identity || !isPlainObject(state.answers)) {
    throw new ProtocolError(ProtocolErrorCode.InvalidParams, 'Invalid or expired requestState', {
      reason: 'invalid_request_state',
    });
  }
  return state.answers;
}
