import { html, nothing } from 'lit';

/**
 * Prompts sent with one click: a reply's nearest requests, the empty state's starters. While a
 * run is going they stay focusable but say they are unavailable (`aria-disabled`).
 */
export function promptList(
  list: { label: string; className: string; buttonClass?: string },
  prompts: readonly string[],
  running: boolean,
  send: (prompt: string) => void,
) {
  return html`<ul class=${list.className} aria-label=${list.label}>
    ${prompts.map(
      (prompt) =>
        html`<li>
          <button
            class=${list.buttonClass ?? nothing}
            aria-disabled=${running ? 'true' : 'false'}
            @click=${() => send(prompt)}
          >
            ${prompt}
          </button>
        </li>`,
    )}
  </ul>`;
}
