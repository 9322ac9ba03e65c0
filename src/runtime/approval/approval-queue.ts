/**
 * The approval queue (R18): pending `ask` decisions as a small store an approval surface
 * renders. It never holds raw arguments and never runs a tool. Each request is bound to its
 * toolCallId, tool name and argument fingerprint; once resolved it is never asked again.
 */
import type { ToolPolicyInput } from '../registry/policy.js';
import { summarizeSafeArguments } from './safe-arguments.js';

export type ToolApprovalDecision = 'approved' | 'denied';

export interface ToolApprovalSnapshot {
  id: string;
  method: 'tools/call';
  toolName: string;
  description: string;
  /** The provider's call id. */
  toolCallId: string;
  sessionId?: string;
  source: string;
  mode: string;
  argumentNames: string[];
  /** Only `safeArgumentNames` values, bounded; never source-like or credential values. */
  safeArguments: Record<string, string | number | boolean | null>;
  createdAt: number;
}

export interface ToolApprovalStore {
  getSnapshot(): readonly ToolApprovalSnapshot[];
  subscribe(listener: () => void): () => void;
}

export interface ToolApprovalQueue {
  request(input: ToolPolicyInput, signal?: AbortSignal): Promise<ToolApprovalDecision>;
  /** Returns false when `id` is not pending (already resolved, denied or unknown). */
  resolve(id: string, decision: ToolApprovalDecision): boolean;
  /** Denies every pending request (unmount, disconnect, Escape on a surface that owns all). */
  denyAll(): void;
  readonly store: ToolApprovalStore;
}

export interface ToolApprovalQueueOptions {
  safeArgumentNames?: readonly string[];
  idPrefix?: string;
  /** How many resolved bindings are remembered to refuse a replayed request. */
  maxResolved?: number;
}

interface Pending {
  snapshot: ToolApprovalSnapshot;
  binding: string;
  settle(decision: ToolApprovalDecision): void;
}

export function createToolApprovalQueue(options: ToolApprovalQueueOptions = {}): ToolApprovalQueue {
  const safeNames = new Set(options.safeArgumentNames ?? []);
  const idPrefix = options.idPrefix ?? 'approval-';
  const maxResolved = options.maxResolved ?? 1000;
  const pending = new Map<string, Pending>();
  const pendingCalls = new Set<string>();
  const resolvedBindings = new Set<string>();
  const listeners = new Set<() => void>();
  let snapshot: readonly ToolApprovalSnapshot[] = Object.freeze([]);
  let counter = 0;

  const publish = () => {
    snapshot = Object.freeze([...pending.values()].map((entry) => entry.snapshot));
    for (const listener of [...listeners]) {
      try {
        listener();
      } catch (error) {
        console.error('ToolApprovalQueue listener failed', error);
      }
    }
  };

  const remember = (binding: string) => {
    resolvedBindings.add(binding);
    if (resolvedBindings.size > maxResolved) {
      resolvedBindings.delete(resolvedBindings.values().next().value as string);
    }
  };

  const finish = (id: string, decision: ToolApprovalDecision): boolean => {
    const entry = pending.get(id);
    if (!entry) return false;
    pending.delete(id);
    pendingCalls.delete(entry.snapshot.toolCallId);
    remember(entry.binding);
    entry.settle(decision);
    publish();
    return true;
  };

  return {
    request(input, signal) {
      const binding = `${input.toolCallId}\u0000${input.toolName}\u0000${input.argumentFingerprint}`;
      // A duplicate call id, a replayed binding or an already-aborted signal is a denial.
      if (signal?.aborted || pendingCalls.has(input.toolCallId) || resolvedBindings.has(binding)) {
        return Promise.resolve('denied');
      }
      const id = `${idPrefix}${++counter}`;
      return new Promise<ToolApprovalDecision>((resolve) => {
        const onAbort = () => finish(id, 'denied');
        pending.set(id, {
          binding,
          settle(decision) {
            signal?.removeEventListener('abort', onAbort);
            resolve(decision);
          },
          snapshot: Object.freeze({
            id,
            method: 'tools/call',
            toolName: input.toolName,
            description: input.definition.description,
            toolCallId: input.toolCallId,
            ...(input.context.sessionId === undefined
              ? {}
              : { sessionId: input.context.sessionId }),
            source: input.context.source,
            mode: input.context.mode,
            argumentNames: Object.keys(input.arguments),
            safeArguments: summarizeSafeArguments(input.arguments, safeNames),
            createdAt: Date.now(),
          }),
        });
        pendingCalls.add(input.toolCallId);
        signal?.addEventListener('abort', onAbort, { once: true });
        publish();
      });
    },
    resolve(id, decision) {
      return finish(id, decision === 'approved' ? 'approved' : 'denied');
    },
    denyAll() {
      for (const id of [...pending.keys()]) finish(id, 'denied');
    },
    store: {
      getSnapshot: () => snapshot,
      subscribe(listener) {
        listeners.add(listener);
        return () => listeners.delete(listener);
      },
    },
  };
}
