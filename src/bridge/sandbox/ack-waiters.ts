/**
 * Pending `waitForRevision` calls: each settles exactly once, on the matching acknowledgement,
 * a runtime error of that revision, a newer revision, its timeout or its abort signal.
 */
import {
  failure,
  TOOL_CALL_ERROR_CODES,
  toolError,
  type Outcome,
} from '../../runtime/protocol/index.js';
import {
  PREVIEW_ERROR_CODES,
  previewError,
  type PreviewAcknowledgement,
  type PreviewStatus,
} from '../../runtime/preview/index.js';

type AckOutcome = Outcome<PreviewAcknowledgement>;

/**
 * The answer for a revision the preview has already settled: the shown one, ready or in error,
 * or an earlier one, acknowledged (among the last `acked`) or superseded. Later revisions wait.
 */
export function settledAnswer(
  revision: number,
  current: number | undefined,
  { state, error }: PreviewStatus,
  acked: readonly number[],
): AckOutcome | undefined {
  if (current === undefined || revision > current) return undefined;
  if (revision === current && state === 'ready') return { ok: true, value: { revision, state } };
  if (revision === current && state === 'error') {
    return failure(
      previewError(
        PREVIEW_ERROR_CODES.PREVIEW_RUNTIME_ERROR,
        `The preview failed at revision ${revision}: ${error ?? 'runtime error'}`,
        { revision },
      ),
    );
  }
  if (revision === current) return undefined;
  return acked.includes(revision)
    ? { ok: true, value: { revision, state: 'ready' } }
    : failure(
        previewError(
          PREVIEW_ERROR_CODES.PREVIEW_REVISION_SUPERSEDED,
          `Revision ${revision} was superseded by revision ${current} before the preview acknowledged it.`,
          { revision, currentRevision: current },
        ),
      );
}

interface Waiter {
  revision: number;
  settle(outcome: AckOutcome): void;
}

export class AckWaiters {
  private readonly waiters = new Set<Waiter>();

  wait(revision: number, signal: AbortSignal, timeoutMs: number): Promise<AckOutcome> {
    if (signal.aborted) return Promise.resolve(cancelled(revision));
    return new Promise((resolve) => {
      const timer = setTimeout(
        () =>
          waiter.settle(
            failure(
              previewError(
                PREVIEW_ERROR_CODES.PREVIEW_ACK_TIMEOUT,
                `The preview did not acknowledge revision ${revision} within ${timeoutMs} ms.`,
                { revision, timeoutMs },
              ),
            ),
          ),
        timeoutMs,
      );
      const onAbort = () => waiter.settle(cancelled(revision));
      const waiter: Waiter = {
        revision,
        settle: (outcome) => {
          clearTimeout(timer);
          signal.removeEventListener('abort', onAbort);
          this.waiters.delete(waiter);
          resolve(outcome);
        },
      };
      signal.addEventListener('abort', onAbort, { once: true });
      this.waiters.add(waiter);
    });
  }

  acknowledge(revision: number): void {
    this.settleWhere(
      (waiter) => waiter.revision === revision,
      () => ({
        ok: true,
        value: { revision, state: 'ready' },
      }),
    );
  }

  fail(revision: number, message: string): void {
    this.settleWhere(
      (waiter) => waiter.revision === revision,
      () =>
        failure(
          previewError(
            PREVIEW_ERROR_CODES.PREVIEW_RUNTIME_ERROR,
            `The preview failed at revision ${revision}: ${message}`,
            {
              revision,
            },
          ),
        ),
    );
  }

  /** A newer revision is being shown: older waiters can no longer be acknowledged. */
  supersede(current: number): void {
    this.settleWhere(
      (waiter) => waiter.revision < current,
      (waiter) =>
        failure(
          previewError(
            PREVIEW_ERROR_CODES.PREVIEW_REVISION_SUPERSEDED,
            `Revision ${waiter.revision} was superseded by revision ${current} before the preview acknowledged it.`,
            { revision: waiter.revision, currentRevision: current },
          ),
        ),
    );
  }

  /** The preview went away: every waiter gets a structured, retryable error. */
  close(): void {
    this.settleWhere(
      () => true,
      (waiter) =>
        failure(
          toolError(
            TOOL_CALL_ERROR_CODES.TOOL_CAPABILITY_UNAVAILABLE,
            `The preview was disconnected before it acknowledged revision ${waiter.revision}.`,
            true,
            { revision: waiter.revision },
          ),
        ),
    );
  }

  private settleWhere(match: (waiter: Waiter) => boolean, outcome: (waiter: Waiter) => AckOutcome) {
    for (const waiter of [...this.waiters]) if (match(waiter)) waiter.settle(outcome(waiter));
  }
}

const cancelled = (revision: number): AckOutcome =>
  failure(
    toolError(
      TOOL_CALL_ERROR_CODES.TOOL_CANCELLED,
      `Waiting for preview revision ${revision} was cancelled.`,
      true,
      {
        revision,
      },
    ),
  );
