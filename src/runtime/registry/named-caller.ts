/**
 * A call on the registry itself names its caller: `options.context` with string `source` and
 * `mode`. There is no default caller, so code that forgets one (an adapter, a page script, an
 * agent wired by hand) is refused before the call starts rather than passing for the person,
 * whose door is `callAsPerson`.
 */
import {
  TOOL_CALL_ERROR_CODES as CODES,
  toolError,
  type ToolCallError,
} from '../protocol/errors.js';
import type { ToolCallContext } from '../protocol/types.js';

const UNNAMED =
  'A call must name its caller: pass { context: { source, mode } }, or use callAsPerson for a person’s own action.';

const fieldOf = (value: unknown, key: string): unknown =>
  typeof value === 'object' && value !== null ? (value as Record<string, unknown>)[key] : undefined;

/**
 * The caller's `source` and `mode`, read once from `options`, or the `TOOL_INVALID_OPTIONS`
 * refusal (`details.option: 'context'`) when they are missing, not strings or unreadable.
 */
export function namedCaller(options: unknown): ToolCallContext | ToolCallError {
  try {
    const context = fieldOf(options, 'context');
    const source = fieldOf(context, 'source');
    const mode = fieldOf(context, 'mode');
    if (typeof source === 'string' && typeof mode === 'string') return { source, mode };
  } catch {
    // A throwing getter names no caller either.
  }
  return toolError(CODES.TOOL_INVALID_OPTIONS, UNNAMED, false, { option: 'context' });
}
