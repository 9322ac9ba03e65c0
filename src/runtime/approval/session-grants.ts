/**
 * "Allow this tool for this session": a person's standing answer for one tool and one caller
 * (its source), kept for the runtime's life only, listed and revocable. A destructive tool
 * (`destructiveHint`) gets none unless the site's queue options permit it.
 */
import type { ToolPolicyInput } from '../registry/policy.js';

/** One standing "allow" a person gave: this tool, for this caller, until revoked. */
export interface ToolApprovalGrant {
  id: string;
  toolName: string;
  /** The caller it holds for: the call context's `source` (`model`, `mcp`, `agent` …). */
  source: string;
  createdAt: number;
}

/** Which answers a card may offer, as the site's options and the tool allow. */
export interface ToolApprovalChoices {
  /** Allow once (always true unless the site turned it off). */
  once: boolean;
  /** Allow this tool for this caller for the rest of the session. */
  session: boolean;
  /** Deny with a reason the model reads as the call's error text. */
  reason: boolean;
}

/** A site's switches for the approval choices; every one defaults to on (destructive: off). */
export interface ToolApprovalChoiceOptions {
  allowOnce?: boolean;
  allowSession?: boolean;
  /** Session grants for tools marked `destructiveHint`. Default: false. */
  allowSessionForDestructive?: boolean;
  denyReason?: boolean;
}

/** The standing grants, as Model settings lists them, with change notifications. */
export interface ToolApprovalGrantStore {
  getSnapshot(): readonly ToolApprovalGrant[];
  subscribe(listener: () => void): () => void;
  /** Returns false when `id` is not a current grant. */
  revoke(id: string): boolean;
  /** Revokes every grant. */
  clear(): void;
}

const key = (toolName: string, source: string) => `${toolName}\u0000${source}`;

/** The choices a card for `input` may offer under `options`. */
export function approvalChoices(
  input: ToolPolicyInput,
  options: ToolApprovalChoiceOptions,
): ToolApprovalChoices {
  const destructive = input.definition.annotations?.destructiveHint === true;
  return {
    once: options.allowOnce !== false,
    session:
      options.allowSession !== false &&
      (!destructive || options.allowSessionForDestructive === true),
    reason: options.denyReason !== false,
  };
}

/** The grant list of one queue: `has` is read on every request, `add` on "allow for session". */
export function createGrantList(): ToolApprovalGrantStore & {
  has(input: ToolPolicyInput): boolean;
  add(toolName: string, source: string): void;
} {
  const grants = new Map<string, ToolApprovalGrant>();
  const listeners = new Set<() => void>();
  let snapshot: readonly ToolApprovalGrant[] = Object.freeze([]);
  let counter = 0;
  const publish = () => {
    snapshot = Object.freeze([...grants.values()]);
    for (const listener of [...listeners]) listener();
  };
  return {
    has: (input) => grants.has(key(input.toolName, input.context.source)),
    add(toolName, source) {
      const id = key(toolName, source);
      if (grants.has(id)) return;
      grants.set(
        id,
        Object.freeze({
          id: `grant-${++counter}`,
          toolName,
          source,
          createdAt: Date.now(),
        }),
      );
      publish();
    },
    getSnapshot: () => snapshot,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    revoke(id) {
      const entry = [...grants].find(([, grant]) => grant.id === id);
      if (!entry) return false;
      grants.delete(entry[0]);
      publish();
      return true;
    },
    clear() {
      if (grants.size === 0) return;
      grants.clear();
      publish();
    },
  };
}
