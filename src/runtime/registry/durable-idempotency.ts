/**
 * The registry's idempotency port over a `DurableOperationStore` (D1, D2): a key claimed in
 * one tab or process is pending for every other one until its owner records the outcome, and a
 * store failure is `TOOL_IDEMPOTENCY_STORE_FAILED` — never an unguarded handler run. Calls in
 * this process with the same key share the in-flight execution; once it settles, the durable
 * record is the only truth.
 */
import {
  TOOL_CALL_ERROR_CODES as CODES,
  toolError,
  type ToolCallError,
} from '../protocol/errors.js';
import type { DurableOperationStore } from '../durable/store-api.js';
import type { DurableOperationRecord } from '../durable/types.js';
import {
  sanitizeToolCallDiagnostic,
  type ToolCallDiagnostic,
} from '../observability/diagnostic.js';
import type { ToolObservabilityLimits } from '../observability/limits.js';
import {
  abortedBody,
  type IdempotencyClaim,
  type ToolCallBody,
  type ToolIdempotencyStore,
} from './idempotency.js';

/** The durable store, lease owner and lease length an idempotency store keeps its keys in. */
export interface DurableIdempotencyOptions {
  store: DurableOperationStore;
  ownerId: string;
  leaseMs: number;
  /** Redaction for failed and unknown records; the shared default when omitted. */
  diagnosticPolicy?: ToolObservabilityLimits;
}

/** Tool names cannot contain `:`, so the pair maps to one unambiguous durable key. */
export const durableOperationKey = (toolName: string, idempotencyKey: string): string =>
  `tool:${toolName}:${idempotencyKey}`;

const errorBody = (error: ToolCallError): ToolCallBody => ({
  content: [{ type: 'text', text: error.message }],
  error,
});

/** Replays a terminal record: the lossless success, or the sanitized failure. */
export function bodyFromRecord(record: DurableOperationRecord): ToolCallBody {
  if (record.state === 'completed' && record.result !== undefined)
    return record.result as ToolCallBody;
  if (record.state === 'completed')
    return { content: [{ type: 'text', text: 'The operation was reconciled as completed.' }] };
  const diagnostic = (record.diagnostic ?? {}) as Partial<ToolCallDiagnostic>;
  const details = diagnostic.details as Record<string, unknown> | undefined;
  const code = diagnostic.code ?? CODES.TOOL_EXECUTION_FAILED;
  return errorBody(toolError(code, record.reason ?? 'The operation failed.', false, details));
}

function claimError(
  code: ToolCallError['code'],
  toolName: string,
  idempotencyKey: string,
  record?: DurableOperationRecord,
): ToolCallError {
  const details: Record<string, unknown> = { toolName, idempotencyKey };
  if (record) Object.assign(details, { revision: record.revision, state: record.state });
  switch (code) {
    case CODES.TOOL_IDEMPOTENCY_PENDING:
      if (record) details.leaseExpiresAt = record.leaseExpiresAt;
      return toolError(
        code,
        `Another owner is running ${toolName} with this key; retry later.`,
        true,
        details,
      );
    case CODES.TOOL_IDEMPOTENCY_UNKNOWN:
      return toolError(
        code,
        `The outcome of ${toolName} with this key is unknown; reconcile it before retrying.`,
        false,
        details,
      );
    case CODES.TOOL_IDEMPOTENCY_CONFLICT:
      return toolError(
        code,
        `The idempotency key was already used for ${toolName} with different arguments.`,
        false,
        details,
      );
    default:
      return toolError(
        code,
        'The durable idempotency store failed; nothing was run.',
        true,
        details,
      );
  }
}

/** The owner's transitions, awaited by the registry before it answers the caller. */
type DurableClaim =
  | Exclude<IdempotencyClaim, { kind: 'owner' }>
  | {
      kind: 'owner';
      complete(body: ToolCallBody): Promise<void>;
      interrupt(): Promise<void>;
      release(body: ToolCallBody): Promise<void>;
    };

/**
 * An idempotency store backed by a durable operation store, so one key runs once across tabs,
 * processes and hosts.
 */
export function createDurableIdempotencyStore(
  options: DurableIdempotencyOptions,
): ToolIdempotencyStore {
  const { store, ownerId, leaseMs, diagnosticPolicy } = options;
  const inFlight = new Map<string, { fingerprint: string; body: Promise<ToolCallBody> }>();

  async function claimDurably(
    key: string,
    toolName: string,
    idempotencyKey: string,
    fingerprint: string,
  ): Promise<DurableClaim> {
    const rejected = (
      code: ToolCallError['code'],
      record?: DurableOperationRecord,
    ): DurableClaim => ({
      kind: 'rejected',
      error: claimError(code, toolName, idempotencyKey, record),
    });
    const claimed = await store.claim({ key, fingerprint, ownerId, leaseMs });
    if (!claimed.ok) return rejected(CODES.TOOL_IDEMPOTENCY_STORE_FAILED);
    const { status, record } = claimed.value;
    if (status === 'conflict') return rejected(CODES.TOOL_IDEMPOTENCY_CONFLICT, record);
    if (status === 'pending') return rejected(CODES.TOOL_IDEMPOTENCY_PENDING, record);
    if (status === 'unknown') return rejected(CODES.TOOL_IDEMPOTENCY_UNKNOWN, record);
    if (status === 'replay')
      return { kind: 'replay', body: Promise.resolve(bodyFromRecord(record)) };

    const owner = { key, ownerId, revision: record.revision };
    const diagnose = (body: ToolCallBody) => {
      const diagnostic = sanitizeToolCallDiagnostic(body, diagnosticPolicy);
      return { reason: diagnostic.reason, diagnostic };
    };
    return {
      kind: 'owner',
      async complete(body) {
        const code = body.error?.code;
        if (code === undefined) await store.complete({ ...owner, result: body });
        else if (code === CODES.TOOL_EXECUTION_UNKNOWN)
          await store.markUnknown({ ...owner, ...diagnose(body) });
        else await store.fail({ ...owner, ...diagnose(body) });
      },
      async interrupt() {
        const diagnostic = { code: CODES.TOOL_EXECUTION_ABORTED, executionState: 'detached' };
        await store.markUnknown({
          ...owner,
          reason: 'interrupted while the handler ran',
          diagnostic,
        });
      },
      async release(body) {
        // An unknown outcome is never forgotten, even when the handler called it retryable.
        if (body.error?.code === CODES.TOOL_EXECUTION_UNKNOWN)
          await store.markUnknown({ ...owner, ...diagnose(body) });
        else await store.release(owner);
      },
    };
  }

  return {
    async claim({ toolName, idempotencyKey, fingerprint }) {
      const key = durableOperationKey(toolName, idempotencyKey);
      const shared = inFlight.get(key);
      if (shared) {
        if (shared.fingerprint !== fingerprint)
          return {
            kind: 'rejected',
            error: claimError(CODES.TOOL_IDEMPOTENCY_CONFLICT, toolName, idempotencyKey),
          };
        return { kind: 'replay', body: shared.body };
      }
      let settle!: (body: ToolCallBody) => void;
      const entry = {
        fingerprint,
        body: new Promise<ToolCallBody>((resolve) => (settle = resolve)),
      };
      inFlight.set(key, entry);
      // Local waiters get what the owner got; the entry goes as soon as the outcome is written.
      const finish = (body: ToolCallBody) => {
        if (inFlight.get(key) === entry) inFlight.delete(key);
        settle(body);
      };
      const claim = await claimDurably(key, toolName, idempotencyKey, fingerprint).catch(
        (): DurableClaim => ({
          kind: 'rejected',
          error: claimError(CODES.TOOL_IDEMPOTENCY_STORE_FAILED, toolName, idempotencyKey),
        }),
      );
      if (claim.kind === 'rejected') finish(errorBody(claim.error));
      if (claim.kind === 'replay') void claim.body.then(finish);
      if (claim.kind !== 'owner') return claim;
      return {
        kind: 'owner',
        complete: (body) => claim.complete(body).finally(() => finish(body)),
        interrupt: () =>
          claim.interrupt().finally(() => finish(abortedBody(toolName, idempotencyKey))),
        release: (body) => claim.release(body).finally(() => finish(body)),
      };
    },
  };
}
