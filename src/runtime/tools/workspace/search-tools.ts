/** Whole-workspace views: literal search (W10) and the standalone HTML export. */
import { z } from 'zod/mini';
import { defineTool } from '../../registry/define-tool.js';
import type { WorkspaceDocumentManager } from '../../workspace/manager.js';
import { searchWorkspace, WORKSPACE_SEARCH_LIMIT } from '../../workspace/search.js';
import type { WorkspaceToolOptions } from './options.js';
import { respond, storageFieldsOf } from './respond.js';
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
    ({ query, caseSensitive, maxResults }) => {
      const snapshot = manager.getSnapshot();
      const result = searchWorkspace(snapshot.files, query, {
        caseSensitive,
        maxResults,
        drafts: options.getDrafts?.(),
      });
      return respond(`${result.matches.length}${result.truncated ? '+' : ''} matching lines.`, {
        ...storageFieldsOf(snapshot),
        ...result,
      });
    },
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
    async ({ entryPath }) => {
      const snapshot = manager.getSnapshot();
      let entry: string | undefined;
      if (entryPath !== undefined) {
        const file = manager.getFile(entryPath, 'exportHtml');
        if (!file.ok) return file;
        entry = file.value.path;
      }
      // Loaded on the first export: a studio that never exports never downloads it.
      const { exportWorkspaceHtml } = await import('../../workspace/export-html.js');
      // What the person sees: an editor draft still inside its debounce window is exported too.
      const drafts = options.getDrafts?.();
      const files = drafts?.size
        ? snapshot.files.map((file) => {
            const draft = file.kind === 'text' ? drafts.get(file.path) : undefined;
            return draft === undefined ? file : { ...file, text: draft };
          })
        : snapshot.files;
      const exported = await exportWorkspaceHtml(files, { entryPath: entry });
      if (!exported.ok) return exported;
      return respond(
        `Exported ${exported.value.entryPath} (${exported.value.html.length} characters).`,
        {
          ...storageFieldsOf(snapshot),
          ...exported.value,
        },
      );
    },
  );

  return [search, exportHtml];
}
