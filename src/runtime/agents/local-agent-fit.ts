/**
 * Whether the offline agent's plan for a request can succeed on the workspace as it is, and what
 * to say when it cannot. The chat offers only recipes that fit; the agent checks a typed request
 * the same way, so a prompt the page shows or invites never ends in a failed run: it is either
 * run with the page's own tools or answered with what the page can do.
 */
import type { LocalAgentIntent } from './local-agent-plan.js';
import { entryEdit, textFile, type RecipeWorkspace } from './local-agent-recipes.js';
import { appendFeature, setAccent, updateHero } from '../preview/visual-edits.js';

const hasFile = (workspace: RecipeWorkspace, path: string) =>
  workspace.files.some((file) => file.path === path);

const themeFits = entryEdit((text, path) => setAccent(text, path, '#16a34a'), 'stylesheet');

/** Why `intent` cannot run on `workspace`, in a sentence; undefined when it can. */
export function intentMisfit(
  intent: LocalAgentIntent,
  workspace: RecipeWorkspace,
): string | undefined {
  switch (intent.kind) {
    case 'theme':
      return themeFits(workspace)
        ? undefined
        : 'This page’s stylesheet declares no accent colour (`--accent` in `:root`) for me to set.';
    case 'hero':
      return entryEdit((text, path) => updateHero(text, path, intent), 'entry')(workspace)
        ? undefined
        : 'This page has no hero title or subtitle (`.hero-title`, `.hero-subtitle`) to change.';
    case 'feature':
      return entryEdit(
        (text, path) => appendFeature(text, path, { title: '', description: '' }),
        'entry',
      )(workspace)
        ? undefined
        : 'This page has no feature list (`.features`) to add a card to.';
    case 'patch': {
      const path = intent.path ?? workspace.activePath ?? 'index.html';
      const file = textFile(workspace, path);
      if (!file) return `There is no text file ${path} here.`;
      return file.text.includes(intent.search)
        ? undefined
        : `${path} does not contain “${intent.search}”.`;
    }
    case 'open':
      return hasFile(workspace, intent.path) ? undefined : `There is no file ${intent.path} here.`;
    case 'create':
      return hasFile(workspace, intent.path) ? `${intent.path} already exists.` : undefined;
    case 'download': {
      const path = intent.path ?? workspace.activePath;
      return path !== null && hasFile(workspace, path)
        ? undefined
        : 'There is no file to download.';
    }
    case 'undo':
      return workspace.canUndo ? undefined : 'There is nothing to undo.';
    case 'redo':
      return workspace.canRedo ? undefined : 'There is nothing to redo.';
    case 'reloadFolder':
      return workspace.folder.connected ? undefined : 'No folder is linked.';
    default:
      return undefined;
  }
}

/** Whether the accent colours are worth naming here: the stylesheet declares an accent. */
export const accentFits = (workspace: RecipeWorkspace | undefined): boolean =>
  workspace === undefined || themeFits(workspace);
