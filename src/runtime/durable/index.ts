/** Durable operations: exactly-once guards for mutations across tabs, processes and hosts. */
export type {
  DurableOperationBackend,
  DurableOperationCompareAndSet,
  DurableOperationPage,
  DurableOperationRecord,
  DurableOperationState,
} from './types.js';
export {
  DURABLE_OPERATION_ERROR_CODES,
  durableError,
  type DurableOperationErrorCode,
} from './errors.js';
export {
  DEFAULT_DIAGNOSTIC_LIMITS,
  type DiagnosticLimits,
  MAX_REASON_LENGTH,
  sanitizeDurableDiagnostic,
  sanitizeDurableReason,
} from './diagnostics.js';
export type {
  DurableClaim,
  DurableClaimInput,
  DurableOperationStore,
  DurableResolution,
  OwnerTransition,
} from './store-api.js';
export { createDurableOperationStore, type DurableOperationStoreOptions } from './store.js';
export {
  DEFAULT_MAX_PRUNE_PAGES,
  DEFAULT_PRUNE_PAGE_SIZE,
  DEFAULT_RETENTION_MS,
  type DurablePruneOptions,
  type DurablePruneReport,
  pruneDurableOperations,
} from './prune.js';
export {
  createMemoryDurableOperationBackend,
  type MemoryDurableOperationBackend,
} from './memory-backend.js';
export {
  createDurableSideEffectRunner,
  type DurableSideEffectExecution,
  type DurableSideEffectOutcome,
  type DurableSideEffectResolution,
  type DurableSideEffectResolver,
  type DurableSideEffectRunInput,
  type DurableSideEffectRunner,
  type DurableSideEffectRunnerOptions,
  outcomeFromRecord,
} from './side-effect-runner.js';
export {
  type HttpSideEffectClassifier,
  type HttpSideEffectInput,
  type HttpSideEffectObservation,
  type HttpSideEffectRequest,
  type HttpSideEffectResponse,
  IDEMPOTENCY_KEY_HEADER,
  runHttpSideEffect,
} from './http-side-effect.js';
export {
  type QueueAcknowledgementObservation,
  type QueueSideEffectInput,
  runQueueSideEffect,
} from './queue-side-effect.js';
