/**
 * Admission: the checks that read caller-supplied objects, in order — options, then the name
 * (unknown, prototype names, not allowed), then the arguments (strict mode: before policy).
 */
import {
  TOOL_CALL_ERROR_CODES as CODES,
  toolError,
  type ToolCallError,
} from '../protocol/errors.js';
import { isPlainObject } from '../protocol/guards.js';
import type { CallEnvironment, CallInput } from './call.js';
import type { ToolDescriptor } from './define-tool.js';
import type { CallTrace } from './lifecycle.js';
import { isReservedToolName } from './names.js';
import { parseCallOptions, type ParsedCallOptions } from './options.js';
import { validationIssues } from './validation.js';

type Step<T> = { ok: true; value: T } | { ok: false; error: ToolCallError };

const MAX_NAME_ECHO = 128;

function resolveTool(env: CallEnvironment, name: unknown): Step<ToolDescriptor> {
  if (typeof name !== 'string' || name.length === 0) {
    return {
      ok: false,
      error: toolError(CODES.TOOL_INVALID_REQUEST, 'The tool name must be a non-empty string.'),
    };
  }
  const shown = name.slice(0, MAX_NAME_ECHO);
  if (isReservedToolName(name)) {
    return {
      ok: false,
      error: toolError(CODES.TOOL_NOT_FOUND, `Unknown tool: ${shown}`, false, {
        toolName: shown,
        reason: 'reserved-name',
      }),
    };
  }
  const tool = env.lookup(name);
  if (!tool) {
    return {
      ok: false,
      error: toolError(CODES.TOOL_NOT_FOUND, `Unknown tool: ${shown}`, false, { toolName: shown }),
    };
  }
  if (!env.isAllowed(tool.name)) {
    return {
      ok: false,
      error: toolError(CODES.TOOL_NOT_ALLOWED, `Tool ${tool.name} is not allowed here.`, false, {
        toolName: tool.name,
      }),
    };
  }
  return { ok: true, value: tool };
}

function validateArguments(
  env: CallEnvironment,
  tool: ToolDescriptor,
  raw: unknown,
): Step<Record<string, unknown>> {
  const args = raw === undefined ? {} : raw;
  if (!isPlainObject(args)) {
    return {
      ok: false,
      error: toolError(
        CODES.TOOL_VALIDATION_FAILED,
        `Arguments for ${tool.name} must be a JSON object.`,
        false,
        {
          toolName: tool.name,
          issues: [{ path: '', code: 'invalid_type', message: 'Expected an object.' }],
        },
      ),
    };
  }
  const parsed = tool.inputSchema.safeParse(args);
  if (parsed.success) return { ok: true, value: parsed.data as Record<string, unknown> };
  const issues = validationIssues(parsed.error);
  if (env.validation === 'strict') {
    return {
      ok: false,
      error: toolError(CODES.TOOL_VALIDATION_FAILED, `Invalid arguments for ${tool.name}.`, false, {
        toolName: tool.name,
        issues,
      }),
    };
  }
  if (env.validation === 'warn') {
    console.warn(
      `[context-action] ${tool.name}: ${issues.length} argument issue(s); running anyway (validation: 'warn').`,
    );
  }
  return { ok: true, value: args };
}

export interface Admitted {
  trace: CallTrace;
  tool: ToolDescriptor;
  args: Record<string, unknown>;
  options: ParsedCallOptions;
}

/** Options, name and arguments: the checks that read caller-supplied objects. */
export function admit(
  env: CallEnvironment,
  input: CallInput,
  traceId: string,
): Admitted | { trace: CallTrace; error: ToolCallError } {
  const parsed = parseCallOptions(input.options, input.defaultContext);
  const options = parsed.ok ? parsed.value : { context: input.defaultContext };
  const trace: CallTrace = {
    traceId,
    toolCallId: options.toolCallId ?? traceId,
    toolName: typeof input.name === 'string' ? input.name.slice(0, MAX_NAME_ECHO) : '',
    arguments: input.arguments,
    context: options.context,
    startedAt: Date.now(),
    timeoutMs: options.timeout,
    maxOutputBytes: options.maxOutputBytes,
  };
  env.lifecycle.started(trace);
  if (!parsed.ok) return { trace, error: parsed.error };
  const tool = resolveTool(env, input.name);
  if (!tool.ok) return { trace, error: tool.error };
  if (input.argumentsError) return { trace, error: input.argumentsError };
  const args = validateArguments(env, tool.value, input.arguments);
  if (!args.ok) return { trace, error: args.error };
  return { trace, tool: tool.value, args: args.value, options };
}
