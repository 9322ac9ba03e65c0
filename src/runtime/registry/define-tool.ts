/**
 * `defineTool` (T1, T2): a tool's MCP-shaped descriptor and its handler kept together. The
 * zod schemas are the source of truth, any zod 4 schema (ours are zod/mini, a caller's may be
 * classic zod; both share zod's core); the JSON Schema every export shows is produced once,
 * here, by zod's own `z.toJSONSchema`: when first listed for a plain `z.object` (always an MCP
 * object), at definition for any other schema, so one MCP cannot carry fails at once.
 */
import * as z from 'zod/mini';
import type { DescribeChange } from '../approval/tool-change.js';
import type { ToolCapability } from '../protocol/capability.js';
import type { Outcome, ToolCallError } from '../protocol/errors.js';
import type {
  ArtifactRef,
  JsonSchema,
  MCPToolDefinition,
  SnapshotRef,
  ToolAnnotations,
  ToolCallContext,
  ToolCleanupReport,
  ToolContent,
  ToolPreviewContract,
  ToolRealm,
} from '../protocol/types.js';
import { isReservedToolName, TOOL_NAME_PATTERN } from './names.js';
import {
  contractDefinition,
  isContractDescriptor,
  type ToolContractDescriptor,
} from './tool-contract.js';

/** The realms a tool may declare: where it physically runs. */
export const TOOL_REALMS: readonly ToolRealm[] = ['host', 'browser', 'simulation', 'build'];
/**
 * The `_meta` key under which a tool definition carries our runtime extras (realm, capabilities,
 * evidence).
 */
export const TOOL_RUNTIME_META_KEY = 'context-action/runtime';

/** What a handler receives besides its arguments. */
export interface ToolHandlerContext {
  /** Aborted on caller cancellation or timeout; pass it to every long step. */
  readonly signal: AbortSignal;
  readonly toolCallId: string;
  readonly traceId: string;
  /** The call's `{ source, mode, sessionId, revision }`. */
  readonly context: ToolCallContext;
  readonly idempotencyKey?: string;
  /** A host-provided service for this run (T4); `tool-run-terminal` once the run has ended. */
  require<T>(capability: ToolCapability<T>): Outcome<T>;
  /** Reports resources still held; any non-zero count fails the run (T3). */
  setCleanupReport(report: ToolCleanupReport): void;
}

/** A successful terminal: content blocks and/or structured content, plus T3 evidence. */
export interface ToolHandlerSuccess<Out = Record<string, unknown>> {
  content?: ToolContent[];
  structuredContent?: Out;
  snapshotAfter?: SnapshotRef;
  artifacts?: ArtifactRef[];
  /**
   * The workspace revision this call committed. The registry waits for the preview to show it
   * (`acknowledge.ts`) and adds the outcome to `structuredContent` as `preview`.
   */
  committedRevision?: number;
}

/**
 * What a handler returns: a terminal with content, an `Outcome` (`{ ok: true, value }` becomes
 * `structuredContent` when `value` is an object, a JSON block otherwise), or `{ ok: false, error }`.
 */
export type ToolHandlerResult<Out = Record<string, unknown>> =
  ToolHandlerSuccess<Out> | { ok: true; value: Out } | { ok: false; error: ToolCallError };

/**
 * The function that runs a tool: gets the parsed arguments and a handler context, returns the
 * result or a structured error.
 */
export type ToolHandler<Args, Out = Record<string, unknown>> = (
  args: Args,
  context: ToolHandlerContext,
) => Promise<ToolHandlerResult<Out>> | ToolHandlerResult<Out>;

/**
 * What a tool author writes: name, description, zod input (and optional output) schema, annotations
 * and runtime contract.
 */
export interface ToolDefinitionInput<
  In extends z.core.$ZodType,
  OutSchema extends z.core.$ZodObject | undefined = undefined,
> {
  name: string;
  title?: string;
  description: string;
  inputSchema: In;
  outputSchema?: OutSchema;
  annotations?: ToolAnnotations;
  /** Where the tool runs; `browser` by default. */
  realm?: ToolRealm;
  /** Capabilities the handler will `require()`, shown in discovery metadata. */
  capabilities?: readonly ToolCapability<unknown>[];
  /** Artifact kinds every successful terminal must carry (T3). */
  evidence?: readonly string[];
  preview?: ToolPreviewContract;
  /**
   * What a call would change, for its approval card: every tool that changes anything has one
   * (a tool that writes no file says what it does instead). It reads and never writes.
   */
  describeChange?: DescribeChange<z.output<In>>;
}

type OutputOf<S> = S extends z.core.$ZodObject ? z.output<S> : Record<string, unknown>;

/** What a handler returns of its output: a committed revision's `preview` is the registry's. */
type HandlerOutputOf<S> =
  OutputOf<S> extends { preview: unknown }
    ? Omit<OutputOf<S>, 'preview'> & { preview?: OutputOf<S>['preview'] }
    : OutputOf<S>;

/** A defined tool, ready to register. Frozen: its definition cannot drift after export. */
export interface ToolDescriptor<Args = unknown> {
  readonly name: string;
  readonly definition: MCPToolDefinition;
  readonly realm: ToolRealm;
  readonly capabilities: readonly string[];
  readonly evidence: readonly string[];
  readonly preview?: ToolPreviewContract;
  readonly describeChange?: DescribeChange<Args>;
  readonly inputSchema: z.core.$ZodType;
  readonly outputSchema?: z.core.$ZodType;
  readonly handler: ToolHandler<Args, Record<string, unknown>>;
}

function deepFreeze<T>(value: T): T {
  if (typeof value === 'object' && value !== null && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const key of Object.keys(value)) deepFreeze((value as Record<string, unknown>)[key]);
  }
  return value;
}

function toJsonSchema(schema: z.core.$ZodType, io: 'input' | 'output', what: string): JsonSchema {
  const json = z.toJSONSchema(schema, { io }) as JsonSchema;
  if (json.type !== 'object') {
    throw new TypeError(
      `defineTool: ${what} must be an object schema (MCP requires type "object").`,
    );
  }
  return json;
}

/**
 * The schema's JSON Schema, deep-frozen, converted on first read. Conversion costs about a
 * millisecond per schema and a runtime defines some fifty tools as it starts, before the studio's
 * first paint; a call reads its tool's name and annotations, never its JSON Schema.
 */
function lazyJsonSchema(
  schema: z.core.$ZodType,
  io: 'input' | 'output',
  what: string,
): () => JsonSchema {
  if (schema._zod.def.type !== 'object') {
    const json = deepFreeze(toJsonSchema(schema, io, what));
    return () => json;
  }
  let json: JsonSchema | undefined;
  return () => (json ??= deepFreeze(toJsonSchema(schema, io, what)));
}

function checkDefinition(
  definition: ToolDefinitionInput<z.core.$ZodType, z.core.$ZodObject | undefined>,
): ToolRealm {
  const { name, realm = 'browser', preview } = definition;
  if (typeof name !== 'string' || !TOOL_NAME_PATTERN.test(name) || isReservedToolName(name)) {
    throw new TypeError(`defineTool: invalid tool name ${JSON.stringify(name)}.`);
  }
  if (typeof definition.description !== 'string') {
    throw new TypeError(`defineTool: ${name} needs a description.`);
  }
  if (!TOOL_REALMS.includes(realm)) {
    throw new TypeError(`defineTool: ${name} has unknown realm ${JSON.stringify(realm)}.`);
  }
  // T2: a preview contract for another realm would let a consumer execute it elsewhere.
  if (preview !== undefined && preview.realm !== realm) {
    throw new TypeError(
      `defineTool: ${name} preview realm "${preview.realm}" does not match tool realm "${realm}".`,
    );
  }
  return realm;
}

/**
 * Checks a tool definition and pairs it with its handler as a descriptor the registry can
 * `register`; a malformed definition throws, since it is a bug in the caller. The definition is
 * ours (`name`, `description`, `inputSchema`, `outputSchema`) or the tool-runtime contract's
 * (`id`, `summary`, `realm`, `argsSchema`, `resultSchema`, `evidence`); both run alike.
 */
export function defineTool<
  In extends z.core.$ZodType,
  OutSchema extends z.core.$ZodObject | undefined = undefined,
>(
  definition: ToolDefinitionInput<In, OutSchema> | ToolContractDescriptor<In, OutSchema>,
  handler: ToolHandler<z.output<In>, HandlerOutputOf<OutSchema>>,
): ToolDescriptor<z.output<In>> {
  if (typeof definition !== 'object' || definition === null) {
    throw new TypeError('defineTool: expected a tool definition object.');
  }
  return defineFrom(
    isContractDescriptor(definition)
      ? contractDefinition(definition as ToolContractDescriptor<In, OutSchema>)
      : (definition as ToolDefinitionInput<In, OutSchema>),
    handler,
  );
}

function defineFrom<In extends z.core.$ZodType, OutSchema extends z.core.$ZodObject | undefined>(
  definition: ToolDefinitionInput<In, OutSchema>,
  handler: ToolHandler<z.output<In>, HandlerOutputOf<OutSchema>>,
): ToolDescriptor<z.output<In>> {
  const realm = checkDefinition(definition);
  if (typeof handler !== 'function') {
    throw new TypeError(`defineTool: ${definition.name} needs a handler function.`);
  }
  const capabilities = deepFreeze(
    (definition.capabilities ?? []).map((capability) => capability.id),
  );
  const evidence = deepFreeze([...(definition.evidence ?? [])]);
  // Every field but the JSON Schemas is taken now: the caller may change its objects later.
  const mcp = {
    name: definition.name,
    ...(definition.title === undefined ? {} : { title: definition.title }),
    description: definition.description,
  } as MCPToolDefinition;
  const lazy = (key: 'inputSchema' | 'outputSchema', read: () => JsonSchema) =>
    Object.defineProperty(mcp, key, { enumerable: true, get: read });
  lazy('inputSchema', lazyJsonSchema(definition.inputSchema, 'input', 'inputSchema'));
  if (definition.outputSchema)
    lazy('outputSchema', lazyJsonSchema(definition.outputSchema, 'output', 'outputSchema'));
  Object.assign(mcp, {
    ...(definition.annotations === undefined
      ? {}
      : { annotations: deepFreeze({ ...definition.annotations }) }),
    _meta: deepFreeze({ [TOOL_RUNTIME_META_KEY]: { realm, capabilities, evidence } }),
  });
  // Schemas and handler stay unfrozen (zod caches lazily); everything exported is deep-frozen.
  return Object.freeze({
    name: definition.name,
    definition: Object.freeze(mcp),
    realm,
    capabilities,
    evidence,
    ...(definition.preview === undefined
      ? {}
      : { preview: deepFreeze(structuredClone(definition.preview)) }),
    ...(definition.describeChange === undefined
      ? {}
      : { describeChange: definition.describeChange }),
    inputSchema: definition.inputSchema,
    ...(definition.outputSchema === undefined ? {} : { outputSchema: definition.outputSchema }),
    handler: handler as ToolHandler<z.output<In>, Record<string, unknown>>,
  }) as ToolDescriptor<z.output<In>>;
}
