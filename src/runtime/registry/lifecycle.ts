/**
 * Lifecycle events (R5, R17): one started and one final event per call, each with a unique
 * traceId, the canonical request (arguments redacted) and metadata-only provenance. Events are
 * built only when someone listens, and their projections (provenance among them) only when
 * someone reads them.
 */
import type { ToolCallEvent, ToolCallListener } from '../protocol/events.js';
import type { Lifecycle } from './call-types.js';
import { FinalEvent, StartedEvent, type EventObserver } from './lifecycle-event.js';
import {
  createToolObservabilityLimits,
  type ToolObservabilityLimits,
} from '../observability/limits.js';
import { randomId } from '../protocol/random-id.js';

export function createLifecycle(ownerId: string, policy?: ToolObservabilityLimits): Lifecycle {
  const listeners = new Set<ToolCallListener>();
  const observer: EventObserver = {
    owner: ownerId,
    policy: policy ?? createToolObservabilityLimits(),
  };
  let prefix: string | undefined;
  let counter = 0;

  const emit = (event: ToolCallEvent) => {
    for (const listener of listeners) {
      try {
        listener(event);
      } catch (error) {
        // An observer must never change the outcome of a call.
        console.error('Tool lifecycle listener failed', error);
      }
    }
  };

  return {
    listeners,
    nextTraceId() {
      prefix ??= randomId(4);
      return `trace-${prefix}-${++counter}`;
    },
    started(call) {
      if (listeners.size !== 0) emit(new StartedEvent(call, observer));
    },
    finished(call, result, resultBytes, replayed) {
      if (listeners.size === 0) return;
      // Millisecond resolution is enough for a trace, and Date.now is the cheapest clock.
      const elapsedMs = Math.max(0, Date.now() - call.startedAt);
      emit(new FinalEvent(call, observer, result, elapsedMs, resultBytes, replayed));
    },
  };
}
