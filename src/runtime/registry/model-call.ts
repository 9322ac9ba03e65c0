/**
 * A model's `{ id, name, arguments }` as a registry call: provider-encoded names mapped back,
 * JSON-string arguments parsed (malformed ones rejected, never replaced by `{}`), the provider
 * id kept as the toolCallId. The default context's mode is fixed: a model's call runs as `agent`
 * whatever context is merged in, so it can never pass for a person's direct action.
 * Reading a hostile object never throws.
 */
import {
  TOOL_CALL_ERROR_CODES as CODES,
  toolError,
  type ToolCallError,
} from '../protocol/errors.js';
import { isPlainObject } from '../protocol/plain-object.js';
import type { ToolCallContext } from '../protocol/types.js';
import type { CallInput } from './call.js';

/** Model arguments arrive as a JSON string (OpenAI) or an object (Anthropic, MCP). */
function readModelArguments(raw: unknown): { value: unknown; error?: ToolCallError } {
  if (typeof raw !== 'string') return { value: raw };
  try {
    return { value: JSON.parse(raw) as unknown };
  } catch {
    return {
      value: undefined,
      error: toolError(
        CODES.TOOL_VALIDATION_FAILED,
        'The tool arguments are not valid JSON.',
        false,
        {
          issues: [{ path: '', code: 'invalid_json', message: 'Arguments must be a JSON object.' }],
        },
      ),
    };
  }
}

export function readModelCall(
  call: unknown,
  options: unknown,
  resolveName: (name: string) => string,
  defaultContext: ToolCallContext,
): CallInput {
  const fixedMode = defaultContext.mode;
  const unreadable: CallInput = {
    name: undefined,
    arguments: undefined,
    options,
    defaultContext,
    fixedMode,
  };
  try {
    if (!isPlainObject(call) || (call.id !== undefined && typeof call.id !== 'string')) {
      return unreadable;
    }
    const name = typeof call.name === 'string' ? resolveName(call.name) : call.name;
    const args = readModelArguments(call.arguments);
    // The provider id wins over an option; anything but a plain options object is left for
    // the option parser to reject.
    const withId =
      call.id !== undefined && (options === undefined || isPlainObject(options))
        ? { ...options, toolCallId: call.id }
        : options;
    return {
      name,
      arguments: args.value,
      options: withId,
      defaultContext,
      fixedMode,
      ...(args.error ? { argumentsError: args.error } : {}),
    };
  } catch {
    return unreadable;
  }
}
