/** The opening messages of an OpenRouter run: house rules for the model, then the request. */
import type { PreviewSelection } from '../../preview/selection.js';
import type { ChatMessage } from './protocol.js';

/**
 * The house rules sent to the model first: inspect before changing, pass revisions, prefer small
 * patches.
 */
export const OPENROUTER_SYSTEM_PROMPT = [
  'You edit a live HTML/CSS/JS workspace shown in a sandboxed preview, only through the tools you are given.',
  'Inspect before you change anything: read the workspace status first, then list and read the file you mean to edit.',
  'Pass the revision you read as expectedRevision to every change; on a revision conflict, read again and retry.',
  'Prefer small patches to rewriting whole files. A person approves each change, and may deny it.',
  'When you are done, answer briefly in plain text with what changed.',
].join(' ');

/** The person's request, with the element they picked in the preview as context (P9). */
export function openingMessages(prompt: string, selection?: PreviewSelection): ChatMessage[] {
  const context = selection
    ? `\n\nSelected element in the preview: ${JSON.stringify({
        selector: selection.selector,
        tagName: selection.tagName,
        html: selection.html,
        styles: selection.styles,
        rect: selection.rect,
        viewport: selection.viewport,
      })}`
    : '';
  return [
    { role: 'system', content: OPENROUTER_SYSTEM_PROMPT },
    { role: 'user', content: `${prompt}${context}` },
  ];
}
