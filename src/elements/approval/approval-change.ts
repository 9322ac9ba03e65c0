import { html } from 'lit';
import { formatCount } from '../../runtime/format-count.js';
import type { LineDiff } from '../../runtime/approval/line-diff.js';
import type { TextArgumentSize } from '../../runtime/approval/safe-arguments.js';

const count = (value: number, unit: string) =>
  `${formatCount(value)} ${unit}${value === 1 ? '' : 's'}`;

/** "70,000 characters · 1 line": what a text argument weighs, never what it says. */
export const renderTextSize = (size: TextArgumentSize) =>
  `${count(size.characters, 'character')} · ${count(size.lines, 'line')}`;

const PREFIX = { added: '+', removed: '−', context: ' ' } as const;

/** The bounded diff behind "Show change", one row per line. */
export function renderChange(change: LineDiff) {
  return html`<pre id="diff" part="diff" tabindex="0" aria-label="Change">
${change.lines.map(
      (line) => html`<span class=${line.kind}>${PREFIX[line.kind]} ${line.text}</span> `,
    )}${change.omitted ? html`<span class="omitted">… ${count(change.omitted, 'more line')}</span>` : ''}</pre>`;
}
