/**
 * The provider-neutral tool protocol: one module of types shared by the registry, the
 * elements, the agents and every transport.
 */
import type { ToolCallError } from './errors.js';

/** Where a call came from. Only explicit `local` + `direct` calls may bypass approval. */
export type ToolCallSource = 'local' | 'model' | 'mcp' | (string & {});
/** Why it was made: a direct UI action or an agent step. */
export type ToolCallMode = 'direct' | 'agent' | (string & {});

/**
 * Who made a call and why, plus the session and workspace revision it was made against; approval
 * and policy read it.
 */
export interface ToolCallContext {
  source: ToolCallSource;
  mode: ToolCallMode;
  sessionId?: string;
  revision?: number;
}

/**
 * MCP behaviour hints about a tool (read-only, destructive, idempotent, open-world). The registry's
 * policy and read-only mode read `readOnlyHint` from the tool's own definition.
 */
export interface ToolAnnotations {
  title?: string;
  readOnlyHint?: boolean;
  destructiveHint?: boolean;
  idempotentHint?: boolean;
  openWorldHint?: boolean;
}

/** A JSON Schema document, as a plain object, describing a tool's input or output. */
export type JsonSchema = Record<string, unknown>;

/** A tool as discovery shows it (MCP `Tool` shape). */
export interface MCPToolDefinition {
  name: string;
  title?: string;
  description: string;
  inputSchema: JsonSchema;
  outputSchema?: JsonSchema;
  annotations?: ToolAnnotations;
  /** Namespaced extras; ours live under `context-action/runtime` (realm, capabilities, evidence). */
  _meta?: Record<string, unknown>;
}

/** MCP content annotations: who a block is for, how much it matters, when it changed. */
export interface ToolContentAnnotations {
  audience?: ('user' | 'assistant')[];
  priority?: number;
  lastModified?: string;
}

/** A resource's contents: text, or binary as base64 `blob`. */
export type ToolResourceContents =
  | { uri: string; mimeType?: string; text: string }
  | { uri: string; mimeType?: string; blob: string };

/**
 * One content block (R2, MCP content model). `json` is ours (MCP clients see it as text);
 * `image` and `audio` carry base64 `data`; `resource` embeds contents; `resource_link` points.
 */
export type ToolContent =
  | { type: 'text'; text: string; annotations?: ToolContentAnnotations }
  | { type: 'json'; json: unknown }
  | { type: 'image'; data: string; mimeType: string; annotations?: ToolContentAnnotations }
  | { type: 'audio'; data: string; mimeType: string; annotations?: ToolContentAnnotations }
  | { type: 'resource'; resource: ToolResourceContents; annotations?: ToolContentAnnotations }
  | ({ type: 'resource_link'; annotations?: ToolContentAnnotations } & ToolResourceDescriptor);

/** A resource as a listing or a link names it (MCP `Resource`). */
export interface ToolResourceDescriptor {
  uri: string;
  name: string;
  title?: string;
  description?: string;
  mimeType?: string;
  size?: number;
}

/** A model's request to call a tool, as providers send it. */
export interface ModelToolCall {
  id?: string;
  name: string;
  arguments: unknown;
}

/**
 * What a `tools/call` returns: content blocks for the model, optional structured data, or a
 * structured error, plus any terminal evidence.
 */
export interface ToolCallResult {
  toolCallId: string;
  content: ToolContent[];
  structuredContent?: Record<string, unknown>;
  error?: ToolCallError;
  /** T3 terminal evidence: a serialized snapshot reference, never a live handle. */
  snapshotAfter?: SnapshotRef;
  artifacts?: ArtifactRef[];
  cleanupReport?: ToolCleanupReport;
}

/** An MCP `tools/list` request; `cursor` asks for the page after an earlier `nextCursor`. */
export interface ToolListRequest {
  method: 'tools/list';
  params?: { cursor?: string };
}

/** One page of the tool catalog; `nextCursor` is set while more pages remain. */
export interface ToolListResult {
  tools: MCPToolDefinition[];
  nextCursor?: string;
  /** Set (with no tools) when the request or its cursor was invalid. */
  error?: ToolCallError;
}

/**
 * A `tools/call` request after the registry filled in its defaults: arguments, correlation id and
 * context are always present.
 */
export interface ToolCallRequest {
  method: 'tools/call';
  params: { name: string; arguments: Record<string, unknown> };
  toolCallId: string;
  context: ToolCallContext;
}

/** A `tools/call` request as it arrives from outside: correlation id and context are optional. */
export interface ToolCallRequestInput {
  method: 'tools/call';
  params: { name: string; arguments?: Record<string, unknown> };
  toolCallId?: string;
  context?: ToolCallContext;
}

/** The physical realm a tool runs in (T1). */
export type ToolRealm = 'host' | 'browser' | 'simulation' | 'build';

/** What a tool acts on, by reference (T2). */
export interface ToolSubjectRef {
  kind: string;
  id: string;
}

/** A serialized snapshot reference (T2, T3): identity and revision, never live state. */
export interface SnapshotRef {
  id: string;
  revision?: number;
  digest?: string;
}

/** A piece of terminal evidence (T3); a tool's `evidence` lists the kinds it must publish. */
export interface ArtifactRef {
  kind: string;
  id: string;
  digest?: string;
  mediaType?: string;
}

/** A portable preview contract (T2); its realm must equal the tool's realm. */
export interface ToolPreviewContract {
  realm: ToolRealm;
  subject: ToolSubjectRef;
  snapshot: SnapshotRef;
}

/** Resources a run still holds at terminal, by kind (T3). Any non-zero count fails the run. */
export interface ToolCleanupReport {
  resources: Record<string, number>;
  notes?: string;
}
