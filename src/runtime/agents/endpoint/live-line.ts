/**
 * The line a tool call shows while the model is still writing its arguments: what it does, to
 * which path once the path has arrived, and how much input came so far ("writing index.html…
 * 3.2 kB").
 */

/** `workspace.writeFile` → `writing`; the first word of the method, as a present participle. */
function verbOf(toolName: string): string {
  const method = toolName.split('.').at(-1) ?? toolName;
  const word = (/^[a-z]+/.exec(method)?.[0] ?? method).toLowerCase();
  if (word.endsWith('ing')) return word;
  return word.endsWith('e') && !word.endsWith('ee') ? `${word.slice(0, -1)}ing` : `${word}ing`;
}

export function formatSize(chars: number): string {
  return chars < 1000 ? `${chars} B` : `${(chars / 1000).toFixed(1)} kB`;
}

export function toolInputLine(toolName: string, partialInput: unknown, chars: number): string {
  const path =
    typeof partialInput === 'object' && partialInput !== null && 'path' in partialInput
      ? (partialInput as { path: unknown }).path
      : undefined;
  const target = typeof path === 'string' && path ? ` ${path}` : '';
  return `${verbOf(toolName)}${target}… ${formatSize(chars)}`;
}
