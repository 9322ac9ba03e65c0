/** The read side of the catalog: status, listing, reading, opening and downloading files. */
import { fileRows } from '../../workspace/file-rows.js';
import { getTextFile } from '../../workspace/text-file.js';
import { noFileChange } from '../../approval/tool-change.js';
import * as z from 'zod/mini';
import { defineTool } from '../../registry/define-tool.js';
import { previewHostCapability } from '../../preview/preview-host.js';
import {
  WORKSPACE_ERROR_CODES as CODES,
  workspaceError,
  WORKSPACE_SOURCE_LIMIT,
} from '../../workspace/codes.js';
import type { WorkspaceDocumentManager } from '../../workspace/manager.js';
import { workspaceMimeType } from '../../workspace/file-types.js';
import { type WorkspaceToolOptions, browserDownload } from './options.js';
import { respond, storageFieldsOf } from './respond.js';
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
        fileCount: z.int(),
        dirtyPaths: z.array(z.string()),
        deletedPaths: z.array(z.string()),
        canUndo: z.boolean(),
        canRedo: z.boolean(),
        sourceLimit: z.int(),
        folder: folderStatusOutput,
        folderLinkLost: z.optional(
          z
            .string()
            .check(
              z.describe(
                'The folder linked before the reload whose link could not be restored: saves stay in the browser until it is opened again.',
              ),
            ),
        ),
        preview: z.object({
          state: z.enum(['idle', 'loading', 'ready', 'error', 'unavailable']),
          revision: z.optional(z.int()),
          acknowledgedRevision: z.optional(z.nullable(z.int())),
          diagnostics: z.optional(z.int()),
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
        ...(status.folderLinkLost === null ? {} : { folderLinkLost: status.folderLinkLost }),
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
            size: z.int(),
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
      const files = fileRows(snapshot).map(({ file, row }) => ({
        ...row,
        mimeType: file.kind === 'text' ? workspaceMimeType(file.path) : file.mimeType,
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
      inputSchema: z.object({ path: z.optional(pathInput) }),
      outputSchema: z.object({
        ...storageFields,
        path: z.string(),
        text: z.string(),
        length: z.int(),
        dirty: z.boolean(),
        overBudget: z.boolean(),
      }),
      annotations: { title: 'Read a workspace file', ...readOnly },
    },
    ({ path }) => {
      const target = targetPath(manager, path, 'readFile');
      if (!target.ok) return target;
      const file = getTextFile(manager, target.value, 'readFile', 'use workspace.downloadFile');
      if (!file.ok) return file;
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
      describeChange: ({ path }) => noFileChange(`Opens ${path} in the editor; no file changes.`),
    },
    async ({ path }) => {
      const opened = await manager.openFile(path);
      if (!opened.ok) return opened;
      const snapshot = opened.value;
      return respond(
        `Opened ${snapshot.activePath}.`,
        { ...storageFieldsOf(snapshot), path: snapshot.activePath as string },
        snapshot.revision,
      );
    },
  );

  const downloadFile = defineTool(
    {
      name: 'workspace.downloadFile',
      title: 'Download a workspace file',
      description:
        'Download one text file or Blob asset (default: the open file) through the browser.',
      inputSchema: z.object({ path: z.optional(pathInput) }),
      outputSchema: z.object({
        ...storageFields,
        path: z.string(),
        bytes: z.int(),
        mimeType: z.string(),
      }),
      annotations: {
        title: 'Download a workspace file',
        readOnlyHint: false,
        destructiveHint: false,
        idempotentHint: false,
        openWorldHint: true,
      },
      describeChange: ({ path }, workspace) =>
        noFileChange(
          `Downloads ${path ?? workspace.getSnapshot().activePath ?? 'the open file'} through the browser; no file changes.`,
        ),
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

  return [getStatus, listFiles, readFile, openFile, downloadFile];
}
