/**
 * Which files a workspace holds (W9): editable text sources and preview-only Blob assets. The
 * family decides what a rename may turn a file into, so a stylesheet never becomes a script.
 */
export type WorkspaceFileFamily = 'html' | 'css' | 'script' | 'text' | 'image' | 'font' | 'wasm';

interface FileType {
  family: WorkspaceFileFamily;
  mimeType: string;
}

const TYPES: Readonly<Record<string, FileType>> = {
  html: { family: 'html', mimeType: 'text/html' },
  htm: { family: 'html', mimeType: 'text/html' },
  css: { family: 'css', mimeType: 'text/css' },
  js: { family: 'script', mimeType: 'text/javascript' },
  mjs: { family: 'script', mimeType: 'text/javascript' },
  ts: { family: 'script', mimeType: 'text/typescript' },
  mts: { family: 'script', mimeType: 'text/typescript' },
  tsx: { family: 'script', mimeType: 'text/tsx' },
  jsx: { family: 'script', mimeType: 'text/jsx' },
  json: { family: 'text', mimeType: 'application/json' },
  md: { family: 'text', mimeType: 'text/markdown' },
  txt: { family: 'text', mimeType: 'text/plain' },
  png: { family: 'image', mimeType: 'image/png' },
  jpg: { family: 'image', mimeType: 'image/jpeg' },
  jpeg: { family: 'image', mimeType: 'image/jpeg' },
  gif: { family: 'image', mimeType: 'image/gif' },
  webp: { family: 'image', mimeType: 'image/webp' },
  avif: { family: 'image', mimeType: 'image/avif' },
  svg: { family: 'image', mimeType: 'image/svg+xml' },
  ico: { family: 'image', mimeType: 'image/x-icon' },
  woff: { family: 'font', mimeType: 'font/woff' },
  woff2: { family: 'font', mimeType: 'font/woff2' },
  ttf: { family: 'font', mimeType: 'font/ttf' },
  otf: { family: 'font', mimeType: 'font/otf' },
  wasm: { family: 'wasm', mimeType: 'application/wasm' },
};

const TEXT_FAMILIES: ReadonlySet<WorkspaceFileFamily> = new Set(['html', 'css', 'script', 'text']);

function typeOf(path: string): FileType | undefined {
  const name = path.slice(path.lastIndexOf('/') + 1);
  const dot = name.lastIndexOf('.');
  if (dot <= 0) return undefined;
  const extension = name.slice(dot + 1).toLowerCase();
  return Object.hasOwn(TYPES, extension) ? TYPES[extension] : undefined;
}

/** `text`, `asset`, or `null` for a file type the workspace does not hold. */
export function workspaceFileKind(path: string): 'text' | 'asset' | null {
  const type = typeOf(path);
  if (!type) return null;
  return TEXT_FAMILIES.has(type.family) ? 'text' : 'asset';
}

/**
 * The family of a path's file type (html, css, script, image and so on), or `null` for a type the
 * workspace does not hold.
 */
export const workspaceFileFamily = (path: string): WorkspaceFileFamily | null =>
  typeOf(path)?.family ?? null;

/** The MIME type for a path's extension; `application/octet-stream` when it is unknown. */
export const workspaceMimeType = (path: string): string =>
  typeOf(path)?.mimeType ?? 'application/octet-stream';

/** Whether a path names an HTML file, by its extension. */
export const isHtmlPath = (path: string): boolean => typeOf(path)?.family === 'html';

/** The preview entry (P1): `index.html`, else the first `.html` file in path order. */
export function preferredEntry(paths: Iterable<string>): string | null {
  let first: string | null = null;
  for (const path of paths) {
    if (path === 'index.html') return path;
    if (isHtmlPath(path) && (first === null || path < first)) first = path;
  }
  return first;
}
