/**
 * What the offline agent answers to a request it has no plan for: the recipes nearest to it by
 * shared words, the values its set requests take, and how to get free-form requests.
 */
import { ACCENTS } from './local-agent-plan.js';
import type { LocalAgentRecipe } from './local-agent-recipes.js';

/** Words too common to tell one request from another. */
const COMMON = new Set([
  'a',
  'an',
  'the',
  'to',
  'of',
  'in',
  'on',
  'and',
  'with',
  'for',
  'my',
  'me',
]);

const wordsOf = (text: string) =>
  new Set(
    text
      .toLowerCase()
      .split(/[^a-z0-9]+/)
      .filter((word) => word && !COMMON.has(word)),
  );

/** Up to `count` recipes sharing the most words with `prompt`; ties keep the recipes' order. */
export function nearestRecipes(
  prompt: string,
  recipes: readonly LocalAgentRecipe[],
  count = 3,
): LocalAgentRecipe[] {
  const asked = wordsOf(prompt);
  const score = (recipe: LocalAgentRecipe) =>
    [...wordsOf(`${recipe.label} ${recipe.prompt}`)].filter((word) => asked.has(word)).length;
  const scored = recipes.map((recipe, index) => ({ recipe, index, score: score(recipe) }));
  const ranked = scored.sort((a, b) => b.score - a.score || a.index - b.index);
  return ranked.slice(0, count).map((entry) => entry.recipe);
}

/**
 * The reply's text: nothing matched, the values set requests take (the accent colours only where
 * the page has an accent to set), and how to go free-form.
 */
export function unknownRequestText(prompt: string, accents = true): string {
  return [
    `I run offline and follow set requests; “${prompt}” is not one I know.`,
    'The nearest ones are below.',
    ...(accents ? [`Accent colours I can set: ${ACCENTS.join(', ')}.`] : []),
    'For free-form requests, save a model key in Settings (OpenRouter) or connect a model server to the studio.',
  ].join(' ');
}
