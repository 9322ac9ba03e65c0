/**
 * The provider-neutral tool protocol: one module of types shared by the registry, the
 * elements, the agents and every transport.
 */
import type { ToolCallError } from './errors.js';

/** Where a call came from. Only explicit `local` + `direct` calls may bypass approval. */
export type ToolCallSource = 'local' | 'model' | 'mcp' | (string & {});
/** Why it was made: a direct UI action or an agent step. */
export type ToolCallMode = 'direct' | 'agent' | (string & {});

export interface ToolCallContext {
  source: ToolCallSource;
  mode: ToolCallMode;
  sessionId?: string;
  revision?: number;
}

export interface ToolAnnotations {
  title?: string;
  readOnlyHint?: boolean;
  destructiveHint?: boolean;
  idempotentHint?: boolean;
  openWorldHint?: boolean;
}

export type JsonSchema = Record<string, unknown>;

/** A tool as discovery shows it (MCP `Tool` shape). */
export interface MCPToolDefinition {
  name: string;
  title?: string;
  description: string;
  inputSchema: JsonSchema;
  outputSchema?: JsonSchema;
  annotations?: ToolAnnotations;
}

export type ToolContent = { type: 'text'; text: string } | { type: 'json'; json: unknown };

/** A model's request to call a tool, as providers send it. */
export interface ModelToolCall {
  id?: string;
  name: string;
  arguments: unknown;
}

export interface ToolCallResult {
  toolCallId: string;
  content: ToolContent[];
  structuredContent?: Record<string, unknown>;
  error?: ToolCallError;
}

export interface ToolListRequest {
  method: 'tools/list';
  params?: { cursor?: string };
}

export interface ToolListResult {
  tools: MCPToolDefinition[];
  nextCursor?: string;
}

export interface ToolCallRequest {
  method: 'tools/call';
  params: { name: string; arguments: Record<string, unknown> };
  toolCallId: string;
  context: ToolCallContext;
}
