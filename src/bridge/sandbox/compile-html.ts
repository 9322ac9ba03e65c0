/**
 * The entry document's tags (P2, P4, P5): linked stylesheets become placeholders for their
 * compiled text, classic scripts are inlined, module scripts enter the module graph, local
 * assets get URLs the sandbox can load, external CSS/JS is removed and reported. The module graph
 * is a chunk loaded on first need (`load-module-compilers.ts`): `hasModuleScript` says when, and
 * a module script met without it is an error diagnostic, never a page compiled without it.
 */
import {
  PREVIEW_DIAGNOSTIC_CODES as CODES,
  resolvePreviewReference,
} from '../../runtime/preview/index.js';
import { classicScriptUrl } from './classic-script-url.js';
import type { CompileContext } from './compile-context.js';
import { compileStylesheet, rewriteCssUrls } from './compile-css.js';
import type { ModuleGraph } from './compile-modules.js';
import {
  escapeRawText,
  getAttribute,
  HTML_TOKEN,
  parseAttributes,
  renderAttributes,
  type Attribute,
} from './html-tags.js';

export const SHEET_ATTRIBUTE = 'data-ca-sheet';
const CLASSIC_TYPES = new Set(['', 'text/javascript', 'application/javascript']);
const ASSET_HREF_TAGS = new Set(['image', 'use', 'feimage']);
const NO_SRC_REWRITE = new Set(['iframe', 'frame']);
const RESOURCE_HINTS = new Set(['prefetch', 'preload', 'prerender', 'dns-prefetch', 'preconnect']);

/** Where a module script's text `import "<specifier>";` starts: `parts[part]` at `at`. */
export interface EntryImport {
  part: number;
  at: number;
  specifier: string;
}

export interface CompiledHtml {
  /** The document split around linked stylesheets: `parts[i]`, `sheets[i]`, `parts[i + 1]`… */
  parts: string[];
  sheets: string[];
  /** Each module script's import of its entry, in document order. */
  entryImports: EntryImport[];
}

/** How a script tag's `type` runs it: inlined (classic), in the module graph, or not at all. */
function scriptKind(attributes: readonly Attribute[]): 'classic' | 'module' | 'other' {
  const type = (getAttribute(attributes, 'type') ?? '').trim().toLowerCase();
  if (type === 'module') return 'module';
  return CLASSIC_TYPES.has(type) ? 'classic' : 'other';
}

/**
 * Whether compiling `html` needs the module graph: read with the tokens and the `type` test of
 * `compileHtml` itself, so a page it would compile with modules never answers false.
 */
export function hasModuleScript(html: string): boolean {
  for (const [, rawTag, rawAttributes = ''] of html.matchAll(HTML_TOKEN)) {
    const script = rawTag?.toLowerCase() === 'script';
    if (script && scriptKind(parseAttributes(rawAttributes)) === 'module') return true;
  }
  return false;
}

/** The text of a module script that runs the module graph entry `specifier`. */
export const entryImport = (specifier: string): string => `import ${JSON.stringify(specifier)};`;

export function compileHtml(
  entryPath: string,
  html: string,
  context: CompileContext,
  graph: ModuleGraph | undefined,
): CompiledHtml {
  const parts: string[] = [];
  const sheets: string[] = [];
  const entryImports: EntryImport[] = [];
  let current = '';
  let last = 0;
  for (const match of html.matchAll(HTML_TOKEN)) {
    current += html.slice(last, match.index);
    last = match.index + match[0].length;
    const [whole, rawTag, rawAttributes = '', content = '', tag, tagAttributes = ''] = match;
    if (rawTag?.toLowerCase() === 'script') {
      // `<script` + attributes + `>`: the line of the file the inline text starts on.
      const contentStart = match.index + rawTag.length + rawAttributes.length + 2;
      const line = html.slice(0, contentStart).split('\n').length;
      current += compileScript(whole, parseAttributes(rawAttributes), content, line);
    } else if (rawTag) {
      const css = compileStylesheet(entryPath, content, context);
      current += `<style${renderAttributes(parseAttributes(rawAttributes))}>${escapeRawText(css, 'style')}</style>`;
    } else if (tag?.toLowerCase() === 'link') {
      const sheet = compileLink(whole, parseAttributes(tagAttributes));
      if (typeof sheet === 'string') current += sheet;
      else {
        current += sheet.open;
        parts.push(current);
        sheets.push(sheet.css);
        current = '</style>';
      }
    } else if (tag) {
      current += compileAssetTag(whole, tag.toLowerCase(), parseAttributes(tagAttributes));
    } else {
      current += whole;
    }
  }
  parts.push(current + html.slice(last));
  return { parts, sheets, entryImports };

  function blocked(kind: string, url: string) {
    context.reportExternal(kind, url, entryPath);
  }
  function missing(kind: string, reference: string, level: 'warning' | 'error' = 'warning') {
    context.report({
      level,
      code: CODES.MISSING_REFERENCE,
      message: `Missing ${kind}: ${reference.slice(0, 200)}`,
      path: entryPath,
    });
  }

  function compileScript(
    whole: string,
    attributes: Attribute[],
    content: string,
    line: number,
  ): string {
    const kind = scriptKind(attributes);
    const src = getAttribute(attributes, 'src');
    const rest = attributes.filter((attribute) => attribute.name !== 'src');
    if (kind === 'other') return whole;
    if (kind === 'module' && !graph) return noModuleGraph();
    if (src === null) {
      if (kind === 'module' && graph)
        return moduleScript(rest, graph.inlineEntry(content, entryPath, line));
      return classicScript(inlineOnly(rest), content, entryPath, line);
    }
    const resolved = resolvePreviewReference(entryPath, src);
    if (resolved.kind === 'external') {
      blocked('script', resolved.url);
      return '';
    }
    if (kind === 'module' && graph) {
      const specifier = graph.entrySpecifier(entryPath, src);
      if (specifier === undefined) {
        missing('module script', src, 'error');
        return '';
      }
      return moduleScript(rest, specifier);
    }
    const text = resolved.kind === 'local' ? context.text(resolved.path) : undefined;
    if (resolved.kind !== 'local' || text === undefined) {
      missing('script', src, 'error');
      return '';
    }
    return classicScript(rest, text, resolved.path, 1);
  }

  /** Only when the module graph's chunk failed to load: the next render loads it again. */
  function noModuleGraph(): string {
    context.report({
      level: 'error',
      code: CODES.MODULE_NOT_FOUND,
      message: 'The module compiler did not load: this module script does not run.',
      path: entryPath,
    });
    return '';
  }

  /** See classic-script-url.ts. Fetched in CORS mode, or Firefox mutes the data: URL's errors. */
  function classicScript(attributes: Attribute[], text: string, path: string, line: number) {
    const src = { name: 'src', value: classicScriptUrl(text, path, line) };
    const cors = attributes.filter(({ name }) => name !== 'crossorigin');
    return `<script${renderAttributes([src, { name: 'crossorigin', value: null }, ...cors])}></script>`;
  }

  /** An inline script runs in order: `async` and `defer` would make its URL form run later. */
  function inlineOnly(attributes: Attribute[]) {
    return attributes.filter(({ name }) => name !== 'async' && name !== 'defer');
  }

  /** Appended to `current` by the caller: the import's place is known from its length. */
  function moduleScript(attributes: Attribute[], specifier: string): string {
    const open = `<script${renderAttributes(attributes)}>`;
    entryImports.push({ part: parts.length, at: current.length + open.length, specifier });
    return `${open}${entryImport(specifier)}</script>`;
  }

  function compileLink(
    whole: string,
    attributes: Attribute[],
  ): string | { open: string; css: string } {
    const rel = (getAttribute(attributes, 'rel') ?? '').toLowerCase().split(/\s+/);
    const href = getAttribute(attributes, 'href') ?? '';
    const resolved = resolvePreviewReference(entryPath, href);
    if (rel.includes('stylesheet') || rel.includes('modulepreload')) {
      const kind = rel.includes('stylesheet') ? 'stylesheet' : 'module preload';
      if (resolved.kind === 'external') {
        blocked(kind, resolved.url);
        return '';
      }
      if (kind !== 'stylesheet') return '';
      const text = resolved.kind === 'local' ? context.text(resolved.path) : undefined;
      if (resolved.kind !== 'local' || text === undefined) {
        missing('stylesheet', href);
        return '';
      }
      const media = getAttribute(attributes, 'media');
      const kept: Attribute[] = [{ name: SHEET_ATTRIBUTE, value: String(sheets.length) }];
      if (media !== null) kept.push({ name: 'media', value: media });
      return {
        open: `<style${renderAttributes(kept)}>`,
        css: compileStylesheet(resolved.path, text, context),
      };
    }
    // Firefox fetches these hints past the Content-Security-Policy: an external one never stays.
    const hint = rel.find((name) => RESOURCE_HINTS.has(name));
    if (hint && resolved.kind === 'external') {
      blocked(hint, resolved.url);
      return '';
    }
    return compileAssetTag(whole, 'link', attributes);
  }

  function compileAssetTag(whole: string, tag: string, attributes: Attribute[]): string {
    let changed = false;
    // Chromium connects to a frame's host before the policy blocks the frame (and the policy
    // blocks every frame address): a frame keeps no address but about:.
    const kept = NO_SRC_REWRITE.has(tag) ? attributes.filter(keepsFrameSrc) : attributes;
    if (kept.length !== attributes.length) changed = true;
    const rewritten = kept.map((attribute) => {
      const value = rewriteAttribute(tag, attribute);
      if (value === attribute.value) return attribute;
      changed = true;
      return { name: attribute.name, value };
    });
    return changed ? `<${tag}${renderAttributes(rewritten)}>` : whole;
  }

  /** The URL parser drops tabs and newlines and reads `\\` as `//`: only about: is kept. */
  function keepsFrameSrc({ name, value }: Attribute): boolean {
    if (name !== 'src' || value === null) return true;
    const url = value.replace(/[\t\n\r]/g, '').trim();
    if (url === '' || /^about:/i.test(url)) return true;
    blocked('frame', url);
    return false;
  }

  function rewriteAttribute(tag: string, { name, value }: Attribute): string | null {
    if (value === null) return value;
    if (name === 'style') return rewriteCssUrls(value, entryPath, context);
    if (name === 'srcset') {
      return value
        .split(',')
        .map((candidate) => {
          const [url = '', ...descriptor] = candidate.trim().split(/\s+/);
          return [assetUrl(url), ...descriptor].join(' ');
        })
        .join(', ');
    }
    const isAsset =
      (name === 'src' && !NO_SRC_REWRITE.has(tag)) ||
      name === 'poster' ||
      (tag === 'object' && name === 'data') ||
      (tag === 'link' && name === 'href') ||
      (ASSET_HREF_TAGS.has(tag) && (name === 'href' || name === 'xlink:href'));
    return isAsset ? assetUrl(value) : value;
  }

  function assetUrl(reference: string): string {
    const resolved = resolvePreviewReference(entryPath, reference);
    if (resolved.kind === 'inline' || resolved.kind === 'invalid') return reference;
    if (resolved.kind === 'external') {
      blocked('resource', resolved.url);
      return reference;
    }
    const url = context.assetUrl(resolved.path);
    if (url === undefined) missing('file', reference);
    return url ?? reference;
  }
}
