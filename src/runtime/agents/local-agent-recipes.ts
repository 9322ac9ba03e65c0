/**
 * The prompt recipes the composer offers, as data: each enters the same planning and approval
 * path as free-form text.
 */
import type { ToolRegistry } from '../registry/registry.js';

export interface LocalAgentRecipe {
  id: string;
  label: string;
  prompt: string;
  /** Tools the plan ends in, in order. */
  tools: readonly string[];
  /** Whether a model- or agent-originated run must wait for approval. */
  needsApproval: boolean;
}

export const LOCAL_AGENT_RECIPES: readonly LocalAgentRecipe[] = [
  {
    id: 'accent-green',
    label: 'Green accent',
    prompt: 'Make the accent green',
    tools: ['preview.setTheme'],
    needsApproval: true,
  },
  {
    id: 'hero-copy',
    label: 'New hero title',
    prompt: 'Set the hero title to "Build with tools" and subtitle to "Every edit is a tool call"',
    tools: ['preview.updateHero'],
    needsApproval: true,
  },
  {
    id: 'feature-card',
    label: 'Add a feature',
    prompt: 'Add a feature "Offline agent" with description "Runs without an API key"',
    tools: ['preview.addFeature'],
    needsApproval: true,
  },
  {
    id: 'replace-text',
    label: 'Replace text',
    prompt: 'In index.html replace "Context-Action" with "Context Action"',
    tools: ['workspace.applyPatch'],
    needsApproval: true,
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
  },
  {
    id: 'create-file',
    label: 'Create a file',
    prompt: 'Create the file "notes.md"',
    tools: ['workspace.createFile'],
    needsApproval: true,
  },
  {
    id: 'download-file',
    label: 'Download file',
    prompt: 'Download the open file',
    tools: ['workspace.downloadFile'],
    needsApproval: true,
  },
  {
    id: 'undo',
    label: 'Undo',
    prompt: 'Undo the last change',
    tools: ['workspace.undo'],
    needsApproval: true,
  },
  {
    id: 'redo',
    label: 'Redo',
    prompt: 'Redo the change',
    tools: ['workspace.redo'],
    needsApproval: true,
  },
  {
    // workspace.saveAll instead when a writable folder is linked.
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
  },
  {
    id: 'disconnect-folder',
    label: 'Disconnect folder',
    prompt: 'Disconnect the folder',
    tools: ['workspace.disconnectFolder'],
    needsApproval: true,
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
 * The recipes whose tools are all registered: a surface or a tool allowlist without them
 * offers no button that could only fail.
 */
export function availableRecipes(
  registry: Pick<ToolRegistry, 'getToolDefinition'>,
): readonly LocalAgentRecipe[] {
  return LOCAL_AGENT_RECIPES.filter((recipe) =>
    recipe.tools.every((name) => registry.getToolDefinition(name) !== undefined),
  );
}
