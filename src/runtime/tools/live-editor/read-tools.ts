/**
 * The read-only `editor.*` tools: status (both clocks, preview, persistence, folder), the file
 * list, the current document and the latest preview acknowledgement.
 */
import { fileRows } from '../../workspace/file-rows.js';
import * as z from 'zod/mini';
import { failure } from '../../protocol/errors.js';
import { previewHostCapability } from '../../preview/preview-host.js';
import { defineTool, type ToolHandlerContext } from '../../registry/define-tool.js';
import { WORKSPACE_ERROR_CODES as CODES, workspaceError } from '../../workspace/codes.js';
import type { WorkspaceDocumentManager } from '../../workspace/manager.js';
import { respond } from '../workspace/respond.js';
import { folderStatusOutput } from '../workspace/schemas.js';
import type { LiveDocument } from './document.js';
import { clockFields, clocksOf } from './respond.js';
import { EDITOR_SCENARIO_NAMES } from './scenarios.js';

const readOnly = {
  readOnlyHint: true,
  destructiveHint: false,
  idempotentHint: true,
  openWorldHint: false,
};

const previewSummary = z.object({
  state: z.enum(['idle', 'loading', 'ready', 'error', 'unavailable']),
  revision: z.optional(z.int()),
  acknowledgedRevision: z.optional(z.nullable(z.int())),
  error: z.optional(z.string()),
  diagnostics: z.optional(z.int()),
});

function previewOf(context: ToolHandlerContext): z.output<typeof previewSummary> {
  const host = context.require(previewHostCapability);
  if (!host.ok) return { state: 'unavailable' };
  const { state, revision, acknowledgedRevision, error, diagnostics } = host.value.getStatus();
  return {
    state,
    revision,
    acknowledgedRevision,
    ...(error === undefined ? {} : { error }),
    diagnostics: diagnostics.length,
  };
}

export function createEditorReadTools(manager: WorkspaceDocumentManager, document: LiveDocument) {
  const getStatus = defineTool(
    {
      name: 'editor.getStatus',
      title: 'Editor status',
      description:
        'Read the workspace and document revisions, preview state, persistence (storageMode), dirty paths and local-folder connection.',
      inputSchema: z.object({}),
      outputSchema: z.object({
        ...clockFields,
        scenario: z.enum(EDITOR_SCENARIO_NAMES),
        preview: previewSummary,
        folder: folderStatusOutput,
      }),
      annotations: { title: 'Editor status', ...readOnly },
      capabilities: [previewHostCapability],
    },
    async (_args, context) => {
      const folder = manager.getFolder();
      if (folder) manager.setFolderPermission(await folder.queryPermission());
      const status = manager.getStatus();
      const clocks = clocksOf(document, status);
      return respond(
        `Workspace revision ${clocks.workspaceRevision}, document revision ${clocks.documentRevision} (${status.storageMode}).`,
        {
          ...clocks,
          scenario: document.getSnapshot().scenario,
          preview: previewOf(context),
          folder: status.folder,
        },
      );
    },
  );

  const listFiles = defineTool(
    {
      name: 'editor.listFiles',
      title: 'List editor files',
      description:
        'List workspace files with kind, size and dirty state, plus the active path, workspace revision, storage mode and dirty paths.',
      inputSchema: z.object({}),
      outputSchema: z.object({
        ...clockFields,
        files: z.array(
          z.object({
            path: z.string(),
            kind: z.enum(['text', 'asset']),
            size: z.int(),
            dirty: z.boolean(),
          }),
        ),
      }),
      annotations: { title: 'List editor files', ...readOnly },
    },
    () => {
      const snapshot = manager.getSnapshot();
      const files = fileRows(snapshot).map(({ row }) => row);
      return respond(`${files.length} files at workspace revision ${snapshot.revision}.`, {
        ...clocksOf(document, snapshot),
        files,
      });
    },
  );

  const getDocument = defineTool(
    {
      name: 'editor.getDocument',
      title: 'Read the document',
      description:
        'Read the open document (the active text file), its documentRevision and the workspaceRevision.',
      inputSchema: z.object({}),
      outputSchema: z.object({
        ...clockFields,
        activePath: z.string(),
        scenario: z.enum(EDITOR_SCENARIO_NAMES),
        text: z.string(),
        length: z.int(),
      }),
      annotations: { title: 'Read the document', ...readOnly },
    },
    () => {
      const doc = document.getSnapshot();
      if (doc.activePath === null || doc.text === null)
        return failure(
          workspaceError(
            CODES.WORKSPACE_ACTIVE_FILE_NOT_FOUND,
            'No text document is open; call editor.openFile first.',
            { operation: 'getDocument', activePath: doc.activePath },
          ),
        );
      return respond(
        `${doc.activePath} (${doc.text.length} characters) at document revision ${doc.documentRevision}.`,
        {
          ...clocksOf(document, manager.getSnapshot()),
          activePath: doc.activePath,
          scenario: doc.scenario,
          text: doc.text,
          length: doc.text.length,
        },
      );
    },
  );

  const getPreviewStatus = defineTool(
    {
      name: 'editor.getPreviewStatus',
      title: 'Preview status',
      description:
        'Read the latest iframe acknowledgement: the revision shown, the revision acknowledged, its state and diagnostic count.',
      inputSchema: z.object({}),
      outputSchema: z.object({ ...clockFields, preview: previewSummary }),
      annotations: { title: 'Preview status', ...readOnly },
      capabilities: [previewHostCapability],
    },
    (_args, context) => {
      const preview = previewOf(context);
      return respond(`Preview ${preview.state}.`, {
        ...clocksOf(document, manager.getSnapshot()),
        preview,
      });
    },
  );

  return [getStatus, listFiles, getDocument, getPreviewStatus];
}
