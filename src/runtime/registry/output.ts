/**
 * Terminal checks on what a handler returned (R6, R11, T3): shape, plain data only (no live
 * handles), cleanup census, required evidence, output schema, then the output budget.
 */
import type { z } from 'zod';
import {
  TOOL_CALL_ERROR_CODES as CODES,
  toolError,
  type ToolCallError,
} from '../protocol/errors.js';
import { isPlainObject, isToolCallError, isToolContent } from '../protocol/guards.js';
import type { ArtifactRef, ToolCleanupReport, ToolContent } from '../protocol/types.js';
import type { ToolDescriptor } from './define-tool.js';
import { jsonBytes } from './json-bytes.js';
import type { ToolCallBody } from './idempotency.js';
import { validationIssues } from './validation.js';

export type Checked =
  { ok: true; body: ToolCallBody; bytes: number } | { ok: false; error: ToolCallError };

/** True for JSON-like data built from plain objects and arrays only. */
export function isPlainData(value: unknown, depth = 0): boolean {
  if (value === null) return true;
  switch (typeof value) {
    case 'string':
    case 'boolean':
      return true;
    case 'number':
      return Number.isFinite(value);
    case 'object':
      if (depth > 64) return false;
      if (Array.isArray(value)) return value.every((item) => isPlainData(item, depth + 1));
      if (!isPlainObject(value)) return false;
      for (const key in value) if (!isPlainData(value[key], depth + 1)) return false;
      return true;
    default:
      return false;
  }
}

const resultError = (message: string, details?: Record<string, unknown>): Checked => ({
  ok: false,
  error: toolError(CODES.TOOL_RESULT_VALIDATION_FAILED, message, false, details),
});

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
  isPlainObject(value) && typeof value[key] === 'string' && isPlainData(value);

export function checkHandlerResult(
  returned: unknown,
  tool: ToolDescriptor,
  cleanupReport: ToolCleanupReport | undefined,
  maxOutputBytes: number | undefined,
): Checked {
  if (!isPlainObject(returned)) return resultError('The handler returned no result object.');
  let value: Record<string, unknown> = returned;
  if (value.ok === false) {
    const error = isToolCallError(value.error)
      ? { ...value.error, details: { ...value.error.details, handlerId: tool.name } }
      : handlerError(value.error, tool.name);
    return { ok: false, error };
  }
  if (value.ok === true && 'value' in value) {
    const outcome = value.value;
    value = isPlainObject(outcome)
      ? { structuredContent: outcome }
      : { content: [{ type: 'json', json: outcome ?? null }] };
  }
  const { content, structuredContent, snapshotAfter, artifacts } = value;
  if (content !== undefined && !(Array.isArray(content) && content.every(isToolContent))) {
    return resultError('content must be an array of text or json blocks.');
  }
  if (structuredContent !== undefined && !isPlainObject(structuredContent)) {
    return resultError('structuredContent must be a plain object.');
  }
  if (snapshotAfter !== undefined && !isRef(snapshotAfter, 'id')) {
    return resultError('snapshotAfter must be a serialized snapshot reference.');
  }
  if (
    artifacts !== undefined &&
    !(Array.isArray(artifacts) && artifacts.every((a) => isRef(a, 'kind')))
  ) {
    return resultError('artifacts must be artifact references.');
  }
  const terminalError =
    checkCleanup(cleanupReport) ??
    checkEvidence(tool.evidence, artifacts as ArtifactRef[] | undefined);
  if (terminalError) return { ok: false, error: terminalError };
  let structured = structuredContent as Record<string, unknown> | undefined;
  if (tool.outputSchema) {
    const parsed = (tool.outputSchema as z.ZodType).safeParse(structured);
    if (!parsed.success) {
      return {
        ok: false,
        error: toolError(
          CODES.TOOL_OUTPUT_VALIDATION_FAILED,
          `${tool.name} returned output that does not match its outputSchema.`,
          false,
          { issues: validationIssues(parsed.error) },
        ),
      };
    }
    // The parsed value is what the exported outputSchema describes (unknown keys stripped).
    structured = parsed.data as Record<string, unknown>;
  }
  // T3: no live handles in a terminal; only plain data crosses the boundary.
  if (!isPlainData(content ?? null) || !isPlainData(structured ?? null)) {
    return {
      ok: false,
      error: toolError(
        CODES.TOOL_RESULT_SERIALIZATION_FAILED,
        'The result holds values that are not plain JSON data.',
      ),
    };
  }
  const blocks: ToolContent[] =
    (content as ToolContent[] | undefined) ??
    (structured === undefined ? [] : [{ type: 'json', json: structured }]);
  const bytes = jsonBytes(blocks) + (structured === undefined ? 0 : jsonBytes(structured));
  if (maxOutputBytes !== undefined && bytes > maxOutputBytes) {
    return {
      ok: false,
      error: toolError(
        CODES.TOOL_OUTPUT_LIMIT_EXCEEDED,
        `The result is ${bytes} bytes; the budget is ${maxOutputBytes}.`,
        false,
        {
          maxOutputBytes,
          resultBytes: bytes,
        },
      ),
    };
  }
  const body: ToolCallBody = { content: blocks };
  if (structured !== undefined) body.structuredContent = structured;
  if (snapshotAfter !== undefined)
    body.snapshotAfter = snapshotAfter as ToolCallBody['snapshotAfter'];
  if (artifacts !== undefined) body.artifacts = artifacts as ArtifactRef[];
  if (cleanupReport !== undefined) {
    body.cleanupReport = { resources: { ...cleanupReport.resources } };
  }
  return { ok: true, body, bytes };
}
