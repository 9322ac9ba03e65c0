/**
 * Whole-workspace views: literal search (W10) and the standalone HTML export. Their handlers
 * (`search-handlers.ts`) load on the first call.
 */
import * as z from 'zod/mini';
import { defineTool } from '../../registry/define-tool.js';
import { lazyHandlers } from '../../registry/lazy-handler.js';
import type { WorkspaceDocumentManager } from '../../workspace/manager.js';
import { WORKSPACE_SEARCH_LIMIT } from '../../workspace/search-limit.js';
import type { WorkspaceToolOptions } from './options.js';
import { pathInput, storageFields } from './schemas.js';

const readOnly = {
  readOnlyHint: true,
  destructiveHint: false,
  idempotentHint: true,
  openWorldHint: false,
};

export function createSearchTools(
  manager: WorkspaceDocumentManager,
  options: WorkspaceToolOptions,
) {
  const handler = lazyHandlers(() =>
    import('./search-handlers.js').then((module) => module.createSearchHandlers(manager, options)),
  );

  const search = defineTool(
    {
      name: 'workspace.search',
      title: 'Search the workspace',
      description: `Find literal text across all text files (unsaved editor drafts included); at most ${WORKSPACE_SEARCH_LIMIT} matching lines.`,
      inputSchema: z.object({
        query: z.string().check(z.minLength(1), z.maxLength(1000)),
        caseSensitive: z.optional(z.boolean()),
        maxResults: z.optional(z.int().check(z.gte(1), z.lte(WORKSPACE_SEARCH_LIMIT))),
      }),
      outputSchema: z.object({
        ...storageFields,
        matches: z.array(
          z.object({
            path: z.string(),
            line: z.int(),
            column: z.int(),
            preview: z.string(),
          }),
        ),
        truncated: z.boolean(),
        filesSearched: z.int(),
      }),
      annotations: { title: 'Search the workspace', ...readOnly },
    },
    handler('search'),
  );

  const exportHtml = defineTool(
    {
      name: 'workspace.exportHtml',
      title: 'Export standalone HTML',
      description:
        'Build one standalone HTML file from the preview entry (unsaved editor drafts included): CSS and JS inlined, assets as data URLs.',
      inputSchema: z.object({ entryPath: z.optional(pathInput) }),
      outputSchema: z.object({
        ...storageFields,
        entryPath: z.string(),
        html: z.string(),
        inlinedPaths: z.array(z.string()),
        missingReferences: z.array(z.string()),
        unbundledModules: z.array(z.string()),
      }),
      annotations: { title: 'Export standalone HTML', ...readOnly },
    },
    handler('exportHtml'),
  );

  return [search, exportHtml];
}
