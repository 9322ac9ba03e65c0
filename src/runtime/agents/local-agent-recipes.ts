/**
 * The prompt recipes the composer offers, as data: each enters the same planning and approval
 * path as free-form text.
 */
import type { ToolRegistry } from '../registry/registry.js';
import { resolvePreviewEntry, resolvePreviewStylesheet } from '../preview/entry.js';
import { appendFeature, setAccent, updateHero } from '../preview/visual-edits.js';
import type { WorkspaceFile } from '../workspace/types.js';

/** What a recipe may look at to tell whether it can succeed in the workspace as it is now. */
export interface RecipeWorkspace {
  files: readonly WorkspaceFile[];
  activePath: string | null;
  canUndo: boolean;
  canRedo: boolean;
  folder: { connected: boolean };
}

/** A prompt the composer offers as a one-click recipe, with the tools its plan ends in. */
export interface LocalAgentRecipe {
  id: string;
  label: string;
  prompt: string;
  /** Tools the plan ends in, in order. */
  tools: readonly string[];
  /** Whether a model- or agent-originated run must wait for approval. */
  needsApproval: boolean;
  /** Whether the recipe can succeed on `workspace`; absent: always. */
  fits?: (workspace: RecipeWorkspace) => boolean;
}

/** The visual edit a recipe ends in succeeds on the entry page (or its stylesheet) as it is. */
export const entryEdit =
  (edit: (text: string, path: string) => { ok: boolean }, target: 'entry' | 'stylesheet') =>
  ({ files }: RecipeWorkspace) => {
    const entry = resolvePreviewEntry(files);
    const file = target === 'entry' ? entry : resolvePreviewStylesheet(files, entry);
    return file !== undefined && edit(file.text, file.path).ok;
  };

/** The text file at `path`, if the workspace has one. */
export const textFile = (workspace: RecipeWorkspace, path: string) => {
  const file = workspace.files.find((entry) => entry.path === path);
  return file?.kind === 'text' ? file : undefined;
};

/** The recipes the chat composer offers, in display order. */
export const LOCAL_AGENT_RECIPES: readonly LocalAgentRecipe[] = [
  {
    id: 'accent-green',
    label: 'Green accent',
    prompt: 'Make the accent green',
    tools: ['preview.setTheme'],
    needsApproval: true,
    fits: entryEdit((text, path) => setAccent(text, path, '#16a34a'), 'stylesheet'),
  },
  {
    id: 'hero-copy',
    label: 'New hero title',
    prompt: 'Set the hero title to "Build with tools" and subtitle to "Every edit is a tool call"',
    tools: ['preview.updateHero'],
    needsApproval: true,
    fits: entryEdit((text, path) => updateHero(text, path, { title: '', subtitle: '' }), 'entry'),
  },
  {
    id: 'feature-card',
    label: 'Add a feature',
    prompt: 'Add a feature "Offline agent" with description "Runs without an API key"',
    tools: ['preview.addFeature'],
    needsApproval: true,
    fits: entryEdit(
      (text, path) => appendFeature(text, path, { title: '', description: '' }),
      'entry',
    ),
  },
  {
    id: 'replace-text',
    label: 'Replace text',
    prompt: 'In index.html replace "Context-Action" with "Context Action"',
    tools: ['workspace.applyPatch'],
    needsApproval: true,
    fits: (workspace) =>
      textFile(workspace, 'index.html')?.text.includes('Context-Action') ?? false,
  },
  {
    // The TSX starter's title is a prop in its entry module: a patch of TypeScript with JSX.
    id: 'rename-app',
    label: 'Rename the app',
    prompt: 'In src/main.tsx replace "Tasks" with "Today"',
    tools: ['workspace.applyPatch'],
    needsApproval: true,
    fits: (workspace) => textFile(workspace, 'src/main.tsx')?.text.includes('"Tasks"') ?? false,
  },
  {
    id: 'status',
    label: 'Workspace status',
    prompt: 'What is the workspace status?',
    tools: ['workspace.getStatus'],
    needsApproval: false,
  },
  {
    id: 'open-file',
    label: 'Open styles.css',
    prompt: 'Open styles.css',
    tools: ['workspace.openFile'],
    needsApproval: false,
    fits: (workspace) =>
      textFile(workspace, 'styles.css') !== undefined && workspace.activePath !== 'styles.css',
  },
  {
    id: 'create-file',
    label: 'Create a file',
    prompt: 'Create the file "notes.md"',
    tools: ['workspace.createFile'],
    needsApproval: true,
    fits: (workspace) => !workspace.files.some((file) => file.path === 'notes.md'),
  },
  {
    id: 'download-file',
    label: 'Download open file',
    prompt: 'Download the open file',
    tools: ['workspace.downloadFile'],
    needsApproval: true,
    fits: (workspace) => workspace.activePath !== null,
  },
  {
    id: 'undo',
    label: 'Undo last change',
    prompt: 'Undo the last change',
    tools: ['workspace.undo'],
    needsApproval: true,
    fits: (workspace) => workspace.canUndo,
  },
  {
    id: 'redo',
    label: 'Redo change',
    prompt: 'Redo the change',
    tools: ['workspace.redo'],
    needsApproval: true,
    fits: (workspace) => workspace.canRedo,
  },
  {
    // workspace.saveAll instead when a writable folder is linked (editor.saveAll on the live editor).
    id: 'save',
    label: 'Save all',
    prompt: 'Save all changes',
    tools: ['workspace.saveCheckpoint'],
    needsApproval: true,
  },
  {
    id: 'reload-folder',
    label: 'Reload folder',
    prompt: 'Reload the folder from disk',
    tools: ['workspace.reloadFolder'],
    needsApproval: true,
    fits: (workspace) => workspace.folder.connected,
  },
  {
    id: 'disconnect-folder',
    label: 'Disconnect folder',
    prompt: 'Disconnect the folder',
    tools: ['workspace.disconnectFolder'],
    needsApproval: true,
    fits: (workspace) => workspace.folder.connected,
  },
  {
    id: 'preview-status',
    label: 'Preview status',
    prompt: 'What is the preview status?',
    tools: ['preview.getStatus'],
    needsApproval: false,
  },
  {
    id: 'refresh-preview',
    label: 'Refresh preview',
    prompt: 'Refresh the preview',
    tools: ['preview.refresh'],
    needsApproval: true,
  },
];

/**
 * The recipes whose tools are all registered and, given the workspace, that can succeed on it:
 * a surface, a tool allowlist or a workspace without their target offers no button that could
 * only fail.
 */
export function availableRecipes(
  registry: Pick<ToolRegistry, 'getToolDefinition'>,
  workspace?: RecipeWorkspace,
): readonly LocalAgentRecipe[] {
  return LOCAL_AGENT_RECIPES.filter(
    (recipe) =>
      recipe.tools.every((name) => registry.getToolDefinition(name) !== undefined) &&
      (!workspace || !recipe.fits || recipe.fits(workspace)),
  );
}
