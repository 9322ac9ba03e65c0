/**
 * The `web.*` mutations: a bounded literal patch, a full-file write and the three controlled
 * visual edits. Each checks the optional `expectedRevision` before touching source, writes
 * through the workspace manager (one revision clock), and names the revision it committed for
 * the registry to wait for the preview's acknowledgement.
 */
import * as z from 'zod/mini';
import { plannedChange } from '../../approval/tool-change.js';
import { describeVisualEdit } from '../../preview/describe-visual-edit.js';
import { failure, type Outcome } from '../../protocol/errors.js';
import { resolvePreviewEntry, resolvePreviewStylesheet } from '../../preview/entry.js';
import { PREVIEW_ERROR_CODES, previewError } from '../../preview/errors.js';
import { previewHostCapability } from '../../preview/preview-host.js';
import {
  appendFeature,
  PREVIEW_ACCENTS,
  setAccent,
  updateHero,
  type PreviewAccent,
} from '../../preview/visual-edits.js';
import { defineTool } from '../../registry/define-tool.js';
import type { WorkspaceDocumentManager } from '../../workspace/manager.js';
import { revisionConflict } from '../revision-guard.js';
import { mutationFields, respond } from '../workspace/respond.js';
import {
  expectedRevisionInput,
  heroCopyInput,
  mutationOutput,
  pathInput,
  SOURCE_BUDGET_NOTE,
  sourceInput,
} from '../workspace/schemas.js';

const edit = {
  readOnlyHint: false,
  destructiveHint: false,
  idempotentHint: false,
  openWorldHint: false,
};

type Target = 'entry' | 'stylesheet';

export function createWebEditTools(manager: WorkspaceDocumentManager) {
  const stale = (operation: string, expected: number | undefined) => {
    const conflict = revisionConflict(operation, expected, manager.getSnapshot().revision);
    return conflict ? failure(conflict) : null;
  };

  /** Resolves the entry page or its stylesheet, applies `change`, writes it under the guard. */
  async function visualEdit(
    operation: string,
    target: Target,
    expectedRevision: number | undefined,
    change: (text: string, path: string) => Outcome<string>,
  ) {
    const conflict = stale(operation, expectedRevision);
    if (conflict) return conflict;
    const { files } = manager.getSnapshot();
    const entry = resolvePreviewEntry(files);
    const file = target === 'entry' ? entry : resolvePreviewStylesheet(files, entry);
    if (!file)
      return failure(
        previewError(
          PREVIEW_ERROR_CODES.PREVIEW_TARGET_NOT_FOUND,
          `The workspace has no ${target === 'entry' ? 'HTML entry' : 'stylesheet'} to edit.`,
          { operation, target },
        ),
      );
    const edited = change(file.text, file.path);
    if (!edited.ok) return edited;
    const written = await manager.writeFile(file.path, edited.value, { expectedRevision });
    if (!written.ok) return written;
    return respond(
      `${operation} edited ${file.path} at revision ${written.value.revision}.`,
      mutationFields(written.value, file.path),
      written.value.revision,
    );
  }

  const applyPatch = defineTool(
    {
      name: 'web.applyPatch',
      title: 'Patch a web file',
      description: `Apply a bounded literal patch (exact text, not a pattern) to one text file, first or all occurrences, with an optional revision guard. ${SOURCE_BUDGET_NOTE}`,
      inputSchema: z.object({
        path: pathInput,
        search: sourceInput.check(z.minLength(1), z.describe('Exact text to find.')),
        replace: sourceInput.check(z.describe('Replacement text.')),
        occurrence: z._default(z.enum(['first', 'all']), 'first'),
        expectedRevision: expectedRevisionInput,
      }),
      outputSchema: z.extend(mutationOutput, { replacements: z.int() }),
      annotations: { title: 'Patch a web file', ...edit },
      capabilities: [previewHostCapability],
      describeChange: ({ path, search, replace, occurrence }, workspace) =>
        plannedChange(workspace, workspace.plan.applyPatch(path, { search, replace, occurrence })),
    },
    async ({ path, search, replace, occurrence, expectedRevision }) => {
      const conflict = stale('applyPatch', expectedRevision);
      if (conflict) return conflict;
      const patched = await manager.applyPatch(
        path,
        { search, replace, occurrence },
        { expectedRevision },
      );
      if (!patched.ok) return patched;
      const { snapshot, replacements } = patched.value;
      const file = manager.getFile(path);
      return respond(
        `Replaced ${replacements} occurrence(s) at revision ${snapshot.revision}.`,
        { ...mutationFields(snapshot, file.ok ? file.value.path : path), replacements },
        snapshot.revision,
      );
    },
  );

  const writeFile = defineTool(
    {
      name: 'web.writeFile',
      title: 'Write a web file',
      description: `Replace the whole source of one existing text file, with an optional revision guard. ${SOURCE_BUDGET_NOTE}`,
      inputSchema: z.object({
        path: pathInput,
        text: sourceInput,
        expectedRevision: expectedRevisionInput,
      }),
      outputSchema: mutationOutput,
      annotations: { title: 'Write a web file', ...edit, idempotentHint: true },
      capabilities: [previewHostCapability],
      describeChange: ({ path, text }, workspace) =>
        plannedChange(workspace, workspace.plan.writeFile(path, text)),
    },
    async ({ path, text, expectedRevision }) => {
      const conflict = stale('writeFile', expectedRevision);
      if (conflict) return conflict;
      const written = await manager.writeFile(path, text, { expectedRevision });
      if (!written.ok) return written;
      const file = manager.getFile(path);
      return respond(
        `Wrote ${text.length} characters at revision ${written.value.revision}.`,
        mutationFields(written.value, file.ok ? file.value.path : path),
        written.value.revision,
      );
    },
  );

  const accents = Object.keys(PREVIEW_ACCENTS) as [PreviewAccent, ...PreviewAccent[]];
  const setTheme = defineTool(
    {
      name: 'web.setTheme',
      title: 'Set the accent theme',
      description: `Set --accent in :root of the entry page's stylesheet. Accents: ${accents.join(', ')}.`,
      inputSchema: z.object({ accent: z.enum(accents), expectedRevision: expectedRevisionInput }),
      outputSchema: mutationOutput,
      annotations: { title: 'Set the accent theme', ...edit, idempotentHint: true },
      capabilities: [previewHostCapability],
      describeChange: ({ accent }, workspace) =>
        describeVisualEdit(workspace, 'stylesheet', (css, path) =>
          setAccent(css, path, PREVIEW_ACCENTS[accent]),
        ),
    },
    ({ accent, expectedRevision }) =>
      visualEdit('setTheme', 'stylesheet', expectedRevision, (css, path) =>
        setAccent(css, path, PREVIEW_ACCENTS[accent]),
      ),
  );

  const addFeature = defineTool(
    {
      name: 'web.addFeature',
      title: 'Add a feature card',
      description:
        'Append a feature card (plain text, HTML-escaped) to section.features of the entry page.',
      inputSchema: z.object({
        title: z.string().check(z.minLength(1), z.maxLength(120)),
        description: z.string().check(z.minLength(1), z.maxLength(500)),
        expectedRevision: expectedRevisionInput,
      }),
      outputSchema: mutationOutput,
      annotations: { title: 'Add a feature card', ...edit },
      capabilities: [previewHostCapability],
      describeChange: ({ title, description }, workspace) =>
        describeVisualEdit(workspace, 'entry', (html, path) =>
          appendFeature(html, path, { title, description }),
        ),
    },
    ({ title, description, expectedRevision }) =>
      visualEdit('addFeature', 'entry', expectedRevision, (html, path) =>
        appendFeature(html, path, { title, description }),
      ),
  );

  const updateHeroTool = defineTool(
    {
      name: 'web.updateHero',
      title: 'Update the hero copy',
      description:
        "Replace the text of the entry page's .hero-title and/or .hero-subtitle (plain text, HTML-escaped).",
      inputSchema: heroCopyInput(expectedRevisionInput),
      outputSchema: mutationOutput,
      annotations: { title: 'Update the hero copy', ...edit, idempotentHint: true },
      capabilities: [previewHostCapability],
      describeChange: ({ title, subtitle }, workspace) =>
        describeVisualEdit(workspace, 'entry', (html, path) =>
          updateHero(html, path, { title, subtitle }),
        ),
    },
    ({ title, subtitle, expectedRevision }) =>
      visualEdit('updateHero', 'entry', expectedRevision, (html, path) =>
        updateHero(html, path, { title, subtitle }),
      ),
  );

  return [applyPatch, writeFile, setTheme, addFeature, updateHeroTool];
}
