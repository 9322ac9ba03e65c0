/**
 * Terminal checks on what a handler returned (R6, R11, T3): shape, plain data only (no live
 * handles), cleanup census, required evidence, output schema, then the output budget.
 */
import {
  TOOL_CALL_ERROR_CODES as CODES,
  toolError,
  type ToolCallError,
} from '../protocol/errors.js';
import { contentBoundsProblem } from '../protocol/content.js';
import { isToolCallError, isToolContent } from '../protocol/guards.js';
import { isPlainObject } from '../protocol/plain-object.js';
import type {
  ArtifactRef,
  SnapshotRef,
  ToolCallResult,
  ToolCleanupReport,
  ToolContent,
} from '../protocol/types.js';
import { plainJsonBytes } from './json-bytes.js';
import type { ToolCall } from './tool-call.js';
import { safeParse, validationIssues } from './validation.js';

const resultError = (message: string): ToolCallError =>
  toolError(CODES.TOOL_RESULT_VALIDATION_FAILED, message);

/** Thrown errors and `{ ok: false, error }` keep their message, code, retryable and details (R14). */
export function handlerError(thrown: unknown, handlerId: string): ToolCallError {
  const source = (typeof thrown === 'object' && thrown !== null ? thrown : {}) as Record<
    string,
    unknown
  >;
  const message =
    typeof source.message === 'string' && source.message
      ? source.message
      : typeof thrown === 'string'
        ? thrown
        : `${handlerId} failed.`;
  const code =
    typeof source.code === 'string' && source.code ? source.code : CODES.TOOL_EXECUTION_FAILED;
  const details = isPlainObject(source.details) ? source.details : {};
  return toolError(code, message, source.retryable === true, { ...details, handlerId });
}

function checkCleanup(report: ToolCleanupReport | undefined): ToolCallError | undefined {
  if (report === undefined) return undefined;
  const resources =
    isPlainObject(report) && isPlainObject(report.resources) ? report.resources : undefined;
  const leaked = resources
    ? Object.entries(resources).filter(([, count]) => typeof count !== 'number' || count !== 0)
    : [['report', 1]];
  if (leaked.length === 0) return undefined;
  return toolError(
    CODES.TOOL_CLEANUP_FAILED,
    'The tool run still holds resources at terminal.',
    false,
    {
      resources: Object.fromEntries(leaked),
    },
  );
}

function checkEvidence(required: readonly string[], artifacts: ArtifactRef[] | undefined) {
  if (required.length === 0) return undefined;
  const missing = required.filter((kind) => !artifacts?.some((artifact) => artifact.kind === kind));
  return missing.length === 0
    ? undefined
    : toolError(
        CODES.TOOL_EVIDENCE_MISSING,
        'The tool run did not publish its required evidence.',
        false,
        {
          missing,
        },
      );
}

const isRef = (value: unknown, key: 'id' | 'kind'): boolean =>
  isPlainObject(value) && typeof value[key] === 'string' && plainJsonBytes(value) >= 0;

const areRefs = (values: unknown, key: 'id' | 'kind'): boolean => {
  if (!Array.isArray(values)) return false;
  for (const value of values) if (!isRef(value, key)) return false;
  return true;
};

const areContentBlocks = (values: unknown): boolean => {
  if (!Array.isArray(values)) return false;
  for (const value of values) if (!isToolContent(value)) return false;
  return true;
};

/**
 * The terminal checks, in order; the first failure is returned. On success `call.resultBytes`
 * holds the result's size and the plain result is returned, ready to be the call's own.
 */
function checkTerminal(
  returned: unknown,
  call: ToolCall,
  cleanupReport: ToolCleanupReport | undefined,
): ToolCallError | ToolCallResult {
  const { tool } = call;
  if (!isPlainObject(returned)) return resultError('The handler returned no result object.');
  let value: Record<string, unknown> = returned;
  if (value.ok === false) {
    return isToolCallError(value.error)
      ? { ...value.error, details: { ...value.error.details, handlerId: tool.name } }
      : handlerError(value.error, tool.name);
  }
  if (value.ok === true && 'value' in value) {
    const outcome = value.value;
    value = isPlainObject(outcome)
      ? { structuredContent: outcome }
      : { content: [{ type: 'json', json: outcome ?? null }] };
  }
  const { content, structuredContent, snapshotAfter, artifacts } = value;
  if (content !== undefined && !areContentBlocks(content)) {
    return resultError(
      'content must be an array of text, json, image, audio, resource or resource_link blocks.',
    );
  }
  const bounds = content === undefined ? undefined : contentBoundsProblem(content as ToolContent[]);
  if (bounds !== undefined) return resultError(bounds);
  if (structuredContent !== undefined && !isPlainObject(structuredContent)) {
    return resultError('structuredContent must be a plain object.');
  }
  if (snapshotAfter !== undefined && !isRef(snapshotAfter, 'id')) {
    return resultError('snapshotAfter must be a serialized snapshot reference.');
  }
  if (artifacts !== undefined && !areRefs(artifacts, 'kind')) {
    return resultError('artifacts must be artifact references.');
  }
  const terminalError =
    checkCleanup(cleanupReport) ??
    checkEvidence(tool.evidence, artifacts as ArtifactRef[] | undefined);
  if (terminalError) return terminalError;
  let structured = structuredContent as Record<string, unknown> | undefined;
  if (tool.outputSchema) {
    const parsed = safeParse(tool.outputSchema, structured);
    if (!parsed.success) {
      return toolError(
        CODES.TOOL_OUTPUT_VALIDATION_FAILED,
        `${tool.name} returned output that does not match its outputSchema.`,
        false,
        { issues: validationIssues(parsed.error) },
      );
    }
    // The parsed value is what the exported outputSchema describes (unknown keys stripped).
    structured = parsed.data as Record<string, unknown>;
  }
  // T3: no live handles in a terminal; only plain data crosses the boundary. The same walk
  // measures it: the content blocks (or the one JSON block standing for structured content)
  // plus the structured content.
  const blocks: ToolContent[] =
    (content as ToolContent[] | undefined) ??
    (structured === undefined ? [] : [{ type: 'json', json: structured }]);
  const blockBytes = plainJsonBytes(blocks);
  const structuredBytes = structured === undefined ? 0 : plainJsonBytes(structured);
  if (blockBytes < 0 || structuredBytes < 0) {
    return toolError(
      CODES.TOOL_RESULT_SERIALIZATION_FAILED,
      'The result holds values that are not plain JSON data.',
    );
  }
  const bytes = blockBytes + structuredBytes;
  const { maxOutputBytes } = call;
  if (maxOutputBytes !== undefined && bytes > maxOutputBytes) {
    return toolError(
      CODES.TOOL_OUTPUT_LIMIT_EXCEEDED,
      `The result is ${bytes} bytes; the budget is ${maxOutputBytes}.`,
      false,
      { maxOutputBytes, resultBytes: bytes },
    );
  }
  call.resultBytes = bytes;
  const result: ToolCallResult = { toolCallId: call.toolCallId, content: blocks };
  if (structured !== undefined) result.structuredContent = structured;
  if (snapshotAfter !== undefined) result.snapshotAfter = snapshotAfter as SnapshotRef;
  if (artifacts !== undefined) result.artifacts = artifacts as ArtifactRef[];
  if (cleanupReport !== undefined) {
    result.cleanupReport = { resources: { ...cleanupReport.resources } };
  }
  return result;
}

/** What the handler returned, as the call's result: its own, or the first check that failed. */
export function checkHandlerResult(
  returned: unknown,
  call: ToolCall,
  cleanupReport: ToolCleanupReport | undefined,
): ToolCallResult {
  const checked = checkTerminal(returned, call, cleanupReport);
  return 'code' in checked ? call.fail(checked) : checked;
}
