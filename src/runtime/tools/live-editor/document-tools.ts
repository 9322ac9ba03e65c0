/**
 * The `editor.*` document mutations: open a text file, replace or patch the open document, pick
 * a safe runner scenario, reset to its example. Each checks both clocks first, writes through the
 * workspace manager and names the workspace revision it committed, which the registry waits for
 * the preview to acknowledge.
 * Source is controlled text; nothing here runs script outside the sandboxed preview.
 */
import { getTextFile } from '../../workspace/text-file.js';
import * as z from 'zod/mini';
import {
  noFileChange,
  plannedChange,
  type ToolChange,
  type WorkspaceChangeSource,
} from '../../approval/tool-change.js';
import { failure, type Outcome } from '../../protocol/errors.js';
import { previewHostCapability } from '../../preview/preview-host.js';
import { defineTool } from '../../registry/define-tool.js';
import { WORKSPACE_ERROR_CODES as CODES, workspaceError } from '../../workspace/codes.js';
import type { WorkspaceDocumentManager, WorkspacePlan } from '../../workspace/manager.js';
import type { WorkspaceSnapshot } from '../../workspace/types.js';
import { respond } from '../workspace/respond.js';
import { pathInput, SOURCE_BUDGET_NOTE, sourceInput } from '../workspace/schemas.js';
import type { LiveDocument } from './document.js';
import {
  committedClocks,
  clockConflict,
  editorMutationOutput,
  expectedClocks,
  type ExpectedClocks,
} from './respond.js';
import {
  documentKindOf,
  EDITOR_SCENARIO_NAMES,
  EDITOR_SCENARIOS,
  type EditorDocumentKind,
  type EditorScenarioName,
} from './scenarios.js';

const edit = {
  readOnlyHint: false,
  destructiveHint: false,
  idempotentHint: false,
  openWorldHint: false,
};

export function createEditorDocumentTools(
  manager: WorkspaceDocumentManager,
  document: LiveDocument,
) {
  /** The open text document, or the error that says why there is none. */
  function openDocument(operation: string): Outcome<{ path: string; text: string }> {
    const { activePath, text } = document.getSnapshot();
    if (activePath === null || text === null)
      return failure(
        workspaceError(
          CODES.WORKSPACE_ACTIVE_FILE_NOT_FOUND,
          'No text document is open; call editor.openFile first.',
          { operation, activePath },
        ),
      );
    return { ok: true, value: { path: activePath, text } };
  }

  /** The change `plan` would make to the open document, or why there is none. */
  function onDocument(
    operation: string,
    plan: (path: string) => WorkspacePlan,
    workspace: WorkspaceChangeSource,
  ): ToolChange {
    const open = openDocument(operation);
    if (!open.ok) return noFileChange(`Would fail: ${open.error.message}`);
    return plannedChange(workspace, plan(open.value.path));
  }

  function finish<Extra extends Record<string, unknown> = Record<never, never>>(
    written: Outcome<WorkspaceSnapshot>,
    summary: string,
    extra = {} as Extra,
  ) {
    if (!written.ok) return written;
    const snapshot = written.value;
    return respond(
      summary,
      { ...committedClocks(document, snapshot), ...extra },
      snapshot.revision,
    );
  }

  const write = (path: string, text: string, expected: ExpectedClocks) =>
    manager.writeFile(path, text, { expectedRevision: expected.expectedWorkspaceRevision });

  const openFile = defineTool(
    {
      name: 'editor.openFile',
      title: 'Open a file',
      description:
        'Make one text file the open document and wait until the preview shows the matching revision; binary assets are rejected.',
      inputSchema: z.object({
        path: pathInput,
        expectedWorkspaceRevision: expectedClocks.expectedWorkspaceRevision,
      }),
      outputSchema: editorMutationOutput,
      annotations: { title: 'Open a file', ...edit, idempotentHint: true },
      capabilities: [previewHostCapability],
      describeChange: ({ path }) => noFileChange(`Opens ${path} as the document; no file changes.`),
    },
    async ({ path, expectedWorkspaceRevision }) => {
      const stale = clockConflict(document, 'openFile', { expectedWorkspaceRevision });
      if (stale) return stale;
      const file = getTextFile(manager, path, 'openFile', 'only text files open as documents');
      if (!file.ok) return file;
      return finish(await manager.openFile(file.value.path), `Opened ${file.value.path}.`);
    },
  );

  const setDocument = defineTool(
    {
      name: 'editor.setDocument',
      title: 'Replace the document',
      description: `Replace the open document's source with controlled text (never executed here) and wait for the preview. ${SOURCE_BUDGET_NOTE}`,
      inputSchema: z.object({ text: sourceInput, ...expectedClocks }),
      outputSchema: editorMutationOutput,
      annotations: { title: 'Replace the document', ...edit, idempotentHint: true },
      capabilities: [previewHostCapability],
      describeChange: ({ text }, workspace) =>
        onDocument('setDocument', (path) => workspace.plan.writeFile(path, text), workspace),
    },
    async ({ text, ...expected }) => {
      const stale = clockConflict(document, 'setDocument', expected);
      if (stale) return stale;
      const open = openDocument('setDocument');
      if (!open.ok) return open;
      return finish(
        await write(open.value.path, text, expected),
        `Replaced ${open.value.path} (${text.length} characters).`,
      );
    },
  );

  const applyPatch = defineTool(
    {
      name: 'editor.applyPatch',
      title: 'Patch the document',
      description: `Apply a bounded literal text patch (exact text, not a pattern) to the open document and wait for the matching preview revision. ${SOURCE_BUDGET_NOTE}`,
      inputSchema: z.object({
        search: sourceInput.check(z.minLength(1), z.describe('Exact text to find.')),
        replace: sourceInput.check(z.describe('Replacement text.')),
        occurrence: z._default(z.enum(['first', 'all']), 'first'),
        ...expectedClocks,
      }),
      outputSchema: z.extend(editorMutationOutput, { replacements: z.int() }),
      annotations: { title: 'Patch the document', ...edit },
      capabilities: [previewHostCapability],
      describeChange: ({ search, replace, occurrence }, workspace) =>
        onDocument(
          'applyPatch',
          (path) => workspace.plan.applyPatch(path, { search, replace, occurrence }),
          workspace,
        ),
    },
    async ({ search, replace, occurrence, ...expected }) => {
      const stale = clockConflict(document, 'applyPatch', expected);
      if (stale) return stale;
      const open = openDocument('applyPatch');
      if (!open.ok) return open;
      const patched = await manager.applyPatch(
        open.value.path,
        { search, replace, occurrence },
        { expectedRevision: expected.expectedWorkspaceRevision },
      );
      if (!patched.ok) return patched;
      const { snapshot, replacements } = patched.value;
      return finish(
        { ok: true, value: snapshot },
        `Replaced ${replacements} occurrence(s) in ${open.value.path}.`,
        { replacements },
      );
    },
  );

  /** Paths of the workspace's text documents that take an example, by kind (first of each). */
  function examplePaths(): [EditorDocumentKind, string][] {
    const seen = new Map<EditorDocumentKind, string>();
    const { activePath, files } = manager.getSnapshot();
    const ordered = [...files].sort((a, b) =>
      a.path === activePath ? -1 : b.path === activePath ? 1 : 0,
    );
    for (const file of ordered) {
      const kind = file.kind === 'text' ? documentKindOf(file.path) : null;
      if (kind && !seen.has(kind)) seen.set(kind, file.path);
    }
    return [...seen];
  }

  const setScenario = defineTool(
    {
      name: 'editor.setScenario',
      title: 'Change the runner scenario',
      description: `Select a safe runner scenario (${EDITOR_SCENARIO_NAMES.join(', ')}) and load its vetted HTML, CSS and JavaScript examples into the open document and the workspace's other HTML, CSS and JS documents. No other script can be run.`,
      inputSchema: z.object({ scenario: z.enum(EDITOR_SCENARIO_NAMES), ...expectedClocks }),
      outputSchema: z.extend(editorMutationOutput, { writtenPaths: z.array(z.string()) }),
      annotations: { title: 'Change the runner scenario', ...edit, idempotentHint: true },
      capabilities: [previewHostCapability],
      describeChange: ({ scenario }, workspace) => {
        // Each example replaces one file: their changes are independent of one another.
        const files = examplePaths().flatMap(
          ([kind, path]) =>
            plannedChange(
              workspace,
              workspace.plan.writeFile(path, EDITOR_SCENARIOS[scenario].examples[kind]),
            ).files,
        );
        return files.length ? { files } : noFileChange('No file would change.');
      },
    },
    async ({ scenario, ...expected }) => {
      const stale = clockConflict(document, 'setScenario', expected);
      if (stale) return stale;
      const targets = examplePaths();
      if (targets.length === 0)
        return failure(
          workspaceError(
            CODES.WORKSPACE_FILE_TYPE_CONFLICT,
            'The workspace has no HTML, CSS or JavaScript document to load a scenario into.',
            { operation: 'setScenario', expected: 'html, css or js' },
          ),
        );
      document.setScenario(scenario as EditorScenarioName);
      const writtenPaths: string[] = [];
      let latest: Outcome<WorkspaceSnapshot> = { ok: true, value: manager.getSnapshot() };
      let guard = expected.expectedWorkspaceRevision;
      for (const [kind, path] of targets) {
        latest = await manager.writeFile(path, EDITOR_SCENARIOS[scenario].examples[kind], {
          expectedRevision: guard,
        });
        if (!latest.ok) break;
        guard = latest.value.revision;
        writtenPaths.push(path);
      }
      return finish(latest, `Scenario ${scenario}: loaded ${writtenPaths.join(', ')}.`, {
        writtenPaths,
      });
    },
  );

  const resetDocument = defineTool(
    {
      name: 'editor.resetDocument',
      title: 'Reset the document',
      description:
        "Reset the open document's source to the selected scenario's example for its kind (HTML, CSS or JavaScript).",
      inputSchema: z.object(expectedClocks),
      outputSchema: editorMutationOutput,
      annotations: { title: 'Reset the document', ...edit, idempotentHint: true },
      capabilities: [previewHostCapability],
      describeChange: (_args, workspace) => {
        const open = openDocument('resetDocument');
        const kind = open.ok ? documentKindOf(open.value.path) : null;
        if (!open.ok || !kind)
          return noFileChange('Would fail: no HTML, CSS or JavaScript document is open.');
        const example = EDITOR_SCENARIOS[document.getSnapshot().scenario].examples[kind];
        return plannedChange(workspace, workspace.plan.writeFile(open.value.path, example));
      },
    },
    async (expected) => {
      const stale = clockConflict(document, 'resetDocument', expected);
      if (stale) return stale;
      const open = openDocument('resetDocument');
      if (!open.ok) return open;
      const kind = documentKindOf(open.value.path);
      if (!kind)
        return failure(
          workspaceError(
            CODES.WORKSPACE_FILE_TYPE_CONFLICT,
            `${open.value.path} has no scenario example; open an HTML, CSS or JS file.`,
            { operation: 'resetDocument', path: open.value.path, expected: 'html, css or js' },
          ),
        );
      const { scenario } = document.getSnapshot();
      return finish(
        await write(open.value.path, EDITOR_SCENARIOS[scenario].examples[kind], expected),
        `Reset ${open.value.path} to the ${scenario} example.`,
      );
    },
  );

  return [openFile, setDocument, applyPatch, setScenario, resetDocument];
}
