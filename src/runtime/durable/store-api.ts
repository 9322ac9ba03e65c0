/**
 * The durable operation store's public surface: claim answers and the transitions. The state
 * machine itself is in store.ts.
 */
import type { Outcome } from '../protocol/errors.js';
import type { DurablePruneOptions, DurablePruneReport } from './prune.js';
import type { DurableOperationRecord } from './types.js';

/**
 * The answer to a claim: this owner runs it, another owner holds it, an earlier outcome replays,
 * the fingerprint conflicts, or the outcome is unknown.
 */
export type DurableClaim =
  | { status: 'owner'; record: DurableOperationRecord; reclaimed: boolean }
  | { status: 'pending'; record: DurableOperationRecord }
  | { status: 'replay'; record: DurableOperationRecord }
  | { status: 'conflict'; record: DurableOperationRecord }
  | { status: 'unknown'; record: DurableOperationRecord };

/**
 * What claiming a key takes: the key, the request's fingerprint, the claiming owner and its lease.
 */
export interface DurableClaimInput {
  key: string;
  fingerprint: string;
  ownerId: string;
  leaseMs: number;
}

/** Identifies the claim an owner settles: its key, owner and the revision the claim returned. */
export interface OwnerTransition {
  key: string;
  ownerId: string;
  /** The revision the owner's claim returned. */
  revision: number;
}

/** A reconciliation decision for an unknown record: it completed, or it failed. */
export type DurableResolution =
  | { state: 'completed'; result?: unknown }
  | { state: 'failed'; reason: string; diagnostic?: unknown };

/**
 * The durable operation state machine: claim a key, then complete, fail, release or mark it
 * unknown; reconcile unknown records; prune old ones.
 */
export interface DurableOperationStore {
  claim(input: DurableClaimInput): Promise<Outcome<DurableClaim>>;
  complete(input: OwnerTransition & { result?: unknown }): Promise<Outcome<DurableOperationRecord>>;
  fail(
    input: OwnerTransition & { reason: string; diagnostic?: unknown },
  ): Promise<Outcome<DurableOperationRecord>>;
  markUnknown(
    input: OwnerTransition & { reason: string; diagnostic?: unknown },
  ): Promise<Outcome<DurableOperationRecord>>;
  /**
   * Gives up a claim when nothing ran (a refusal before the handler, a retryable failure): the
   * record is deleted so the key can be claimed again. Returns the released record.
   */
  release(input: OwnerTransition): Promise<Outcome<DurableOperationRecord>>;
  /** Records a reconciliation decision; `actor` says who made it. Never re-runs anything. */
  resolveUnknown(input: {
    key: string;
    revision: number;
    actor: string;
    resolution: DurableResolution;
  }): Promise<Outcome<DurableOperationRecord>>;
  read(key: string): Promise<Outcome<DurableOperationRecord | undefined>>;
  /** Deletes terminal records older than the retention window, a bounded number of pages. */
  prune(options?: DurablePruneOptions): Promise<Outcome<DurablePruneReport>>;
}
