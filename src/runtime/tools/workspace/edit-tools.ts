/**
 * The editing side of the catalog. Every mutation takes `expectedRevision`, changes the
 * workspace through the manager and names the revision it committed; the registry then waits
 * for the preview to acknowledge it.
 */
import * as z from 'zod/mini';
import type { Outcome } from '../../protocol/errors.js';
import { noFileChange, plannedChange } from '../../approval/tool-change.js';
import { previewHostCapability } from '../../preview/preview-host.js';
import { defineTool } from '../../registry/define-tool.js';
import { WORKSPACE_ERROR_CODES as CODES, workspaceError } from '../../workspace/codes.js';
import type { WorkspaceDocumentManager } from '../../workspace/manager.js';
import { portabilityWarnings } from '../../workspace/names.js';
import type { WorkspaceSnapshot } from '../../workspace/types.js';
import { mutationFields, respond } from './respond.js';
import {
  expectedRevisionInput,
  mutationOutput,
  pathInput,
  SOURCE_BUDGET_NOTE,
  sourceInput,
} from './schemas.js';

const edit = {
  readOnlyHint: false,
  destructiveHint: false,
  idempotentHint: false,
  openWorldHint: false,
};
const destructive = { ...edit, destructiveHint: true };

function finish(
  outcome: Outcome<WorkspaceSnapshot>,
  summary: (snapshot: WorkspaceSnapshot) => string,
  path?: string,
) {
  if (!outcome.ok) return outcome;
  const snapshot = outcome.value;
  return respond(summary(snapshot), mutationFields(snapshot, path), snapshot.revision);
}

/** `finish` for a new name: warns, in the summary and the result, when it is not portable. */
function finishNamed(
  outcome: Outcome<WorkspaceSnapshot>,
  summary: (snapshot: WorkspaceSnapshot) => string,
  path: string | undefined,
) {
  const warnings = path === undefined ? [] : portabilityWarnings(path).map((w) => w.message);
  const finished = finish(outcome, (snapshot) => [summary(snapshot), ...warnings].join(' '), path);
  if (!('structuredContent' in finished) || warnings.length === 0) return finished;
  return { ...finished, structuredContent: { ...finished.structuredContent, warnings } };
}

export function createEditTools(manager: WorkspaceDocumentManager) {
  const createFile = defineTool(
    {
      name: 'workspace.createFile',
      title: 'Create a file',
      description: `Create a new text file (html, css, js, mjs, ts, mts, tsx, jsx, json, md, txt) and open it; the preview compiles TypeScript and JSX modules without checking types. ${SOURCE_BUDGET_NOTE}`,
      inputSchema: z.object({
        path: pathInput,
        text: z._default(sourceInput, ''),
        expectedRevision: expectedRevisionInput,
      }),
      outputSchema: mutationOutput,
      annotations: { title: 'Create a file', ...edit },
      capabilities: [previewHostCapability],
      describeChange: ({ path, text }, workspace) =>
        plannedChange(workspace, workspace.plan.createFile(path, text)),
    },
    async ({ path, text, expectedRevision }) => {
      const outcome = await manager.createFile(path, text, { expectedRevision });
      return finishNamed(
        outcome,
        (s) => `Created ${s.activePath} at revision ${s.revision}.`,
        outcome.ok ? (outcome.value.activePath ?? undefined) : undefined,
      );
    },
  );

  const renameFile = defineTool(
    {
      name: 'workspace.renameFile',
      title: 'Rename a file',
      description:
        'Rename a file, keeping its source or asset and its type; the last HTML entry stays HTML.',
      inputSchema: z.object({
        from: pathInput,
        to: pathInput,
        expectedRevision: expectedRevisionInput,
      }),
      outputSchema: mutationOutput,
      annotations: { title: 'Rename a file', ...edit },
      capabilities: [previewHostCapability],
      describeChange: ({ from, to }, workspace) =>
        plannedChange(workspace, workspace.plan.renameFile(from, to)),
    },
    async ({ from, to, expectedRevision }) => {
      const outcome = await manager.renameFile(from, to, { expectedRevision });
      const target = manager.getFile(to);
      return finishNamed(
        outcome,
        (s) => `Renamed to ${target.ok ? target.value.path : to} at revision ${s.revision}.`,
        target.ok ? target.value.path : undefined,
      );
    },
  );

  const writeFile = defineTool(
    {
      name: 'workspace.writeFile',
      title: 'Write a file',
      description: `Replace the whole source of one existing text file and refresh the preview. ${SOURCE_BUDGET_NOTE}`,
      inputSchema: z.object({
        path: pathInput,
        text: sourceInput,
        expectedRevision: expectedRevisionInput,
      }),
      outputSchema: mutationOutput,
      annotations: { title: 'Write a file', ...edit, idempotentHint: true },
      capabilities: [previewHostCapability],
      describeChange: ({ path, text }, workspace) =>
        plannedChange(workspace, workspace.plan.writeFile(path, text)),
    },
    async ({ path, text, expectedRevision }) => {
      const outcome = await manager.writeFile(path, text, { expectedRevision });
      const file = manager.getFile(path);
      return finish(
        outcome,
        (s) => `Wrote ${text.length} characters at revision ${s.revision}.`,
        file.ok ? file.value.path : undefined,
      );
    },
  );

  const applyPatch = defineTool(
    {
      name: 'workspace.applyPatch',
      title: 'Patch a file',
      description: `Replace literal text in one text file: the first occurrence or all of them. ${SOURCE_BUDGET_NOTE} The result must stay within it too.`,
      inputSchema: z.object({
        path: pathInput,
        search: sourceInput.check(
          z.minLength(1),
          z.describe('Exact text to find (not a pattern).'),
        ),
        replace: sourceInput.check(z.describe('Replacement text.')),
        occurrence: z._default(z.enum(['first', 'all']), 'first'),
        expectedRevision: expectedRevisionInput,
      }),
      outputSchema: z.extend(mutationOutput, { replacements: z.int() }),
      annotations: { title: 'Patch a file', ...edit },
      capabilities: [previewHostCapability],
      describeChange: ({ path, search, replace, occurrence }, workspace) =>
        plannedChange(workspace, workspace.plan.applyPatch(path, { search, replace, occurrence })),
    },
    async ({ path, search, replace, occurrence, expectedRevision }) => {
      const outcome = await manager.applyPatch(
        path,
        { search, replace, occurrence },
        { expectedRevision },
      );
      if (!outcome.ok) return outcome;
      const { snapshot, replacements } = outcome.value;
      const file = manager.getFile(path);
      return respond(
        `Replaced ${replacements} occurrence(s) at revision ${snapshot.revision}.`,
        { ...mutationFields(snapshot, file.ok ? file.value.path : undefined), replacements },
        snapshot.revision,
      );
    },
  );

  const deleteFile = defineTool(
    {
      name: 'workspace.deleteFile',
      title: 'Delete a file',
      description:
        'Delete one file; a saved file stays a pending deletion until workspace.saveAll.',
      inputSchema: z.object({ path: pathInput, expectedRevision: expectedRevisionInput }),
      outputSchema: mutationOutput,
      annotations: { title: 'Delete a file', ...destructive },
      capabilities: [previewHostCapability],
      describeChange: ({ path }, workspace) =>
        plannedChange(workspace, workspace.plan.deleteFile(path)),
    },
    async ({ path, expectedRevision }) =>
      finish(
        await manager.deleteFile(path, { expectedRevision }),
        (s) => `Deleted at revision ${s.revision}.`,
      ),
  );

  const revertFile = defineTool(
    {
      name: 'workspace.revertFile',
      title: 'Revert a file',
      description:
        'Restore one file (default: the open file) to the last saved checkpoint; a renamed file returns to its original path, a new file is removed.',
      inputSchema: z.object({
        path: z.optional(pathInput),
        expectedRevision: expectedRevisionInput,
      }),
      outputSchema: mutationOutput,
      annotations: { title: 'Revert a file', ...destructive },
      capabilities: [previewHostCapability],
      describeChange: ({ path }, workspace) => {
        const target = path ?? workspace.getSnapshot().activePath;
        return target === null
          ? noFileChange('Would fail: no file is open.')
          : plannedChange(workspace, workspace.plan.revertFile(target));
      },
    },
    async ({ path, expectedRevision }) => {
      const target = path ?? manager.getSnapshot().activePath;
      if (target === null)
        return {
          ok: false as const,
          error: workspaceError(
            CODES.WORKSPACE_ACTIVE_FILE_NOT_FOUND,
            'No file is open; pass a path.',
            { operation: 'revertFile' },
          ),
        };
      return finish(
        await manager.revertFile(target, { expectedRevision }),
        (s) => `Reverted at revision ${s.revision}.`,
      );
    },
  );

  const history = (direction: 'undo' | 'redo') =>
    defineTool(
      {
        name: `workspace.${direction}`,
        title: direction === 'undo' ? 'Undo' : 'Redo',
        description: `${direction === 'undo' ? 'Step back' : 'Step forward'} through the workspace edit history (latest 100 checkpoints).`,
        inputSchema: z.object({ expectedRevision: expectedRevisionInput }),
        outputSchema: mutationOutput,
        annotations: { title: direction === 'undo' ? 'Undo' : 'Redo', ...edit },
        capabilities: [previewHostCapability],
        describeChange: (_args, workspace) => plannedChange(workspace, workspace.plan[direction]()),
      },
      async ({ expectedRevision }) =>
        finish(
          await manager[direction]({ expectedRevision }),
          (s) => `${direction} → revision ${s.revision}.`,
        ),
    );

  return [
    createFile,
    renameFile,
    writeFile,
    applyPatch,
    deleteFile,
    revertFile,
    history('undo'),
    history('redo'),
  ];
}
