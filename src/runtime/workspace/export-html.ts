/**
 * Standalone HTML export (W10): the preview entry with its local stylesheets and scripts
 * inlined and assets embedded as data URLs, so one file opens anywhere without the workspace.
 */
import type { Outcome } from '../protocol/errors.js';
import { WORKSPACE_ERROR_CODES as CODES, workspaceError } from './codes.js';
import { preferredEntry } from './file-types.js';
import { resolveWorkspaceReference } from './paths.js';
import type { WorkspaceFile } from './types.js';

/** A standalone HTML export and what it could and could not inline. */
export interface WorkspaceHtmlExport {
  entryPath: string;
  html: string;
  /** Workspace files embedded in the export. */
  inlinedPaths: string[];
  /** Local references with no workspace file (left as they were). */
  missingReferences: string[];
  /** Inlined module scripts that import other local modules: those imports are not bundled. */
  unbundledModules: string[];
}

// `import … from './x.js'`, `import './x.js'`, `export … from './x.js'`, `import('./x.js')`.
const LOCAL_IMPORT = /\b(?:import|export)\b[^'"`;]*?(?:from\s*)?\(?\s*["'](?:\.{1,2}\/|\/)/;

const MAX_IMPORT_DEPTH = 16;

function base64(bytes: Uint8Array): string {
  let binary = '';
  for (let i = 0; i < bytes.length; i += 0x8000)
    binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(binary);
}

async function dataUrl(file: WorkspaceFile): Promise<string> {
  if (file.kind === 'text')
    return `data:text/plain;base64,${base64(new TextEncoder().encode(file.text))}`;
  return `data:${file.mimeType};base64,${base64(new Uint8Array(await file.blob.arrayBuffer()))}`;
}

async function replaceAsync(
  text: string,
  pattern: RegExp,
  replace: (match: RegExpExecArray) => Promise<string>,
): Promise<string> {
  let out = '';
  let last = 0;
  for (const match of text.matchAll(pattern)) {
    out += text.slice(last, match.index) + (await replace(match as RegExpExecArray));
    last = match.index + match[0].length;
  }
  return out + text.slice(last);
}

/**
 * Builds one standalone HTML file from the workspace: the entry page with its local stylesheets and
 * scripts inlined and assets as data URLs.
 */
export async function exportWorkspaceHtml(
  files: readonly WorkspaceFile[],
  options: { entryPath?: string } = {},
): Promise<Outcome<WorkspaceHtmlExport>> {
  const byPath = new Map(files.map((file) => [file.path, file]));
  const entryPath = options.entryPath ?? preferredEntry(byPath.keys());
  const entry = entryPath === null ? undefined : byPath.get(entryPath);
  if (!entry || entry.kind !== 'text' || entryPath === null)
    return {
      ok: false,
      error: workspaceError(
        CODES.WORKSPACE_PREVIEW_ENTRY_REQUIRED,
        'Exporting needs an HTML entry (index.html or another .html file).',
        { operation: 'exportHtml', path: entryPath ?? null },
      ),
    };
  const inlined = new Set<string>();
  const missing = new Set<string>();
  const unbundled: string[] = [];
  const lookup = (from: string, reference: string): WorkspaceFile | null => {
    if (/^(?:[a-z][a-z0-9+.-]*:|\/\/|#)/i.test(reference)) return null;
    const path = resolveWorkspaceReference(from, reference);
    const file = path === null ? undefined : byPath.get(path);
    if (!file) missing.add(reference);
    else inlined.add(file.path);
    return file ?? null;
  };

  async function css(
    from: string,
    text: string,
    depth: number,
    seen: Set<string>,
  ): Promise<string> {
    const imported = await replaceAsync(
      text,
      /@import\s+(?:url\(\s*)?["']([^"']+)["']\s*\)?\s*([^;]*);/g,
      async (match) => {
        const file = lookup(from, match[1] as string);
        if (!file || file.kind !== 'text' || seen.has(file.path) || depth >= MAX_IMPORT_DEPTH)
          return match[0];
        const body = await css(file.path, file.text, depth + 1, new Set([...seen, file.path]));
        const media = (match[2] as string).trim();
        return media ? `@media ${media} {\n${body}\n}` : body;
      },
    );
    return replaceAsync(imported, /url\(\s*(["']?)([^"')]+)\1\s*\)/g, async (match) => {
      const file = lookup(from, match[2] as string);
      return file ? `url("${await dataUrl(file)}")` : match[0];
    });
  }

  let html = await replaceAsync(
    entry.text,
    /<link\b[^>]*\brel=["']?stylesheet["']?[^>]*>/gi,
    async (match) => {
      const href = /\bhref=["']([^"']+)["']/i.exec(match[0])?.[1];
      const file = href === undefined ? null : lookup(entryPath, href);
      if (!file || file.kind !== 'text') return match[0];
      const body = await css(file.path, file.text, 0, new Set([file.path]));
      return `<style data-source="${file.path}">\n${body.replace(/<\/style/gi, '<\\/style')}\n</style>`;
    },
  );
  html = await replaceAsync(
    html,
    /<script\b([^>]*)\bsrc=["']([^"']+)["']([^>]*)>\s*<\/script>/gi,
    async (match) => {
      const file = lookup(entryPath, match[2] as string);
      if (!file || file.kind !== 'text') return match[0];
      const attributes = `${match[1] ?? ''}${match[3] ?? ''}`.replace(/\s+/g, ' ').trimEnd();
      if (/type=["']?module/i.test(attributes) && LOCAL_IMPORT.test(file.text))
        unbundled.push(file.path);
      return `<script${attributes} data-source="${file.path}">\n${file.text.replace(/<\/script/gi, '<\\/script')}\n</script>`;
    },
  );
  html = await replaceAsync(html, /\b(src|href|poster)=["']([^"']+)["']/gi, async (match) => {
    const reference = match[2] as string;
    if (/^(?:data:|[a-z][a-z0-9+.-]*:|\/\/|#)/i.test(reference)) return match[0];
    const path = resolveWorkspaceReference(entryPath, reference);
    const file = path === null ? undefined : byPath.get(path);
    if (!file || file.kind !== 'asset') return match[0];
    inlined.add(file.path);
    return `${match[1]}="${await dataUrl(file)}"`;
  });
  return {
    ok: true,
    value: {
      entryPath,
      html,
      inlinedPaths: [...inlined].sort(),
      missingReferences: [...missing].sort(),
      unbundledModules: unbundled.sort(),
    },
  };
}
