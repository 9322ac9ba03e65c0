/**
 * The context a handler receives (T3, T4): its signal, ids, call context, per-run capability
 * lookup and cleanup report. Once the run is terminal, `require` answers `tool-run-terminal`
 * and a late cleanup report is ignored.
 */
import type { ToolCapability, ToolCapabilityResolver } from '../protocol/capability.js';
import {
  failure,
  TOOL_CALL_ERROR_CODES as CODES,
  toolError,
  type Outcome,
} from '../protocol/errors.js';
import type { ToolCallContext, ToolCleanupReport } from '../protocol/types.js';
import type { ToolHandlerContext } from './define-tool.js';
import type { ToolCall } from './tool-call.js';

type Resolver = ToolCapabilityResolver | undefined;

function resolve<T>(
  capability: ToolCapability<T>,
  first: Resolver,
  second: Resolver,
): T | undefined {
  for (const resolver of [first, second]) {
    if (!resolver) continue;
    try {
      const value = resolver(capability);
      if (value !== undefined) return value;
    } catch {
      // A failing resolver is the same as a missing service.
    }
  }
  return undefined;
}

/** A class so the lazy getters live on the prototype (cheap per call). */
export class HandlerContext implements ToolHandlerContext {
  private terminal = false;
  private cleanupReport: ToolCleanupReport | undefined = undefined;
  readonly #call: ToolCall;

  constructor(call: ToolCall) {
    this.#call = call;
  }

  get signal(): AbortSignal {
    return this.#call.abort.signal;
  }

  get toolCallId(): string {
    return this.#call.toolCallId;
  }

  get traceId(): string {
    return this.#call.traceId;
  }

  get context(): ToolCallContext {
    return this.#call.context;
  }

  get idempotencyKey(): string | undefined {
    return this.#call.idempotencyKey;
  }

  // Bound on first read, so `const { require } = context` works and a handler that never
  // asks for a capability or reports cleanup costs no closures.
  #require: ToolHandlerContext['require'] | undefined = undefined;
  #setCleanupReport: ToolHandlerContext['setCleanupReport'] | undefined = undefined;

  get require(): ToolHandlerContext['require'] {
    return (this.#require ??= (capability) => this.resolveCapability(capability));
  }

  get setCleanupReport(): ToolHandlerContext['setCleanupReport'] {
    return (this.#setCleanupReport ??= (report) => {
      if (!this.terminal) this.cleanupReport = report;
    });
  }

  private resolveCapability<T>(capability: ToolCapability<T>): Outcome<T> {
    const id = (capability as ToolCapability<T> | undefined)?.id;
    if (this.terminal) {
      return failure(
        toolError(CODES.TOOL_RUN_TERMINAL, 'The tool run has ended.', false, { capability: id }),
      );
    }
    const value = resolve(
      capability,
      this.#call.capabilityResolver,
      this.#call.env.capabilityResolver,
    );
    if (value === undefined) {
      return failure(
        toolError(
          CODES.TOOL_CAPABILITY_UNAVAILABLE,
          `Capability ${String(id)} is not available.`,
          true,
          { capability: id },
        ),
      );
    }
    return { ok: true, value };
  }

  /** Marks the run terminal (the registry calls this) and returns the last cleanup report. */
  end(): ToolCleanupReport | undefined {
    this.terminal = true;
    return this.cleanupReport;
  }
}
