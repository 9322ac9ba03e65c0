/**
 * Sample `tools/call` arguments generated from a tool's JSON input schema (E6): the required
 * fields (or the first one when none is) with values that pass the schema, plus
 * `expectedRevision` (or the editor's `expectedWorkspaceRevision`) when the schema has it, so a
 * sample runs against the current workspace instead of failing its revision guard.
 */
import type { JsonSchema } from '../protocol/types.js';
import { isPlainObject } from '../protocol/plain-object.js';

/** Workspace facts that make a sample call runnable: the current revision and the open file. */
export interface SampleArgumentsContext {
  /** The workspace revision to send as `expectedRevision` or `expectedWorkspaceRevision`. */
  revision?: number;
  /** The path samples use for path-like fields. */
  activePath?: string | null;
}

const MAX_DEPTH = 6;
/** Guards that take the workspace revision; the editor's document clock is not known here. */
const WORKSPACE_GUARDS = ['expectedRevision', 'expectedWorkspaceRevision'];
const REVISION_GUARDS = [...WORKSPACE_GUARDS, 'expectedDocumentRevision'];

/** Values for well-known field names; anything else gets a generic value of its type. */
function namedString(name: string, context: SampleArgumentsContext): string | undefined {
  const path = context.activePath ?? 'index.html';
  switch (name) {
    case 'path':
    case 'from':
    case 'entryPath':
      return path;
    case 'to':
      return `renamed-${path.slice(path.lastIndexOf('/') + 1)}`;
    case 'text':
      return '<!-- written from the tool catalog -->';
    case 'search':
    case 'query':
      return '<h1';
    case 'replace':
      return '<h1';
    default:
      return undefined;
  }
}

const asSchema = (value: unknown): JsonSchema | undefined =>
  isPlainObject(value) ? (value as JsonSchema) : undefined;

function fitString(text: string, schema: JsonSchema): string {
  const min = typeof schema.minLength === 'number' ? schema.minLength : 0;
  const max = typeof schema.maxLength === 'number' ? schema.maxLength : Infinity;
  const padded = text.length < min ? text.padEnd(min, 'x') : text;
  return padded.length > max ? padded.slice(0, max) : padded;
}

function sampleNumber(schema: JsonSchema, integer: boolean): number {
  const minimum =
    typeof schema.minimum === 'number'
      ? schema.minimum
      : typeof schema.exclusiveMinimum === 'number'
        ? schema.exclusiveMinimum + 1
        : undefined;
  const maximum = typeof schema.maximum === 'number' ? schema.maximum : undefined;
  let value = minimum ?? Math.min(0, maximum ?? 0);
  if (maximum !== undefined && value > maximum) value = maximum;
  return integer ? Math.ceil(value) : value;
}

function sampleValue(
  schema: JsonSchema,
  name: string,
  context: SampleArgumentsContext,
  depth: number,
): unknown {
  if ('const' in schema) return schema.const;
  if ('default' in schema) return schema.default;
  if (Array.isArray(schema.enum) && schema.enum.length > 0) return schema.enum[0];
  const choice = asSchema(
    (Array.isArray(schema.anyOf) && schema.anyOf[0]) ||
      (Array.isArray(schema.oneOf) && schema.oneOf[0]),
  );
  if (choice) return sampleValue(choice, name, context, depth);
  const type = Array.isArray(schema.type) ? schema.type[0] : schema.type;
  switch (type) {
    case 'string':
      return fitString(namedString(name, context) ?? `sample ${name}`.trim(), schema);
    case 'integer':
    case 'number':
      return sampleNumber(schema, type === 'integer');
    case 'boolean':
      return false;
    case 'null':
      return null;
    case 'array': {
      const items = asSchema(schema.items);
      const minItems = typeof schema.minItems === 'number' ? schema.minItems : 0;
      return items && minItems > 0 && depth < MAX_DEPTH
        ? Array.from({ length: minItems }, () => sampleValue(items, name, context, depth + 1))
        : [];
    }
    case 'object':
      return depth < MAX_DEPTH ? sampleObject(schema, context, depth + 1) : {};
    default:
      return null;
  }
}

function sampleObject(
  schema: JsonSchema,
  context: SampleArgumentsContext,
  depth: number,
): Record<string, unknown> {
  const properties = asSchema(schema.properties) ?? {};
  const required = Array.isArray(schema.required)
    ? schema.required.filter((key): key is string => typeof key === 'string')
    : [];
  // With nothing required, the first field shows what the tool acts on (some tools need one);
  // a revision guard is no such field, and a made-up one would only fail the call.
  const first = Object.keys(properties).find((key) => !REVISION_GUARDS.includes(key));
  const keys = required.length === 0 && first !== undefined ? [first] : required;
  const sample: Record<string, unknown> = {};
  for (const key of keys) {
    sample[key] = sampleValue(asSchema(properties[key]) ?? {}, key, context, depth);
  }
  for (const guard of WORKSPACE_GUARDS)
    if (
      depth === 0 &&
      asSchema(properties[guard]) &&
      context.revision !== undefined &&
      !(guard in sample)
    )
      sample[guard] = context.revision;
  return sample;
}

/** Sample arguments for a tool's input schema (always an object). */
export function sampleToolArguments(
  inputSchema: JsonSchema,
  context: SampleArgumentsContext = {},
): Record<string, unknown> {
  return sampleObject(inputSchema, context, 0);
}

/** An edited sample read back: the arguments object, or why it is not one. */
export type ParsedSampleArguments =
  { ok: true; value: Record<string, unknown> } | { ok: false; message: string };

/** Reads an edited sample: it must be JSON and an object, or nothing runs. */
export function parseSampleArguments(text: string): ParsedSampleArguments {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    return { ok: false, message: `Invalid JSON: ${(error as Error).message}` };
  }
  return isPlainObject(value)
    ? { ok: true, value }
    : { ok: false, message: 'Arguments must be a JSON object.' };
}
