/**
 * The chat's prompt recipes as MCP prompts (`recipe.<id>`), plus `workspace.review`, which
 * embeds one workspace file and completes its `path` argument.
 */
import { LOCAL_AGENT_RECIPES } from '../../runtime/agents/index.js';
import { toolError } from '../../runtime/protocol/index.js';
import { type WorkspaceSource, workspaceMimeType } from '../../runtime/workspace/index.js';
import type { MCPPrompt, MCPPromptProvider } from './session-prompts.js';
import { workspaceResourceUri } from './workspace-resources.js';

const REVIEW = 'workspace.review';

/** The chat's recipes as MCP prompts, plus `workspace.review` when a workspace is given. */
export function createRecipePrompts(workspace?: WorkspaceSource): MCPPromptProvider {
  const recipes: MCPPrompt[] = LOCAL_AGENT_RECIPES.map((recipe) => ({
    name: `recipe.${recipe.id}`,
    title: recipe.label,
    description: `Chat recipe: ${recipe.prompt}`,
  }));
  const review: MCPPrompt = {
    name: REVIEW,
    title: 'Review a file',
    description: 'Asks for a review of one workspace file, embedded in the prompt.',
    arguments: [
      { name: 'path', description: 'The workspace path, e.g. index.html', required: true },
    ],
  };
  const prompts = workspace ? [...recipes, review] : recipes;
  const paths = () => workspace?.getSnapshot().files.map((file) => file.path) ?? [];

  return {
    list: () => prompts,
    get(name, args) {
      const recipe = LOCAL_AGENT_RECIPES.find((entry) => `recipe.${entry.id}` === name);
      if (recipe) {
        return {
          ok: true,
          value: {
            description: recipe.label,
            messages: [{ role: 'user', content: { type: 'text', text: recipe.prompt } }],
          },
        };
      }
      if (name !== REVIEW || !workspace) return undefined;
      const path = args.path ?? '';
      const file = workspace.getSnapshot().files.find((entry) => entry.path === path);
      if (!file || file.kind !== 'text') {
        return {
          ok: false,
          error: toolError('WORKSPACE_FILE_NOT_FOUND', `No text file at ${path}.`, false, { path }),
        };
      }
      return {
        ok: true,
        value: {
          description: `Review ${path}`,
          messages: [
            {
              role: 'user',
              content: {
                type: 'resource',
                resource: {
                  uri: workspaceResourceUri(path),
                  mimeType: workspaceMimeType(path),
                  text: file.text,
                },
              },
            },
            { role: 'user', content: { type: 'text', text: `Review ${path} and suggest fixes.` } },
          ],
        },
      };
    },
    complete(name, argument, value) {
      if (name !== REVIEW || argument !== 'path') return undefined;
      return paths().filter((path) => path.startsWith(value));
    },
  };
}
