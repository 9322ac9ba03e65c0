/**
 * The approval queue (R18): pending `ask` decisions as a small store an approval surface
 * renders. It never holds raw arguments and never runs a tool. Each request is bound to its
 * toolCallId, tool name and argument fingerprint; once resolved it is never asked again.
 */
import type { ToolCallError } from '../protocol/errors.js';
import type { ToolPolicyInput } from '../registry/policy.js';
import { WORKSPACE_ERROR_CODES, workspaceError } from '../workspace/codes.js';
import type { WorkspaceSource } from '../workspace/types.js';
import { trackChange, type ApprovalChange } from './approval-change.js';
import type { WorkspaceChangeSource } from './tool-change.js';
import {
  approvalChoices,
  createGrantList,
  type ToolApprovalChoiceOptions,
  type ToolApprovalChoices,
  type ToolApprovalGrantStore,
} from './session-grants.js';
import {
  summarizeSafeArguments,
  summarizeTextArguments,
  type TextArgumentSize,
} from './safe-arguments.js';

/** What a person decided on an approval card. */
export type ToolApprovalDecision = 'approved' | 'denied';
/** An approval the queue could not honour: the call fails with `error` and runs no handler. */
export interface ToolApprovalRefusal {
  error: ToolCallError;
}
/** A denial with the person's reason, which the call's error text carries back to the model. */
export interface ToolApprovalDenial {
  denied: true;
  reason: string;
}
/**
 * `unavailable`: the queue needs a connected surface and has none (TOOL_APPROVAL_UNAVAILABLE);
 * a refusal: approved, but for a change the call would no longer make; a denial with a reason.
 */
export type ToolApprovalAnswer =
  ToolApprovalDecision | 'unavailable' | ToolApprovalRefusal | ToolApprovalDenial;

/** How a person answered beyond approve/deny: a reason for a denial, or "for this session". */
export interface ToolApprovalResolveOptions {
  /** With `denied`: told to the model as the call's error text (trimmed, at most 500 characters). */
  reason?: string;
  /** With `approved`: allow this tool for this caller until revoked, when the card offers it. */
  remember?: 'session';
}

const MAX_REASON = 500;

/**
 * A pending approval as a surface renders it: the call's identity, bounded argument summaries and
 * its change; never raw arguments.
 */
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
  /** Every other text argument, by size only: characters and lines. */
  textArguments: TextArgumentSize[];
  /**
   * What the call would change, from the tool's own `describeChange`, kept current while the
   * request waits: per file, its text before and after with +/− line and size counts.
   */
  change?: ApprovalChange;
  /** The answers this card may offer (site options and the tool's destructiveness). */
  choices: ToolApprovalChoices;
  createdAt: number;
}

/** The pending approvals for a surface to render, with change notifications. */
export interface ToolApprovalStore {
  getSnapshot(): readonly ToolApprovalSnapshot[];
  subscribe(listener: () => void): () => void;
}

/**
 * Where the registry's `ask` decisions wait for a person; it never holds raw arguments and never
 * runs a tool.
 */
export interface ToolApprovalQueue {
  request(input: ToolPolicyInput, signal?: AbortSignal): Promise<ToolApprovalAnswer>;
  /**
   * An approval surface, or a host's own handler, announces itself until the returned function
   * is called. With `requireSurface`, requests while none is connected are answered
   * `unavailable` at once, and the last one leaving denies what is still pending.
   */
  connect(): () => void;
  /**
   * Returns false when `id` is not pending (already resolved, denied or unknown), or when
   * `remember: 'session'` is asked of a card that does not offer it (nothing is resolved then).
   */
  resolve(
    id: string,
    decision: ToolApprovalDecision,
    options?: ToolApprovalResolveOptions,
  ): boolean;
  /** Denies every pending request (unmount, disconnect, Escape on a surface that owns all). */
  denyAll(): void;
  readonly store: ToolApprovalStore;
  /** "Allow for this session" grants: a granted tool and caller skip the card until revoked. */
  readonly grants?: ToolApprovalGrantStore;
}

/**
 * How a queue builds and keeps its cards: which argument values they may show, the workspace their
 * change is read from, and whether a surface must be connected.
 */
export interface ToolApprovalQueueOptions {
  safeArgumentNames?: readonly string[];
  idPrefix?: string;
  /** How many resolved bindings are remembered to refuse a replayed request. */
  maxResolved?: number;
  /** Answer `unavailable` while no surface is connected, instead of waiting for one. */
  requireSurface?: boolean;
  /**
   * What tools' `describeChange` reads. Its changes recompute every waiting card, and an
   * approval whose call would now make another edit than requested fails with
   * `WORKSPACE_REVISION_CONFLICT`.
   */
  workspace?: WorkspaceChangeSource & Pick<WorkspaceSource, 'subscribe'>;
  /** Which answers cards offer; "allow for session" never for a destructive tool by default. */
  choices?: ToolApprovalChoiceOptions;
}

interface Pending {
  snapshot: ToolApprovalSnapshot;
  binding: string;
  input: ToolPolicyInput;
  /** The edit the request asked for; undefined when the tool describes no change. */
  requestedEdit?: string;
  settle(answer: ToolApprovalDecision | ToolApprovalRefusal | ToolApprovalDenial): void;
}

function staleRefusal(toolName: string): ToolApprovalRefusal {
  return {
    error: workspaceError(
      WORKSPACE_ERROR_CODES.WORKSPACE_REVISION_CONFLICT,
      `The workspace changed while the call to ${toolName} waited for approval; read it again.`,
      { operation: toolName, reason: 'changed-while-waiting' },
    ),
  };
}

/** Creates an empty approval queue. */
export function createToolApprovalQueue(
  options: ToolApprovalQueueOptions = {},
): ToolApprovalQueue & { readonly grants: ToolApprovalGrantStore } {
  const safeNames = new Set(options.safeArgumentNames);
  const idPrefix = options.idPrefix ?? 'approval-';
  const maxResolved = options.maxResolved ?? 1000;
  const pending = new Map<string, Pending>();
  const pendingCalls = new Set<string>();
  const resolvedBindings = new Set<string>();
  const listeners = new Set<() => void>();
  let snapshot: readonly ToolApprovalSnapshot[] = Object.freeze([]);
  let counter = 0;
  let surfaces = 0;
  const workspace = options.workspace;
  let unwatch: (() => void) | undefined;
  const choiceOptions = options.choices ?? {};
  const grants = createGrantList();

  /** Recomputes every waiting card's change; publishes when one differs. */
  const recompute = () => {
    let moved = false;
    for (const entry of pending.values()) {
      if (entry.requestedEdit === undefined) continue;
      const now = trackChange(entry.input, workspace, entry.requestedEdit);
      const before = entry.snapshot.change;
      if (now && before && JSON.stringify(now.change) === JSON.stringify(before)) continue;
      const { change: _dropped, ...rest } = entry.snapshot;
      entry.snapshot = Object.freeze(now ? { ...rest, change: now.change } : rest);
      moved = true;
    }
    if (moved) publish();
  };

  /** Watches the workspace only while a card with a change waits. */
  const watch = () => {
    const needed = [...pending.values()].some((entry) => entry.requestedEdit !== undefined);
    if (needed && !unwatch && workspace) unwatch = workspace.subscribe(recompute);
    if (!needed && unwatch) {
      unwatch();
      unwatch = undefined;
    }
  };

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

  const rememberBinding = (binding: string) => {
    resolvedBindings.add(binding);
    if (resolvedBindings.size > maxResolved) {
      resolvedBindings.delete(resolvedBindings.values().next().value as string);
    }
  };

  const finish = (
    id: string,
    decision: ToolApprovalDecision,
    resolveOptions: ToolApprovalResolveOptions = {},
  ): boolean => {
    const entry = pending.get(id);
    if (!entry) return false;
    const remember = decision === 'approved' && resolveOptions.remember === 'session';
    if (remember && !entry.snapshot.choices.session) return false;
    const reason =
      decision === 'denied' && entry.snapshot.choices.reason
        ? resolveOptions.reason?.trim().slice(0, MAX_REASON)
        : undefined;
    pending.delete(id);
    pendingCalls.delete(entry.snapshot.toolCallId);
    rememberBinding(entry.binding);
    watch();
    // Checked as the handler is about to run: the approval holds for the edit requested only.
    const stale =
      decision === 'approved' &&
      entry.requestedEdit !== undefined &&
      trackChange(entry.input, workspace, entry.requestedEdit)?.change.stale !== false;
    if (remember && !stale) grants.add(entry.input);
    entry.settle(
      stale ? staleRefusal(entry.input.toolName) : reason ? { denied: true, reason } : decision,
    );
    publish();
    return true;
  };

  const denyAll = () => {
    for (const id of [...pending.keys()]) finish(id, 'denied');
  };

  return {
    request(input, signal) {
      const binding = `${input.toolCallId}\u0000${input.toolName}\u0000${input.argumentFingerprint}`;
      // A duplicate call id, a replayed binding or an already-aborted signal is a denial.
      if (signal?.aborted || pendingCalls.has(input.toolCallId) || resolvedBindings.has(binding)) {
        return Promise.resolve('denied');
      }
      // A standing "allow for this session" for this tool and caller answers without a card.
      if (grants.has(input) && approvalChoices(input, choiceOptions).session) {
        rememberBinding(binding);
        return Promise.resolve('approved');
      }
      if (options.requireSurface && surfaces === 0) return Promise.resolve('unavailable');
      const id = `${idPrefix}${++counter}`;
      const safeArguments = summarizeSafeArguments(input.arguments, safeNames);
      const tracked = trackChange(input, workspace);
      const change = tracked?.change;
      return new Promise<ToolApprovalAnswer>((resolve) => {
        const onAbort = () => finish(id, 'denied');
        pending.set(id, {
          binding,
          input,
          ...(tracked ? { requestedEdit: tracked.edit } : {}),
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
            safeArguments,
            textArguments: summarizeTextArguments(input.arguments, safeArguments),
            ...(change ? { change } : {}),
            choices: approvalChoices(input, choiceOptions),
            createdAt: Date.now(),
          }),
        });
        pendingCalls.add(input.toolCallId);
        watch();
        // `settle` removes the listener, whoever finishes the request.
        signal?.addEventListener('abort', onAbort);
        publish();
      });
    },
    resolve(id, decision, resolveOptions) {
      return finish(id, decision === 'approved' ? 'approved' : 'denied', resolveOptions);
    },
    grants,
    denyAll,
    connect() {
      surfaces++;
      let connected = true;
      return () => {
        if (!connected) return;
        connected = false;
        // Nobody is left to answer: what is pending is denied rather than left waiting.
        if (--surfaces === 0 && options.requireSurface) denyAll();
      };
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
