/**
 * The durable operation record and the backend port every store (memory, IndexedDB, Redis,
 * PostgreSQL) implements. One record guards one logical mutation, keyed by its idempotency key.
 */

/** `pending` is leased to one owner; the other three are outcomes. `unknown` needs recovery. */
export type DurableOperationState = 'pending' | 'completed' | 'failed' | 'unknown';

/**
 * One logical operation's durable record, keyed by its idempotency key: its state, lease, outcome
 * and revision.
 */
export interface DurableOperationRecord {
  key: string;
  /** Digest of the request; a second call with another fingerprint is a conflict. */
  fingerprint: string;
  state: DurableOperationState;
  /** The owner that claimed the latest attempt. */
  ownerId: string;
  /** Epoch ms after which another owner may reclaim a `pending` record. */
  leaseExpiresAt: number;
  /** Bumped by every write; the compare-and-set token. */
  revision: number;
  /** How many owners have claimed this key (reclaims after lease expiry add one). */
  attempt: number;
  /** `completed` only: the lossless result, replayed to later callers. */
  result?: unknown;
  /** `failed` and `unknown`: a bounded, code-like reason. */
  reason?: string;
  /** `failed` and `unknown`: bounded, redacted evidence for reconciliation. */
  diagnostic?: unknown;
  /** Set when an `unknown` record was resolved: who decided. */
  resolvedBy?: string;
  createdAt: number;
  updatedAt: number;
}

/** One page of records in key order. */
export interface DurableOperationPage {
  records: DurableOperationRecord[];
  /** Absent on the last page. Keyset-based, so it stays valid when earlier records go. */
  nextCursor?: string;
}

/** One atomic write: apply `next` only if the stored revision is still `expectedRevision`. */
export interface DurableOperationCompareAndSet {
  key: string;
  /** `null`: the record must not exist yet. */
  expectedRevision: number | null;
  /** `null`: delete the record. */
  next: DurableOperationRecord | null;
}

/**
 * Storage port. Implementations throw only for I/O failures; a lost race is `false`, never an
 * exception, and never an overwrite.
 */
export interface DurableOperationBackend {
  read(key: string): Promise<DurableOperationRecord | undefined>;
  /** Atomically applies `next` when the stored revision equals `expectedRevision`. */
  compareAndSet(change: DurableOperationCompareAndSet): Promise<boolean>;
  /** Keyset scan in key order, starting after `cursor`. */
  listPage?(options: { cursor?: string; limit: number }): Promise<DurableOperationPage>;
  /** Compatibility scan for small stores without `listPage`. */
  list?(): Promise<DurableOperationRecord[]>;
  /** Releases the local connection; records stay. */
  close?(): Promise<void> | void;
}
