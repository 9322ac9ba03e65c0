/**
 * The approval queue (R18): pending `ask` decisions as a small store an approval surface
 * renders. It never holds raw arguments and never runs a tool. Each request is bound to its
 * toolCallId, tool name and argument fingerprint; once resolved it is never asked again.
 */
import {
  failure,
  TOOL_CALL_ERROR_CODES,
  toolError,
  type Outcome,
  type ToolCallError,
} from '../protocol/errors.js';
import type { ToolPolicyInput } from '../registry/policy.js';
import { WORKSPACE_ERROR_CODES, workspaceError } from '../workspace/codes.js';
import type { WorkspaceSource } from '../workspace/types.js';
import {
  describeRequest,
  trackChange,
  type ApprovalChange,
  type DescribeRequest,
} from './approval-change.js';
import {
  changeView,
  DEFAULT_MAX_CHANGE_VIEW_CHARACTERS,
  type ApprovalChangeView,
} from './change-view.js';
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
 * its change's counts; never raw arguments and never file text (see `getChange`).
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
   * request waits: per file, its path, status, +/− lines and sizes. The text is read on demand
   * with the queue's `getChange(id)`.
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
   * Returns false when `id` is not pending (already resolved, denied or unknown), or when the
   * card does not offer the answer: `remember: 'session'` without Allow for this session, or a
   * plain approval without Allow once (nothing is resolved then).
   */
  resolve(
    id: string,
    decision: ToolApprovalDecision,
    options?: ToolApprovalResolveOptions,
  ): boolean;
  /** Denies every pending request (unmount, disconnect, Escape on a surface that owns all). */
  denyAll(): void;
  readonly store: ToolApprovalStore;
  /**
   * The text behind pending approval `id`'s change, computed now and handed to this caller only
   * (bounded: see `ToolApprovalQueueOptions.maxChangeCharacters`). Fails with
   * `TOOL_APPROVAL_NOT_PENDING` when `id` is not waiting.
   */
  getChange?(id: string): Outcome<ApprovalChangeView>;
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
  /**
   * At most this many characters of file text (before and after, every file) in one `getChange`
   * view; a file past it is listed without text. Default: 1,000,000.
   */
  maxChangeCharacters?: number;
}

/** A waiting request: its card, and what it needs to check itself. No arguments, no file text. */
interface Pending {
  snapshot: ToolApprovalSnapshot;
  binding: string;
  /** The tool's `describeChange` bound to the call's arguments, for the card and `getChange`. */
  describe?: DescribeRequest;
  /** A digest of the edit the request asked for; undefined when the tool describes no change. */
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
): ToolApprovalQueue & {
  readonly grants: ToolApprovalGrantStore;
  getChange(id: string): Outcome<ApprovalChangeView>;
} {
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
  const maxChange = options.maxChangeCharacters ?? DEFAULT_MAX_CHANGE_VIEW_CHARACTERS;

  /** Recomputes every waiting card's change; publishes when one differs. */
  const recompute = () => {
    let moved = false;
    for (const entry of pending.values()) {
      if (entry.requestedEdit === undefined) continue;
      const now = trackChange(entry.describe, workspace, entry.requestedEdit);
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
    // An answer the card does not offer is refused, and the request keeps waiting.
    if (
      remember
        ? !entry.snapshot.choices.session
        : decision === 'approved' && !entry.snapshot.choices.once
    )
      return false;
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
      trackChange(entry.describe, workspace, entry.requestedEdit)?.change.stale !== false;
    const { toolName, source } = entry.snapshot;
    if (remember && !stale) grants.add(toolName, source);
    entry.settle(stale ? staleRefusal(toolName) : reason ? { denied: true, reason } : decision);
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
      const describe = describeRequest(input);
      const tracked = trackChange(describe, workspace);
      const change = tracked?.change;
      return new Promise<ToolApprovalAnswer>((resolve) => {
        const onAbort = () => finish(id, 'denied');
        pending.set(id, {
          binding,
          ...(describe ? { describe } : {}),
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
    getChange(id) {
      const entry = pending.get(id);
      if (!entry) {
        return failure(
          toolError(
            TOOL_CALL_ERROR_CODES.TOOL_APPROVAL_NOT_PENDING,
            `No approval ${id} is waiting: it was decided, denied or never asked.`,
            false,
            { id },
          ),
        );
      }
      const tracked = trackChange(entry.describe, workspace, entry.requestedEdit);
      if (!tracked) {
        const none = {
          files: [],
          added: 0,
          removed: 0,
          stale: false,
          note: 'No change described.',
        };
        return { ok: true, value: { ...none, id, maxCharacters: maxChange, omitted: 0 } };
      }
      return { ok: true, value: changeView(id, tracked, maxChange) };
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
