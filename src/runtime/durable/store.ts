/**
 * The durable operation state machine over any `DurableOperationBackend`:
 *
 *   (absent) ─claim→ pending ─complete→ completed
 *                     │ ├──────fail──→ failed
 *                     │ └─markUnknown→ unknown ─resolveUnknown→ completed | failed
 *                     └─(lease expired) claim by another owner → pending (attempt + 1)
 *
 * Every write is a revision-checked compare-and-set. A lost race re-reads; it never overwrites.
 */
import { failure, type Outcome, type ToolCallError } from '../protocol/errors.js';
import {
  DEFAULT_DIAGNOSTIC_LIMITS,
  sanitizeDurableDiagnostic,
  sanitizeDurableReason,
  type DiagnosticLimits,
} from './diagnostics.js';
import { durableError } from './errors.js';
import { pruneDurableOperations } from './prune.js';
import type {
  DurableClaim,
  DurableClaimInput,
  DurableOperationStore,
  OwnerTransition,
} from './store-api.js';
import type { DurableOperationBackend, DurableOperationRecord } from './types.js';
import {
  MAX_KEY_LENGTH,
  MAX_LEASE_MS,
  MAX_OWNER_LENGTH,
  checkJson,
  checkPositive,
  checkRevision,
  checkText,
  firstError,
} from './validate.js';

/** The clock, retention and diagnostic bounds of a durable operation store. */
export interface DurableOperationStoreOptions {
  now?: () => number;
  /** How long completed and failed records stay for replay. Default one day. */
  retentionMs?: number;
  prunePageSize?: number;
  maxPrunePages?: number;
  diagnosticLimits?: Partial<DiagnosticLimits>;
}

// Each lost race means another writer made progress, so a handful of rounds always settles.
const MAX_CLAIM_ROUNDS = 8;
// Claims this store made and has not finished; lets the terminal write skip a read.
const MAX_REMEMBERED_CLAIMS = 4096;

const storeFailed = (operation: string, error: unknown): ToolCallError =>
  durableError(
    'DURABLE_OPERATION_STORE_FAILED',
    `The durable operation store failed to ${operation}.`,
    {
      operation,
      cause: error instanceof Error ? error.name : typeof error,
    },
  );

/**
 * Creates a durable operation store over any backend; every write is a revision-checked compare-
 * and-set, so a lost race never overwrites.
 */
export function createDurableOperationStore(
  backend: DurableOperationBackend,
  options: DurableOperationStoreOptions = {},
): DurableOperationStore {
  const now = options.now ?? Date.now;
  const limits = { ...DEFAULT_DIAGNOSTIC_LIMITS, ...options.diagnosticLimits };
  const claimed = new Map<string, DurableOperationRecord>();

  const remember = (record: DurableOperationRecord) => {
    claimed.delete(record.key);
    claimed.set(record.key, record);
    if (claimed.size > MAX_REMEMBERED_CLAIMS) claimed.delete(claimed.keys().next().value as string);
  };

  async function claim(input: DurableClaimInput): Promise<Outcome<DurableClaim>> {
    const invalid = firstError(
      checkText('key', input?.key, MAX_KEY_LENGTH),
      checkText('fingerprint', input?.fingerprint, MAX_KEY_LENGTH),
      checkText('ownerId', input?.ownerId, MAX_OWNER_LENGTH),
      checkPositive('leaseMs', input?.leaseMs, MAX_LEASE_MS),
    );
    if (invalid) return failure(invalid);
    const { key, fingerprint, ownerId, leaseMs } = input;
    try {
      // Fresh keys are the common case: try the insert first, read only when it loses.
      let current: DurableOperationRecord | undefined;
      for (let round = 0; round < MAX_CLAIM_ROUNDS; round += 1) {
        const at = now();
        if (!current) {
          const record: DurableOperationRecord = {
            key,
            fingerprint,
            state: 'pending',
            ownerId,
            leaseExpiresAt: at + leaseMs,
            revision: 1,
            attempt: 1,
            createdAt: at,
            updatedAt: at,
          };
          if (await backend.compareAndSet({ key, expectedRevision: null, next: record })) {
            remember(record);
            return { ok: true, value: { status: 'owner', record, reclaimed: false } };
          }
          current = await backend.read(key);
          continue;
        }
        if (current.fingerprint !== fingerprint)
          return { ok: true, value: { status: 'conflict', record: current } };
        if (current.state === 'completed' || current.state === 'failed')
          return { ok: true, value: { status: 'replay', record: current } };
        if (current.state === 'unknown')
          return { ok: true, value: { status: 'unknown', record: current } };
        if (at < current.leaseExpiresAt)
          return { ok: true, value: { status: 'pending', record: current } };
        const reclaimed: DurableOperationRecord = {
          ...current,
          ownerId,
          leaseExpiresAt: at + leaseMs,
          revision: current.revision + 1,
          attempt: current.attempt + 1,
          updatedAt: at,
        };
        const expectedRevision = current.revision;
        if (await backend.compareAndSet({ key, expectedRevision, next: reclaimed })) {
          remember(reclaimed);
          return { ok: true, value: { status: 'owner', record: reclaimed, reclaimed: true } };
        }
        current = await backend.read(key);
      }
      return failure(
        durableError('DURABLE_OPERATION_STORE_FAILED', 'The claim kept losing races; retry.', {
          operation: 'claim',
          cause: 'contention',
        }),
      );
    } catch (error) {
      return failure(storeFailed('claim', error));
    }
  }

  const ownerCheck = (record: DurableOperationRecord, ownerId: string) => {
    if (record.state !== 'pending')
      return durableError(
        'DURABLE_OPERATION_STATE_CONFLICT',
        `The operation is already ${record.state}.`,
        {
          state: record.state,
        },
      );
    if (record.ownerId !== ownerId)
      return durableError('DURABLE_OPERATION_NOT_OWNER', 'Another owner holds this operation.');
    return undefined;
  };

  const unknownCheck = (record: DurableOperationRecord) =>
    record.state === 'unknown'
      ? undefined
      : durableError(
          'DURABLE_OPERATION_STATE_CONFLICT',
          `Only an unknown operation can be resolved; it is ${record.state}.`,
          {
            state: record.state,
          },
        );

  const settle = (
    record: DurableOperationRecord,
    at: number,
    fields: Partial<DurableOperationRecord>,
  ): DurableOperationRecord => {
    const { result: _r, reason: _s, diagnostic: _d, ...base } = record;
    return { ...base, ...fields, revision: record.revision + 1, leaseExpiresAt: at, updatedAt: at };
  };

  /**
   * One revision-checked transition: the caller's revision must still be current and the
   * record must be pending for `ownerId` (or, with `ownerId` undefined, unknown). `fields`
   * settles the record; `null` deletes it. On a lost CAS the record is re-read and the
   * conflict reported. Plain arguments rather than callbacks: this is the hot path.
   */
  async function transition(
    operation: string,
    key: string,
    revision: number,
    ownerId: string | undefined,
    fields: Partial<DurableOperationRecord> | null,
  ): Promise<Outcome<DurableOperationRecord>> {
    try {
      const remembered = claimed.get(key);
      const current = remembered?.revision === revision ? remembered : await backend.read(key);
      if (!current)
        return failure(
          durableError('DURABLE_OPERATION_NOT_FOUND', `No durable operation "${key}".`),
        );
      if (current.revision !== revision)
        return failure(
          durableError(
            'DURABLE_OPERATION_REVISION_CONFLICT',
            'The operation changed since it was read.',
            {
              expectedRevision: revision,
              revision: current.revision,
              state: current.state,
            },
          ),
        );
      const rejected = ownerId === undefined ? unknownCheck(current) : ownerCheck(current, ownerId);
      if (rejected) return failure(rejected);
      const next = fields === null ? null : settle(current, now(), fields);
      const applied = await backend.compareAndSet({ key, expectedRevision: revision, next });
      claimed.delete(key);
      if (applied) return { ok: true, value: next ?? current };
      const latest = await backend.read(key);
      return failure(
        durableError(
          'DURABLE_OPERATION_REVISION_CONFLICT',
          'Another writer changed the operation first.',
          {
            expectedRevision: revision,
            revision: latest?.revision,
            state: latest?.state,
          },
        ),
      );
    } catch (error) {
      return failure(storeFailed(operation, error));
    }
  }

  const ownerInvalid = (input: OwnerTransition) =>
    firstError(
      checkText('key', input?.key, MAX_KEY_LENGTH),
      checkText('ownerId', input?.ownerId, MAX_OWNER_LENGTH),
      checkRevision(input?.revision),
    );

  const outcome = (
    state: 'failed' | 'unknown',
    reason: string,
    diagnostic: unknown,
  ): Pick<DurableOperationRecord, 'state' | 'reason' | 'diagnostic'> => {
    const bounded = sanitizeDurableDiagnostic(diagnostic, limits);
    const fallback = state === 'failed' ? 'failed' : 'outcome unknown';
    return bounded === undefined
      ? { state, reason: sanitizeDurableReason(reason, fallback) }
      : { state, reason: sanitizeDurableReason(reason, fallback), diagnostic: bounded };
  };

  return {
    claim,
    async complete(input) {
      const invalid = firstError(ownerInvalid(input), checkJson('result', input?.result));
      if (invalid) return failure(invalid);
      const fields: Partial<DurableOperationRecord> =
        input.result === undefined
          ? { state: 'completed' }
          : { result: input.result, state: 'completed' };
      return transition('complete', input.key, input.revision, input.ownerId, fields);
    },
    async fail(input) {
      const invalid = ownerInvalid(input);
      if (invalid) return failure(invalid);
      const fields = outcome('failed', input.reason, input.diagnostic);
      return transition('fail', input.key, input.revision, input.ownerId, fields);
    },
    async markUnknown(input) {
      const invalid = ownerInvalid(input);
      if (invalid) return failure(invalid);
      const fields = outcome('unknown', input.reason, input.diagnostic);
      return transition('markUnknown', input.key, input.revision, input.ownerId, fields);
    },
    async release(input) {
      const invalid = ownerInvalid(input);
      if (invalid) return failure(invalid);
      return transition('release', input.key, input.revision, input.ownerId, null);
    },
    async resolveUnknown(input) {
      const resolution = input?.resolution;
      const invalid = firstError(
        checkText('key', input?.key, MAX_KEY_LENGTH),
        checkText('actor', input?.actor, MAX_OWNER_LENGTH),
        checkRevision(input?.revision),
        resolution?.state === 'completed' || resolution?.state === 'failed'
          ? undefined
          : durableError(
              'DURABLE_OPERATION_INVALID_INPUT',
              'resolution.state must be completed or failed',
              {
                field: 'resolution',
              },
            ),
        resolution?.state === 'completed' ? checkJson('result', resolution.result) : undefined,
      );
      if (invalid) return failure(invalid);
      const fields: Partial<DurableOperationRecord> =
        resolution.state === 'failed'
          ? outcome('failed', resolution.reason, resolution.diagnostic)
          : resolution.result === undefined
            ? { state: 'completed' }
            : { state: 'completed', result: resolution.result };
      return transition('resolveUnknown', input.key, input.revision, undefined, {
        ...fields,
        resolvedBy: input.actor,
      });
    },
    async read(key) {
      const invalid = checkText('key', key, MAX_KEY_LENGTH);
      if (invalid) return failure(invalid);
      try {
        return { ok: true, value: await backend.read(key) };
      } catch (error) {
        return failure(storeFailed('read', error));
      }
    },
    prune: (pruneOptions = {}) =>
      pruneDurableOperations(backend, {
        now: now(),
        retentionMs: options.retentionMs,
        pageSize: options.prunePageSize,
        maxPages: options.maxPrunePages,
        ...pruneOptions,
      }).catch((error: unknown) => failure(storeFailed('prune', error))),
  };
}
