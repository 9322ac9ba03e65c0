/**
 * How preview references (`href`, `src`, `url()`, `@import`, module specifiers) map to workspace
 * paths. Pure string functions: the compiler and the visual tools share them.
 */

export type PreviewReference =
  | { kind: 'local'; path: string }
  /** http(s) or protocol-relative: never loaded by the preview. */
  | { kind: 'external'; url: string }
  /** data:, blob:, fragments, mailto: and friends: left as they are. */
  | { kind: 'inline' }
  /** Escapes the workspace root or cannot be decoded. */
  | { kind: 'invalid'; reference: string };

const SCHEME = /^[a-z][a-z0-9+.-]*:/i;

export function dirname(path: string): string {
  const slash = path.lastIndexOf('/');
  return slash < 0 ? '' : path.slice(0, slash);
}

export function extensionOf(path: string): string {
  const name = path.slice(path.lastIndexOf('/') + 1);
  const dot = name.lastIndexOf('.');
  return dot <= 0 ? '' : name.slice(dot + 1).toLowerCase();
}

/** Resolves `reference` as written in the file at `fromPath`. */
export function resolvePreviewReference(fromPath: string, reference: string): PreviewReference {
  const trimmed = reference.trim();
  if (trimmed === '' || trimmed.startsWith('#')) return { kind: 'inline' };
  if (trimmed.startsWith('//') || /^https?:/i.test(trimmed))
    return { kind: 'external', url: trimmed };
  if (SCHEME.test(trimmed)) return { kind: 'inline' };
  const bare = trimmed.replace(/[?#].*$/s, '');
  let decoded: string;
  try {
    decoded = decodeURIComponent(bare);
  } catch {
    return { kind: 'invalid', reference: trimmed };
  }
  if (decoded.includes('\0')) return { kind: 'invalid', reference: trimmed };
  const start = decoded.startsWith('/') ? [] : dirname(fromPath).split('/').filter(Boolean);
  const segments = [...start];
  for (const segment of decoded.replace(/\\/g, '/').split('/')) {
    if (segment === '' || segment === '.') continue;
    if (segment === '..') {
      if (segments.length === 0) return { kind: 'invalid', reference: trimmed };
      segments.pop();
    } else segments.push(segment);
  }
  if (segments.length === 0) return { kind: 'invalid', reference: trimmed };
  return { kind: 'local', path: segments.join('/') };
}
