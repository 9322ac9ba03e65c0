/**
 * Feeds registry lifecycle events into the trace: a row opens on `started` and closes on the
 * matching `completed`/`failed`, correlated by the registry's unique traceId, never by the
 * provider's call id.
 */
import type { ToolCallEvent } from '../protocol/events.js';
import type { ToolCallResult } from '../protocol/types.js';
import type { ToolRegistry } from '../registry/registry.js';
import { summarizeResult } from './result-summary.js';
import type { TraceProvenance } from './trace-row.js';
import type { TraceRowEnd, TraceStore } from './trace-store.js';

function provenanceOf({ provenance }: ToolCallEvent): TraceProvenance {
  const { owner, timeoutMs, maxOutputBytes, resultBytes } = provenance;
  return {
    owner,
    ...(timeoutMs === undefined ? {} : { timeoutMs }),
    ...(maxOutputBytes === undefined ? {} : { maxOutputBytes }),
    ...(resultBytes === undefined ? {} : { resultBytes }),
  };
}

function endOf(event: ToolCallEvent): TraceRowEnd {
  const { provenance } = event;
  const status =
    provenance.status === 'cancelled'
      ? 'cancelled'
      : event.type === 'completed'
        ? 'completed'
        : 'failed';
  const result = (event.result ?? {}) as Pick<ToolCallResult, 'error' | 'structuredContent'>;
  // Code and retryability come from provenance: the redacted projection may mask `code` fields.
  const error = provenance.errorCode
    ? {
        code: provenance.errorCode,
        message:
          typeof result.error?.message === 'string' ? result.error.message : provenance.errorCode,
        retryable: provenance.retryable === true,
      }
    : undefined;
  return {
    status,
    summary: error ? `${error.code}: ${error.message}` : summarizeResult(result),
    ...(error ? { error } : {}),
    details: { arguments: event.request.params.arguments, result: event.result },
    provenance: provenanceOf(event),
  };
}

/**
 * Records every tool call of a registry as a trace row, from its lifecycle events; returns the
 * function that stops it.
 */
export function connectTrace(registry: ToolRegistry, trace: TraceStore): () => void {
  const open = new Map<string, (end: TraceRowEnd) => void>();
  return registry.subscribe((event) => {
    if (event.type === 'started') {
      const { context, toolCallId, params } = event.request;
      const definition = registry.getToolDefinition(params.name);
      open.set(
        event.traceId,
        trace.begin({
          method: 'tools/call',
          name: params.name,
          ...(definition?.title ? { title: definition.title } : {}),
          ...(definition?.annotations?.readOnlyHint ? { readOnly: true } : {}),
          source: context.source,
          mode: context.mode,
          ...(context.sessionId === undefined ? {} : { sessionId: context.sessionId }),
          ...(toolCallId ? { toolCallId } : {}),
          details: { arguments: params.arguments },
          provenance: provenanceOf(event),
        }),
      );
      return;
    }
    const end = open.get(event.traceId);
    open.delete(event.traceId);
    end?.(endOf(event));
  });
}
