/**
 * The abort sources of one call (R10): the caller's signal and the `timeout`, linked to one
 * controller whose signal the handler receives. A timeout aborts that signal too; it is not
 * just a race. When nothing can abort a call, no controller is made until a handler asks.
 */
import {
  TOOL_CALL_ERROR_CODES as CODES,
  toolError,
  type ToolCallError,
} from '../protocol/errors.js';

export interface CallAbort {
  /**
   * The signal policy, approval queue and handler receive. Always this call's own: a signal
   * shared by calls would collect a listener per pending approval and never release them.
   */
  readonly signal: AbortSignal;
  kind(): 'cancelled' | 'timeout' | undefined;
  /** Resolves when the call is aborted; absent when nothing can abort it. */
  readonly aborted?: Promise<void>;
  dispose(): void;
}

// A class, not an object literal with a getter: V8 builds accessor literals slowly, and this
// runs on every call.
class UnabortableCall implements CallAbort {
  private controller: AbortController | undefined = undefined;
  get signal(): AbortSignal {
    return (this.controller ??= new AbortController()).signal;
  }
  kind(): undefined {
    return undefined;
  }
  dispose(): void {}
}

export function createCallAbort(
  signal: AbortSignal | undefined,
  timeout: number | undefined,
): CallAbort {
  // Nothing can abort this call: its signal is made only when a policy or handler reads it.
  if (!signal && timeout === undefined) return new UnabortableCall();
  const controller = new AbortController();
  let kind: 'cancelled' | 'timeout' | undefined;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let onCancel: (() => void) | undefined;
  const aborted = new Promise<void>((resolve) => {
    onCancel = () => {
      kind ??= 'cancelled';
      controller.abort(signal?.reason);
      resolve();
    };
    if (signal?.aborted) onCancel();
    else signal?.addEventListener('abort', onCancel, { once: true });
    if (timeout !== undefined && !kind) {
      timer = setTimeout(() => {
        kind ??= 'timeout';
        controller.abort(new DOMException(`Timed out after ${timeout} ms.`, 'TimeoutError'));
        resolve();
      }, timeout);
    }
  });
  return {
    signal: controller.signal,
    kind: () => kind,
    aborted,
    dispose() {
      if (timer !== undefined) clearTimeout(timer);
      if (onCancel) signal?.removeEventListener('abort', onCancel);
    },
  };
}

export function abortError(
  abort: CallAbort,
  timeout: number | undefined,
  toolName: string,
): ToolCallError {
  if (abort.kind() === 'timeout') {
    return toolError(CODES.TOOL_TIMEOUT, `${toolName} timed out after ${timeout} ms.`, true, {
      timeoutMs: timeout,
      executionState: 'detached',
    });
  }
  return toolError(CODES.TOOL_CANCELLED, `${toolName} was cancelled.`, true);
}

/** Awaits `value` or the abort, whichever is first; `undefined` means aborted. */
export async function race<T>(
  value: Promise<T>,
  abort: CallAbort,
): Promise<{ value: T } | undefined> {
  if (!abort.aborted) return { value: await value };
  const settled = await Promise.race([
    value.then((v) => ({ value: v })),
    abort.aborted.then(() => undefined),
  ]);
  return abort.kind() ? undefined : settled;
}
