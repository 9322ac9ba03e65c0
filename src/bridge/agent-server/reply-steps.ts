/**
 * Model steps each reply has taken, counted on the server. A reply's assistant message id is
 * issued here on its first step; the browser sends that message back with its tool results,
 * and each continuation counts one more step against the id. Nothing the browser sends sets
 * the count, so a forged history cannot reset it; an id this server did not issue (or has
 * forgotten) continues nothing.
 */
export interface ReplyStepLimits {
  /** Model steps one reply may take. */
  maxSteps: number;
  /** Replies remembered at once; past it the one idle longest is forgotten. */
  maxReplies: number;
  /** A reply with no step for this long is forgotten. */
  replyIdleMs: number;
}

export type StepVerdict = 'ok' | 'unknown-reply' | 'step-limit';

export interface ReplySteps {
  /** Starts a reply (its first step) and returns its assistant message id. */
  start(): string;
  /** Counts one more step of reply `id`, unless it is unknown or has used every step. */
  continue(id: string): StepVerdict;
}

interface Reply {
  steps: number;
  lastStep: number;
}

export function createReplySteps(limits: ReplyStepLimits): ReplySteps {
  // Insertion order is recency: a reply is re-inserted on each step, so the first is the oldest.
  const replies = new Map<string, Reply>();

  const forgetStale = (now: number) => {
    for (const [id, reply] of replies) {
      if (now - reply.lastStep < limits.replyIdleMs && replies.size < limits.maxReplies) return;
      replies.delete(id);
    }
  };

  return {
    start() {
      const now = Date.now();
      forgetStale(now);
      // Web Crypto, so the handler still runs on edge runtimes without Node's modules.
      const id = crypto.randomUUID();
      replies.set(id, { steps: 1, lastStep: now });
      return id;
    },
    continue(id) {
      const now = Date.now();
      const reply = replies.get(id);
      if (!reply || now - reply.lastStep >= limits.replyIdleMs) {
        replies.delete(id);
        return 'unknown-reply';
      }
      if (reply.steps >= limits.maxSteps) return 'step-limit';
      replies.delete(id);
      replies.set(id, { steps: reply.steps + 1, lastStep: now });
      return 'ok';
    },
  };
}
