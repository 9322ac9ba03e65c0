/**
 * The shapes the registry's call path shares between its modules: what a call runs in, how its
 * lifecycle is told, and what the lifecycle reads of it. Kept in one module so the call,
 * admission, execution and lifecycle modules depend on it and never on one another's types.
 */
import type { ToolApprovalQueue } from '../approval/approval-queue.js';
import type { ToolCapabilityResolver } from '../protocol/capability.js';
import type { ToolCallListener } from '../protocol/events.js';
import type { ToolCallContext, ToolCallRequest, ToolCallResult } from '../protocol/types.js';
import type { ToolDescriptor } from './define-tool.js';
import type { ToolIdempotencyStore } from './idempotency.js';
import type { ToolPolicy } from './policy.js';
import type { Readiness } from './readiness.js';
import type { ToolScopeSource } from './tool-scope.js';

/**
 * What the registry does with arguments that fail the input schema: refuse the call (`strict`), log
 * a warning and run it (`warn`), or run it quietly (`silent`).
 */
export type ToolValidationMode = 'strict' | 'warn' | 'silent';

/** What the lifecycle reads of a call; `request` caches the redacted request for both events. */
export interface CallTrace {
  readonly traceId: string;
  readonly toolCallId: string;
  readonly toolName: string;
  readonly arguments: unknown;
  readonly context: ToolCallContext;
  readonly startedAt: number;
  readonly timeoutMs?: number;
  readonly maxOutputBytes?: number;
  request?: ToolCallRequest;
}

export interface Lifecycle {
  readonly listeners: Set<ToolCallListener>;
  nextTraceId(): string;
  started(call: CallTrace): void;
  finished(
    call: CallTrace,
    result: ToolCallResult,
    resultBytes: number | undefined,
    replayed: boolean,
  ): void;
}

/** A handler's success that committed `committedRevision` (`acknowledge.ts`). */
export type Committed = Record<string, unknown> & {
  committedRevision: number;
  structuredContent?: Record<string, unknown>;
};

/** The registry's memory of the last commit the preview did not acknowledge. */
export interface Acknowledgements {
  /** The workspace's current revision, when the registry was given a reader of it. */
  readonly revision?: () => number;
  /** That commit: the call's key (tool and arguments) and the success it was waiting to give. */
  last?: { key: string; revision: number; returned: Committed };
}

/** The registry's side of one call: lookup, validation mode, policy, approvals and lifecycle. */
export interface CallEnvironment {
  lookup(name: string): ToolDescriptor | undefined;
  isAllowed(name: string): boolean;
  validation: ToolValidationMode;
  policy: ToolPolicy;
  scope?: ToolScopeSource;
  approvalQueue?: ToolApprovalQueue;
  capabilityResolver?: ToolCapabilityResolver;
  idempotency: ToolIdempotencyStore;
  lifecycle: Lifecycle;
  /** The last commit the preview did not acknowledge, for a retry that must not write again. */
  acknowledgements: Acknowledgements;
  /** What calls wait for before anything else (the workspace's hydration). */
  readiness?: Readiness;
}
