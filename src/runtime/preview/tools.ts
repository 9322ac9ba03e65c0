/**
 * The preview tools (P7, P8): `preview.getStatus`, `preview.refresh` and the visual tools
 * `preview.setTheme`, `preview.addFeature`, `preview.updateHero`. Visual tools resolve the
 * entry and its stylesheet from the workspace, write through the workspace port (revision
 * guarded) and name the revision they committed, which the registry waits for the preview to
 * acknowledge. The preview host is a capability: without a mounted preview every tool returns
 * `tool-capability-unavailable`.
 * No tool runs script in the preview.
 */
import * as z from 'zod/mini';
import { noFileChange } from '../approval/tool-change.js';
import type { Outcome } from '../protocol/errors.js';
import {
  defineTool,
  type ToolDescriptor,
  type ToolHandlerContext,
} from '../registry/define-tool.js';
import type { WorkspaceSnapshot, WorkspaceSource } from '../workspace/types.js';
import { expectedRevisionOf, heroCopyInput, previewOutput } from '../tools/workspace/schemas.js';
import { describeVisualEdit } from './describe-visual-edit.js';
import { resolvePreviewEntry, resolvePreviewStylesheet } from './entry.js';
import { PREVIEW_ERROR_CODES, previewError } from './errors.js';
import { previewHostCapability } from './preview-host.js';
import {
  appendFeature,
  PREVIEW_ACCENTS,
  setAccent,
  updateHero,
  type PreviewAccent,
} from './visual-edits.js';

/** What the visual tools need from the workspace (the workspace manager provides exactly this). */
export interface PreviewWorkspacePort extends WorkspaceSource {
  writeFile(
    path: string,
    text: string,
    options: { expectedRevision?: number },
  ): Promise<Outcome<WorkspaceSnapshot>>;
}

const expectedRevision = expectedRevisionOf(
  'The workspace revision you read; a different current revision is rejected unchanged.',
);

const diagnostic = z.object({
  level: z.enum(['error', 'warning', 'info']),
  code: z.string(),
  message: z.string(),
  path: z.optional(z.string()),
  line: z.optional(z.int()),
  column: z.optional(z.int()),
});

const statusOutput = z.object({
  revision: z.number(),
  acknowledgedRevision: z.nullable(z.number()),
  state: z.enum(['idle', 'loading', 'ready', 'error']),
  error: z.optional(z.string()),
  diagnostics: z.array(diagnostic),
  sealed: z.optional(z.boolean()),
});

const ack = z.object({ revision: z.number(), state: z.literal('ready') });

const mutationOutput = z.object({
  revision: z.number(),
  activePath: z.nullable(z.string()),
  path: z.string(),
  preview: previewOutput,
  storageMode: z.enum(['indexeddb', 'memory']),
  storageError: z.optional(z.string()),
});

type Edit = (text: string, path: string) => Outcome<string>;

async function runVisualEdit(
  workspace: PreviewWorkspacePort,
  context: ToolHandlerContext,
  target: 'entry' | 'stylesheet',
  revision: number | undefined,
  edit: Edit,
) {
  const host = context.require(previewHostCapability);
  if (!host.ok) return host;
  const { files } = workspace.getSnapshot();
  const entry = resolvePreviewEntry(files);
  const file = target === 'entry' ? entry : resolvePreviewStylesheet(files, entry);
  if (!file) {
    return {
      ok: false as const,
      error: previewError(
        PREVIEW_ERROR_CODES.PREVIEW_TARGET_NOT_FOUND,
        target === 'entry'
          ? 'The workspace has no HTML entry to edit.'
          : 'The workspace has no stylesheet to edit.',
        { target },
      ),
    };
  }
  const edited = edit(file.text, file.path);
  if (!edited.ok) return edited;
  const written = await workspace.writeFile(
    file.path,
    edited.value,
    revision === undefined ? {} : { expectedRevision: revision },
  );
  if (!written.ok) return written;
  return visualEditResult(written.value, file.path);
}

function visualEditResult(snapshot: WorkspaceSnapshot, path: string) {
  const structuredContent: Omit<z.output<typeof mutationOutput>, 'preview'> = {
    revision: snapshot.revision,
    activePath: snapshot.activePath,
    path,
    storageMode: snapshot.storageMode,
    ...(snapshot.storageError === undefined ? {} : { storageError: snapshot.storageError }),
  };
  return {
    content: [{ type: 'text' as const, text: `Edited ${path} at revision ${snapshot.revision}.` }],
    structuredContent,
    committedRevision: snapshot.revision,
  };
}

/**
 * Creates the `preview.*` tools: status, refresh and the visual edits, which write through the
 * workspace and wait for the preview to show the result.
 */
export function createPreviewTools(workspace: PreviewWorkspacePort): ToolDescriptor<never>[] {
  const getStatus = defineTool(
    {
      name: 'preview.getStatus',
      title: 'Preview status',
      description:
        'Reads the sandboxed preview: the revision it shows, the last acknowledged revision, its state (loading, ready, error), compile diagnostics (missing files, blocked external resources, unsupported module imports) and whether it is sealed (a served shell whose connections the browser refuses).',
      inputSchema: z.object({}),
      outputSchema: statusOutput,
      annotations: { readOnlyHint: true },
      capabilities: [previewHostCapability],
    },
    (_args, context) => {
      const host = context.require(previewHostCapability);
      if (!host.ok) return host;
      const status = host.value.getStatus();
      return {
        content: [
          {
            type: 'text',
            text: `Preview ${status.state} at revision ${status.revision} (acknowledged ${status.acknowledgedRevision ?? 'none'}), ${status.diagnostics.length} diagnostics${status.sealed ? ', sealed' : ''}.`,
          },
        ],
        structuredContent: { ...status, diagnostics: [...status.diagnostics] },
      };
    },
  );

  const refresh = defineTool(
    {
      name: 'preview.refresh',
      title: 'Refresh preview',
      description:
        'Remounts the sandboxed preview at the current workspace revision (the revision does not change) and waits until the preview acknowledges it.',
      inputSchema: z.object({}),
      outputSchema: z.object({ revision: z.number(), preview: ack }),
      annotations: { idempotentHint: true },
      capabilities: [previewHostCapability],
      describeChange: () =>
        noFileChange('Reloads the preview at the current revision; no file changes.'),
    },
    async (_args, context) => {
      const host = context.require(previewHostCapability);
      if (!host.ok) return host;
      const outcome = await host.value.refresh(context.signal);
      if (!outcome.ok) return outcome;
      return {
        content: [
          { type: 'text', text: `Preview remounted at revision ${outcome.value.revision}.` },
        ],
        structuredContent: { revision: outcome.value.revision, preview: outcome.value },
      };
    },
  );

  const accents = Object.keys(PREVIEW_ACCENTS) as [PreviewAccent, ...PreviewAccent[]];
  const setTheme = defineTool(
    {
      name: 'preview.setTheme',
      title: 'Set accent theme',
      description: `Sets the preview's accent color: rewrites the --accent custom property in :root of the entry's stylesheet, then waits for the preview to acknowledge the new revision. Accents: ${accents.join(', ')}.`,
      inputSchema: z.object({ accent: z.enum(accents), expectedRevision }),
      outputSchema: z.extend(mutationOutput, { accent: z.enum(accents) }),
      capabilities: [previewHostCapability],
      describeChange: ({ accent }, workspace) =>
        describeVisualEdit(workspace, 'stylesheet', (css, path) =>
          setAccent(css, path, PREVIEW_ACCENTS[accent]),
        ),
    },
    async (args, context) => {
      const result = await runVisualEdit(
        workspace,
        context,
        'stylesheet',
        args.expectedRevision,
        (css, path) => setAccent(css, path, PREVIEW_ACCENTS[args.accent]),
      );
      return 'structuredContent' in result
        ? { ...result, structuredContent: { ...result.structuredContent, accent: args.accent } }
        : result;
    },
  );

  const updateHeroTool = defineTool(
    {
      name: 'preview.updateHero',
      title: 'Update hero copy',
      description:
        "Replaces the text of the entry page's .hero-title and/or .hero-subtitle (plain text, HTML-escaped), then waits for the preview to acknowledge the new revision.",
      inputSchema: heroCopyInput(expectedRevision),
      outputSchema: mutationOutput,
      capabilities: [previewHostCapability],
      describeChange: ({ title, subtitle }, workspace) =>
        describeVisualEdit(workspace, 'entry', (html, path) =>
          updateHero(html, path, { title, subtitle }),
        ),
    },
    (args, context) =>
      runVisualEdit(workspace, context, 'entry', args.expectedRevision, (html, path) =>
        updateHero(html, path, args),
      ),
  );

  const addFeature = defineTool(
    {
      name: 'preview.addFeature',
      title: 'Add feature card',
      description:
        'Appends <article class="feature"><h3>title</h3><p>description</p></article> (plain text, HTML-escaped) to section.features of the entry page, then waits for the preview to acknowledge the new revision.',
      inputSchema: z.object({
        title: z.string().check(z.minLength(1), z.maxLength(120)),
        description: z.string().check(z.minLength(1), z.maxLength(500)),
        expectedRevision,
      }),
      outputSchema: mutationOutput,
      capabilities: [previewHostCapability],
      describeChange: ({ title, description }, workspace) =>
        describeVisualEdit(workspace, 'entry', (html, path) =>
          appendFeature(html, path, { title, description }),
        ),
    },
    (args, context) =>
      runVisualEdit(workspace, context, 'entry', args.expectedRevision, (html, path) =>
        appendFeature(html, path, { title: args.title, description: args.description }),
      ),
  );

  return [getStatus, refresh, setTheme, updateHeroTool, addFeature] as ToolDescriptor<never>[];
}
