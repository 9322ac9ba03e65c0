/** The transcript row for one tool result: a safe summary, never the result's content. */
import { TOOL_CALL_ERROR_CODES, toolError } from '../protocol/errors.js';
import { isToolCallResult } from '../protocol/guards.js';
import { summarizeResult } from '../trace/result-summary.js';
import type { AgentMessage } from './agent-types.js';

export function toolTranscriptMessage(
  id: string,
  name: string,
  toolCallId: string,
  result: unknown,
): AgentMessage {
  const base = { id, role: 'tool' as const, name, toolCallId };
  if (!isToolCallResult(result)) {
    const error = toolError(
      TOOL_CALL_ERROR_CODES.TOOL_RESULT_VALIDATION_FAILED,
      'The tool returned an invalid result.',
    );
    return { ...base, status: 'failed', summary: summarizeResult({ error }), error };
  }
  const summary = summarizeResult(result);
  return result.error
    ? { ...base, status: 'failed', summary, error: result.error }
    : { ...base, status: 'completed', summary };
}
