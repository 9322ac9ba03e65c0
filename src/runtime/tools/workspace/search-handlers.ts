/**
 * What the search and export tools do (`search-tools.ts` describes them): a chunk of its own,
 * loaded on the first call of either (`lazyHandlers`), since a first visit searches and exports
 * nothing.
 */
import type { WorkspaceDocumentManager } from '../../workspace/manager.js';
import { searchWorkspace } from '../../workspace/search.js';
import type { WorkspaceToolOptions } from './options.js';
import { respond, storageFieldsOf } from './respond.js';

export function createSearchHandlers(
  manager: WorkspaceDocumentManager,
  options: WorkspaceToolOptions,
) {
  return {
    search: ({
      query,
      caseSensitive,
      maxResults,
    }: {
      query: string;
      caseSensitive?: boolean | undefined;
      maxResults?: number | undefined;
    }) => {
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

    exportHtml: async ({ entryPath }: { entryPath?: string | undefined }) => {
      const snapshot = manager.getSnapshot();
      let entry: string | undefined;
      if (entryPath !== undefined) {
        const file = manager.getFile(entryPath, 'exportHtml');
        if (!file.ok) return file;
        entry = file.value.path;
      }
      // Its own chunk still: the HTML export is larger than the rest of these handlers.
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
  };
}
