/**
 * Reading and reconciling durable tool operations (D2). None of these runs a handler: status is
 * a read, reconciliation records a decision someone else made (a domain query, compensation, a
 * person), and recovery asks a resolver only when the record is `unknown`.
 */
import {
  TOOL_CALL_ERROR_CODES as CODES,
  failure,
  toolError,
  type Outcome,
  type ToolCallError,
} from '../protocol/errors.js';
import type { DurableOperationStore, DurableResolution } from '../durable/store-api.js';
import type { DurableOperationRecord } from '../durable/types.js';
import { durableOperationKey } from './durable-idempotency.js';
import type { ToolCallBody } from './idempotency.js';

/** A reconciliation decision on an `unknown` record, checked against the revision it saw. */
export type ToolOperationResolution =
  | { state: 'completed'; actor: string; expectedRevision: number; body?: ToolCallBody }
  | { state: 'failed'; actor: string; expectedRevision: number; reason: string };

/** What a recovery resolver decided; `unknown` leaves the record as it is. */
export type ToolOperationRecoveryDecision =
  | { state: 'completed'; body?: ToolCallBody }
  | { state: 'failed'; reason: string }
  | { state: 'unknown' };

/**
 * Asked by `recoverOperation` to find out what happened to an interrupted operation, for example by
 * asking the remote service.
 */
export type ToolOperationResolver = (context: {
  toolName: string;
  idempotencyKey: string;
  record: DurableOperationRecord;
  signal: AbortSignal;
}) => Promise<ToolOperationRecoveryDecision>;

/**
 * Inspects and settles durable operations whose outcome is unknown, by tool name and idempotency
 * key.
 */
export interface ToolOperationRecovery {
  getOperationStatus(
    toolName: string,
    idempotencyKey: string,
  ): Promise<Outcome<DurableOperationRecord | undefined>>;
  reconcileOperation(
    toolName: string,
    idempotencyKey: string,
    resolution: ToolOperationResolution,
  ): Promise<Outcome<DurableOperationRecord>>;
  recoverOperation(
    toolName: string,
    idempotencyKey: string,
    resolver: ToolOperationResolver,
    options?: { actor?: string; signal?: AbortSignal },
  ): Promise<Outcome<DurableOperationRecord | undefined>>;
}

/** The durable store, owner and tool visibility that operation recovery works with. */
export interface ToolOperationRecoveryOptions {
  store: DurableOperationStore | undefined;
  ownerId: string;
  /** Known and allowed tools only: a hidden tool's operations are not reachable either. */
  isVisibleTool(name: string): boolean;
}

/** Store errors keep their code in details; the caller sees the registry's own codes. */
function fromStore(error: ToolCallError): ToolCallError {
  if (error.code === 'DURABLE_OPERATION_STORE_FAILED')
    return toolError(CODES.TOOL_IDEMPOTENCY_STORE_FAILED, error.message, true, error.details);
  if (error.code === 'DURABLE_OPERATION_INVALID_INPUT')
    return toolError(CODES.TOOL_INVALID_OPTIONS, error.message, false, error.details);
  return { ...error, retryable: false };
}

/**
 * Creates the operation recovery functions the registry exposes; without a store each reports a
 * structured error.
 */
export function createToolOperationRecovery(
  options: ToolOperationRecoveryOptions,
): ToolOperationRecovery {
  const { store, ownerId, isVisibleTool } = options;

  const locate = (toolName: string): Outcome<DurableOperationStore> => {
    if (typeof toolName !== 'string' || !isVisibleTool(toolName))
      return failure(toolError(CODES.TOOL_NOT_FOUND, 'No such tool.', false));
    if (!store)
      return failure(
        toolError(CODES.TOOL_INVALID_OPTIONS, 'No durableOperationStore is configured.', false),
      );
    return { ok: true, value: store };
  };

  async function getOperationStatus(toolName: string, idempotencyKey: string) {
    const found = locate(toolName);
    if (!found.ok) return found;
    const read = await found.value.read(durableOperationKey(toolName, String(idempotencyKey)));
    return read.ok ? read : failure(fromStore(read.error));
  }

  async function reconcileOperation(
    toolName: string,
    idempotencyKey: string,
    resolution: ToolOperationResolution,
  ): Promise<Outcome<DurableOperationRecord>> {
    const found = locate(toolName);
    if (!found.ok) return found;
    let decided: DurableResolution;
    if (resolution?.state === 'failed') decided = { state: 'failed', reason: resolution.reason };
    else if (resolution?.state === 'completed')
      decided =
        resolution.body === undefined
          ? { state: 'completed' }
          : { state: 'completed', result: resolution.body };
    else
      return failure(
        toolError(CODES.TOOL_INVALID_OPTIONS, 'resolution.state must be completed or failed.'),
      );
    const resolved = await found.value.resolveUnknown({
      key: durableOperationKey(toolName, String(idempotencyKey)),
      revision: resolution.expectedRevision,
      actor: resolution.actor,
      resolution: decided,
    });
    return resolved.ok ? resolved : failure(fromStore(resolved.error));
  }

  return {
    getOperationStatus,
    reconcileOperation,
    async recoverOperation(toolName, idempotencyKey, resolver, recoverOptions = {}) {
      const status = await getOperationStatus(toolName, idempotencyKey);
      if (!status.ok || status.value?.state !== 'unknown') return status;
      const record = status.value;
      const signal = recoverOptions.signal ?? new AbortController().signal;
      let decision: ToolOperationRecoveryDecision;
      try {
        decision = await resolver({ toolName, idempotencyKey, record, signal });
      } catch {
        decision = { state: 'unknown' };
      }
      if (decision?.state !== 'completed' && decision?.state !== 'failed')
        return { ok: true, value: record };
      const actor = recoverOptions.actor ?? ownerId;
      // The observed revision guards against a decision made while someone else resolved it.
      const expectedRevision = record.revision;
      return reconcileOperation(
        toolName,
        idempotencyKey,
        decision.state === 'failed'
          ? { state: 'failed', actor, expectedRevision, reason: decision.reason }
          : decision.body === undefined
            ? { state: 'completed', actor, expectedRevision }
            : { state: 'completed', actor, expectedRevision, body: decision.body },
      );
    },
  };
}
