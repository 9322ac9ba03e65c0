/**
 * Admission: the checks that read caller-supplied objects, in order — options, then the name
 * (unknown, prototype names, not allowed), then the arguments (strict mode: before policy).
 * Hostile input (a throwing getter or proxy trap) is an error result, never a throw.
 */
import {
  TOOL_CALL_ERROR_CODES as CODES,
  toolError,
  type ToolCallError,
} from '../protocol/errors.js';
import { isPlainObject } from '../protocol/plain-object.js';
import type { ToolCallMode } from '../protocol/types.js';
import { isReservedToolName } from './names.js';
import { applyCallOptions } from './options.js';
import { MAX_NAME_ECHO, type ToolCall } from './tool-call.js';
import { safeParse, validationIssues } from './validation.js';

const unreadable = (): ToolCallError =>
  toolError(CODES.TOOL_INVALID_REQUEST, 'The request could not be read.');

function resolveTool(call: ToolCall, name: unknown): ToolCallError | undefined {
  if (typeof name !== 'string' || name.length === 0) {
    return toolError(CODES.TOOL_INVALID_REQUEST, 'The tool name must be a non-empty string.');
  }
  const tool = call.env.lookup(name);
  if (!tool) {
    // `register` refuses prototype names, so they are only ever a miss; say why.
    const shown = name.slice(0, MAX_NAME_ECHO);
    const reason = isReservedToolName(name) ? { reason: 'reserved-name' } : {};
    return toolError(CODES.TOOL_NOT_FOUND, `Unknown tool: ${shown}`, false, {
      toolName: shown,
      ...reason,
    });
  }
  if (!call.env.isAllowed(tool.name)) {
    return toolError(CODES.TOOL_NOT_ALLOWED, `Tool ${tool.name} is not allowed here.`, false, {
      toolName: tool.name,
    });
  }
  call.tool = tool;
  return undefined;
}

function validateArguments(call: ToolCall): ToolCallError | undefined {
  const { tool } = call;
  const args = call.arguments === undefined ? {} : call.arguments;
  if (!isPlainObject(args)) {
    return toolError(
      CODES.TOOL_VALIDATION_FAILED,
      `Arguments for ${tool.name} must be a JSON object.`,
      false,
      {
        toolName: tool.name,
        issues: [{ path: '', code: 'invalid_type', message: 'Expected an object.' }],
      },
    );
  }
  const parsed = safeParse(tool.inputSchema, args);
  if (parsed.success) {
    call.args = parsed.data as Record<string, unknown>;
    return undefined;
  }
  const issues = validationIssues(parsed.error);
  const { validation } = call.env;
  if (validation === 'strict') {
    return toolError(CODES.TOOL_VALIDATION_FAILED, `Invalid arguments for ${tool.name}.`, false, {
      toolName: tool.name,
      issues,
    });
  }
  if (validation === 'warn') {
    console.warn(
      `[context-action] ${tool.name}: ${issues.length} argument issue(s); running anyway (validation: 'warn').`,
    );
  }
  call.args = args;
  return undefined;
}

/**
 * Options, name and arguments. Emits the `started` event once the options are known (they
 * carry the toolCallId and budgets) and the context is final, whatever comes after; on success
 * `call.tool` and `call.args` are set.
 */
export function admit(
  call: ToolCall,
  input: {
    name: unknown;
    options: unknown;
    argumentsError?: ToolCallError | undefined;
    readinessError?: ToolCallError | undefined;
    fixedMode?: ToolCallMode | undefined;
  },
): ToolCallError | undefined {
  const { name, argumentsError, fixedMode } = input;
  let error: ToolCallError | undefined;
  try {
    error = applyCallOptions(input.options, call);
  } catch {
    error = unreadable();
  }
  // The card, the started event and the trace read one context: fix the mode before any of them.
  if (fixedMode !== undefined && call.context.mode !== fixedMode) {
    call.context = { ...call.context, mode: fixedMode };
  }
  call.env.lifecycle.started(call);
  if (error) return error;
  // Not ready: the tool may not even be registered yet, so this comes before its name.
  if (input.readinessError) return input.readinessError;
  error = resolveTool(call, name);
  if (error) return error;
  if (argumentsError) return argumentsError;
  try {
    return validateArguments(call);
  } catch {
    return unreadable();
  }
}
