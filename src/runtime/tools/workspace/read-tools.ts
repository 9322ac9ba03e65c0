/** The read side of the catalog: status, listing, reading, opening, searching, exporting. */
import { z } from 'zod';
import { defineTool } from '../../registry/define-tool.js';
import { previewHostCapability } from '../../preview/preview-host.js';
import { WORKSPACE_ERROR_CODES as CODES, workspaceError } from '../../workspace/codes.js';
import { exportWorkspaceHtml } from '../../workspace/export-html.js';
import type { WorkspaceDocumentManager } from '../../workspace/manager.js';
import { searchWorkspace, WORKSPACE_SEARCH_LIMIT } from '../../workspace/search.js';
import { WORKSPACE_SOURCE_LIMIT } from '../../workspace/codes.js';
import { workspaceMimeType } from '../../workspace/file-types.js';
import type { WorkspaceToolOptions } from './options.js';
import { browserDownload } from './options.js';
import { acknowledge, respond, storageFieldsOf } from './respond.js';
import { folderStatusOutput, pathInput, previewOutput, storageFields } from './schemas.js';

const readOnly = {
  readOnlyHint: true,
  destructiveHint: false,
  idempotentHint: true,
  openWorldHint: false,
};

/** The path argument, or the active file when it is omitted. */
function targetPath(
  manager: WorkspaceDocumentManager,
  path: string | undefined,
  operation: string,
) {
  if (path !== undefined) return { ok: true as const, value: path };
  const active = manager.getSnapshot().activePath;
  if (active !== null) return { ok: true as const, value: active };
  return {
    ok: false as const,
    error: workspaceError(CODES.WORKSPACE_ACTIVE_FILE_NOT_FOUND, 'No file is open; pass a path.', {
      operation,
    }),
  };
}

export function createReadTools(manager: WorkspaceDocumentManager, options: WorkspaceToolOptions) {
  const getStatus = defineTool(
    {
      name: 'workspace.getStatus',
      title: 'Workspace status',
      description:
        'Read the revision, persistence (storageMode), preview state, dirty and deleted paths, undo/redo availability and linked-folder capabilities.',
      inputSchema: z.object({}),
      outputSchema: z.object({
        ...storageFields,
        fileCount: z.number().int(),
        dirtyPaths: z.array(z.string()),
        deletedPaths: z.array(z.string()),
        canUndo: z.boolean(),
        canRedo: z.boolean(),
        sourceLimit: z.number().int(),
        folder: folderStatusOutput,
        preview: z.object({
          state: z.enum(['idle', 'loading', 'ready', 'error', 'unavailable']),
          revision: z.number().int().optional(),
          acknowledgedRevision: z.number().int().nullable().optional(),
          diagnostics: z.number().int().optional(),
        }),
      }),
      annotations: { title: 'Workspace status', ...readOnly },
      capabilities: [previewHostCapability],
    },
    async (_args, context) => {
      const folder = manager.getFolder();
      if (folder) manager.setFolderPermission(await folder.queryPermission());
      const status = manager.getStatus();
      const host = context.require(previewHostCapability);
      const preview = host.ok
        ? (({ state, revision, acknowledgedRevision, diagnostics }) => ({
            state,
            revision,
            acknowledgedRevision,
            diagnostics: diagnostics.length,
          }))(host.value.getStatus())
        : { state: 'unavailable' as const };
      return respond(`Workspace at revision ${status.revision} (${status.storageMode}).`, {
        ...storageFieldsOf(status),
        fileCount: status.files.length,
        dirtyPaths: [...status.dirtyPaths],
        deletedPaths: [...status.deletedPaths],
        canUndo: status.canUndo,
        canRedo: status.canRedo,
        sourceLimit: status.sourceLimit,
        folder: status.folder,
        preview,
      });
    },
  );

  const listFiles = defineTool(
    {
      name: 'workspace.listFiles',
      title: 'List workspace files',
      description: 'List every workspace file with its kind, size and per-file dirty state.',
      inputSchema: z.object({}),
      outputSchema: z.object({
        ...storageFields,
        files: z.array(
          z.object({
            path: z.string(),
            kind: z.enum(['text', 'asset']),
            size: z.number().int(),
            mimeType: z.string(),
            dirty: z.boolean(),
            overBudget: z.boolean(),
          }),
        ),
        dirtyPaths: z.array(z.string()),
        deletedPaths: z.array(z.string()),
      }),
      annotations: { title: 'List workspace files', ...readOnly },
    },
    () => {
      const snapshot = manager.getSnapshot();
      const dirty = new Set(snapshot.dirtyPaths);
      const files = snapshot.files.map((file) => ({
        path: file.path,
        kind: file.kind,
        size: file.kind === 'text' ? file.text.length : file.blob.size,
        mimeType: file.kind === 'text' ? workspaceMimeType(file.path) : file.mimeType,
        dirty: dirty.has(file.path),
        overBudget: file.kind === 'text' && file.text.length > WORKSPACE_SOURCE_LIMIT,
      }));
      return respond(`${files.length} files at revision ${snapshot.revision}.`, {
        ...storageFieldsOf(snapshot),
        files,
        dirtyPaths: [...snapshot.dirtyPaths],
        deletedPaths: [...snapshot.deletedPaths],
      });
    },
  );

  const readFile = defineTool(
    {
      name: 'workspace.readFile',
      title: 'Read a workspace file',
      description:
        'Read one text file (default: the open file) with the current revision; pass that revision as expectedRevision to a later mutation.',
      inputSchema: z.object({ path: pathInput.optional() }),
      outputSchema: z.object({
        ...storageFields,
        path: z.string(),
        text: z.string(),
        length: z.number().int(),
        dirty: z.boolean(),
        overBudget: z.boolean(),
      }),
      annotations: { title: 'Read a workspace file', ...readOnly },
    },
    ({ path }) => {
      const target = targetPath(manager, path, 'readFile');
      if (!target.ok) return target;
      const file = manager.getFile(target.value, 'readFile');
      if (!file.ok) return file;
      if (file.value.kind !== 'text')
        return {
          ok: false as const,
          error: workspaceError(
            CODES.WORKSPACE_FILE_TYPE_CONFLICT,
            `${file.value.path} is a binary asset; use workspace.downloadFile.`,
            {
              operation: 'readFile',
              path: file.value.path,
              expected: 'text',
              actual: 'asset',
            },
          ),
        };
      const snapshot = manager.getSnapshot();
      const { text } = file.value;
      return respond(
        `${file.value.path} (${text.length} characters) at revision ${snapshot.revision}.`,
        {
          ...storageFieldsOf(snapshot),
          path: file.value.path,
          text,
          length: text.length,
          dirty: snapshot.dirtyPaths.includes(file.value.path),
          overBudget: text.length > WORKSPACE_SOURCE_LIMIT,
        },
      );
    },
  );

  const openFile = defineTool(
    {
      name: 'workspace.openFile',
      title: 'Open a workspace file',
      description: 'Select a workspace file in the editor and persist it as the active path.',
      inputSchema: z.object({ path: pathInput }),
      outputSchema: z.object({ ...storageFields, path: z.string(), preview: previewOutput }),
      annotations: {
        title: 'Open a workspace file',
        readOnlyHint: false,
        destructiveHint: false,
        idempotentHint: true,
        openWorldHint: false,
      },
      capabilities: [previewHostCapability],
    },
    async ({ path }, context) => {
      const opened = await manager.openFile(path);
      if (!opened.ok) return opened;
      const snapshot = opened.value;
      return respond(`Opened ${snapshot.activePath}.`, {
        ...storageFieldsOf(snapshot),
        path: snapshot.activePath as string,
        preview: await acknowledge(context, snapshot.revision),
      });
    },
  );

  const downloadFile = defineTool(
    {
      name: 'workspace.downloadFile',
      title: 'Download a workspace file',
      description:
        'Download one text file or Blob asset (default: the open file) through the browser.',
      inputSchema: z.object({ path: pathInput.optional() }),
      outputSchema: z.object({
        ...storageFields,
        path: z.string(),
        bytes: z.number().int(),
        mimeType: z.string(),
      }),
      annotations: {
        title: 'Download a workspace file',
        readOnlyHint: false,
        destructiveHint: false,
        idempotentHint: false,
        openWorldHint: true,
      },
    },
    async ({ path }) => {
      const target = targetPath(manager, path, 'downloadFile');
      if (!target.ok) return target;
      const file = manager.getFile(target.value, 'downloadFile');
      if (!file.ok) return file;
      const blob =
        file.value.kind === 'text'
          ? new Blob([file.value.text], { type: workspaceMimeType(file.value.path) })
          : file.value.blob;
      const fileName = file.value.path.slice(file.value.path.lastIndexOf('/') + 1);
      await (options.download ?? browserDownload)({ fileName, blob });
      return respond(`Downloaded ${file.value.path}.`, {
        ...storageFieldsOf(manager.getSnapshot()),
        path: file.value.path,
        bytes: blob.size,
        mimeType: blob.type,
      });
    },
  );

  const search = defineTool(
    {
      name: 'workspace.search',
      title: 'Search the workspace',
      description: `Find literal text across all text files (unsaved editor drafts included); at most ${WORKSPACE_SEARCH_LIMIT} matching lines.`,
      inputSchema: z.object({
        query: z.string().min(1).max(1000),
        caseSensitive: z.boolean().optional(),
        maxResults: z.number().int().min(1).max(WORKSPACE_SEARCH_LIMIT).optional(),
      }),
      outputSchema: z.object({
        ...storageFields,
        matches: z.array(
          z.object({
            path: z.string(),
            line: z.number().int(),
            column: z.number().int(),
            preview: z.string(),
          }),
        ),
        truncated: z.boolean(),
        filesSearched: z.number().int(),
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
        'Build one standalone HTML file from the preview entry: CSS and JS inlined, assets as data URLs.',
      inputSchema: z.object({ entryPath: pathInput.optional() }),
      outputSchema: z.object({
        ...storageFields,
        entryPath: z.string(),
        html: z.string(),
        inlinedPaths: z.array(z.string()),
        missingReferences: z.array(z.string()),
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
      const exported = await exportWorkspaceHtml(snapshot.files, { entryPath: entry });
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

  return [getStatus, listFiles, readFile, openFile, downloadFile, search, exportHtml];
}
