/** `web.getWorkspace` and `web.readFile`: the reads that hand out the one revision clock. */
import { getTextFile } from '../../workspace/text-file.js';
import * as z from 'zod/mini';
import { resolvePreviewEntry } from '../../preview/entry.js';
import { defineTool } from '../../registry/define-tool.js';
import type { WorkspaceDocumentManager } from '../../workspace/manager.js';
import { respond, storageFieldsOf } from '../workspace/respond.js';
import { pathInput, storageFields } from '../workspace/schemas.js';

const readOnly = {
  readOnlyHint: true,
  destructiveHint: false,
  idempotentHint: true,
  openWorldHint: false,
};

export function createWebReadTools(manager: WorkspaceDocumentManager) {
  const getWorkspace = defineTool(
    {
      name: 'web.getWorkspace',
      title: 'Read the web workspace',
      description:
        'Read every file (text files with their source), the active entry point and the workspace revision; pass that revision as expectedRevision to a later web.* mutation.',
      inputSchema: z.object({}),
      outputSchema: z.object({
        ...storageFields,
        entryPath: z.nullable(z.string()),
        dirtyPaths: z.array(z.string()),
        files: z.array(
          z.object({
            path: z.string(),
            kind: z.enum(['text', 'asset']),
            length: z.int(),
            text: z.optional(z.string()),
          }),
        ),
      }),
      annotations: { title: 'Read the web workspace', ...readOnly },
    },
    () => {
      const snapshot = manager.getSnapshot();
      const entryPath = resolvePreviewEntry(snapshot.files)?.path ?? null;
      const files = snapshot.files.map((file) =>
        file.kind === 'text'
          ? { path: file.path, kind: file.kind, length: file.text.length, text: file.text }
          : { path: file.path, kind: file.kind, length: file.blob.size },
      );
      return respond(
        `${files.length} files, entry ${entryPath ?? 'none'}, revision ${snapshot.revision}.`,
        {
          ...storageFieldsOf(snapshot),
          entryPath,
          dirtyPaths: [...snapshot.dirtyPaths],
          files,
        },
      );
    },
  );

  const readFile = defineTool(
    {
      name: 'web.readFile',
      title: 'Read a web file',
      description: 'Read one text file and the current workspace revision.',
      inputSchema: z.object({ path: pathInput }),
      outputSchema: z.object({
        ...storageFields,
        path: z.string(),
        text: z.string(),
        length: z.int(),
      }),
      annotations: { title: 'Read a web file', ...readOnly },
    },
    ({ path }) => {
      const file = getTextFile(manager, path, 'readFile', 'web.readFile reads text files only');
      if (!file.ok) return file;
      const snapshot = manager.getSnapshot();
      return respond(`${file.value.path} at revision ${snapshot.revision}.`, {
        ...storageFieldsOf(snapshot),
        path: file.value.path,
        text: file.value.text,
        length: file.value.text.length,
      });
    },
  );

  return [getWorkspace, readFile];
}
