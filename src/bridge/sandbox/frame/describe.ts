/** Console arguments as bounded text, the way the preview console shows them. */

export const bound = (text: string, max: number): string =>
  text.length > max ? `${text.slice(0, max - 1)}…` : text;

export function describe(value: unknown, depth = 0): string {
  if (typeof value === 'string') return value;
  if (value instanceof Error) return `${value.name}: ${value.message}`;
  if (typeof value === 'function') return `[function ${value.name || 'anonymous'}]`;
  if (typeof Node !== 'undefined' && value instanceof Node) {
    const element = value instanceof Element ? value : null;
    return element
      ? `<${element.tagName.toLowerCase()}${element.id ? `#${element.id}` : ''}>`
      : value.nodeName;
  }
  if (typeof value !== 'object' || value === null) return String(value);
  if (depth >= 3) return Array.isArray(value) ? '[…]' : '{…}';
  if (Array.isArray(value)) {
    return `[${value
      .slice(0, 20)
      .map((item) => describe(item, depth + 1))
      .join(', ')}${value.length > 20 ? ', …' : ''}]`;
  }
  const entries = Object.entries(value as Record<string, unknown>);
  const shown = entries.slice(0, 20).map(([key, item]) => `${key}: ${describe(item, depth + 1)}`);
  return `{${shown.join(', ')}${entries.length > 20 ? ', …' : ''}}`;
}
