/**
 * Discovery pagination (R7): opaque keyset cursors (the last name of the page, so a cursor
 * survives registrations), and `listAllTools`, which follows them with a page limit.
 */
import { TOOL_CALL_ERROR_CODES as CODES, toolError, type Outcome } from '../protocol/errors.js';
import { isToolListResult } from '../protocol/guards.js';
import type { MCPToolDefinition, ToolListRequest, ToolListResult } from '../protocol/types.js';

const CURSOR_PREFIX = 'ca1:';

export function encodeCursor(lastName: string): string {
  return btoa(`${CURSOR_PREFIX}${lastName}`);
}

/** The name a cursor continues after, or `undefined` for a cursor we did not issue. */
export function decodeCursor(cursor: string): string | undefined {
  try {
    const text = atob(cursor);
    return text.startsWith(CURSOR_PREFIX) ? text.slice(CURSOR_PREFIX.length) : undefined;
  } catch {
    return undefined;
  }
}

/** The canonical `tools/list` request for a cursor (or for the first page). */
export function toToolListRequest(params: { cursor?: string } = {}): ToolListRequest {
  return params.cursor === undefined
    ? { method: 'tools/list' }
    : { method: 'tools/list', params: { cursor: params.cursor } };
}

/** Anything that answers paged `tools/list` requests: a registry, an MCP client. */
export interface ToolListSource {
  listTools(request?: ToolListRequest): ToolListResult | Promise<ToolListResult>;
}

/** Limits for `listAllTools`. */
export interface ListAllToolsOptions {
  /** Pages followed before giving up; 1,000 by default. `Infinity` opts out. */
  maxPages?: number;
  signal?: AbortSignal;
}

/** How many pages `listAllTools` follows by default before it gives up. */
export const DEFAULT_MAX_TOOL_LIST_PAGES = 1000;

/** Every definition a source lists, following `nextCursor`; each page is guarded. */
export async function listAllTools(
  source: ToolListSource,
  options: ListAllToolsOptions = {},
): Promise<Outcome<MCPToolDefinition[]>> {
  const maxPages = options.maxPages ?? DEFAULT_MAX_TOOL_LIST_PAGES;
  const tools: MCPToolDefinition[] = [];
  const seen = new Set<string>();
  let cursor: string | undefined;
  for (let page = 0; ; page++) {
    if (page >= maxPages) {
      return {
        ok: false,
        error: toolError(
          CODES.TOOL_LIST_PAGE_LIMIT_EXCEEDED,
          `tools/list exceeded ${maxPages} pages.`,
          false,
          { maxPages },
        ),
      };
    }
    if (options.signal?.aborted) {
      return {
        ok: false,
        error: toolError(CODES.TOOL_CANCELLED, 'tools/list was cancelled.', true),
      };
    }
    let result: unknown;
    try {
      result = await source.listTools(toToolListRequest(cursor === undefined ? {} : { cursor }));
    } catch {
      return {
        ok: false,
        error: toolError(CODES.TOOL_INVALID_REQUEST, 'tools/list failed.', true),
      };
    }
    if (!isToolListResult(result)) {
      return {
        ok: false,
        error: toolError(
          CODES.TOOL_RESULT_VALIDATION_FAILED,
          'tools/list returned an invalid page.',
          false,
          { page },
        ),
      };
    }
    if (result.error) return { ok: false, error: result.error };
    tools.push(...result.tools);
    cursor = result.nextCursor;
    if (cursor === undefined) return { ok: true, value: tools };
    if (seen.has(cursor)) {
      return {
        ok: false,
        error: toolError(CODES.TOOL_LIST_CURSOR_REPEATED, 'tools/list repeated a cursor.', false, {
          page,
        }),
      };
    }
    seen.add(cursor);
  }
}
