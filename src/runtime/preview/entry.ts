/**
 * Which files a preview shows (P1) and which stylesheet the visual tools edit (P8): resolved
 * from the workspace, so an imported `src/index.html` layout works like a root one.
 */
import type { WorkspaceFile } from '../workspace/types.js';
import { extensionOf, resolvePreviewReference } from './paths.js';

type TextFile = Extract<WorkspaceFile, { kind: 'text' }>;

const isHtml = (file: WorkspaceFile): file is TextFile =>
  file.kind === 'text' && ['html', 'htm'].includes(extensionOf(file.path));

/** `index.html` at the root, else the shallowest `index.html`, else the first `.html` file. */
export function resolvePreviewEntry(files: readonly WorkspaceFile[]): TextFile | undefined {
  const pages = files.filter(isHtml).sort((a, b) => a.path.localeCompare(b.path));
  const depth = (path: string) => path.split('/').length;
  const indexes = pages
    .filter((file) => file.path === 'index.html' || file.path.endsWith('/index.html'))
    .sort((a, b) => depth(a.path) - depth(b.path));
  return indexes[0] ?? pages[0];
}

const LINK_TAG = /<link\b(?:[^>"']|"[^"]*"|'[^']*')*>/gi;
const attribute = (tag: string, name: string): string | undefined => {
  const match = new RegExp(`\\s${name}\\s*=\\s*(?:"([^"]*)"|'([^']*)'|([^\\s>]+))`, 'i').exec(tag);
  return match ? (match[1] ?? match[2] ?? match[3]) : undefined;
};

/** Workspace paths of the local stylesheets the entry links, in document order. */
export function linkedStylesheets(entry: TextFile): string[] {
  const paths: string[] = [];
  for (const tag of entry.text.match(LINK_TAG) ?? []) {
    if (!/\bstylesheet\b/i.test(attribute(tag, 'rel') ?? '')) continue;
    const reference = resolvePreviewReference(entry.path, attribute(tag, 'href') ?? '');
    if (reference.kind === 'local') paths.push(reference.path);
  }
  return paths;
}

/** The entry's first linked stylesheet that exists, else the first `.css` file. */
export function resolvePreviewStylesheet(
  files: readonly WorkspaceFile[],
  entry: TextFile | undefined,
): TextFile | undefined {
  const sheets = files.filter(
    (file): file is TextFile => file.kind === 'text' && extensionOf(file.path) === 'css',
  );
  const linked = entry ? linkedStylesheets(entry) : [];
  return linked.map((path) => sheets.find((file) => file.path === path)).find(Boolean) ?? sheets[0];
}
