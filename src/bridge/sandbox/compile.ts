/**
 * The preview document compiler: a pure function of the workspace files (and the asset URLs
 * read from their blobs beforehand). The same input always gives the same document, which is
 * what lets the host tell a stylesheet-only change from one that needs a reload. The module
 * graph is one of the compilers it is given: the controller loads its chunk when a page first
 * has a module script (`load-module-compilers.ts`); `compilePreviewDocument`
 * (`compile-preview.ts`) always has it.
 */
import {
  type PreviewDiagnostic,
  resolvePreviewEntry,
  PREVIEW_DIAGNOSTIC_CODES,
  extensionOf,
} from '../../runtime/preview/index.js';
import type { WorkspaceFile } from '../../runtime/workspace/index.js';
import {
  CompileContext,
  DEFAULT_PREVIEW_COMPILE_LIMITS,
  type PreviewCompileLimits,
} from './compile-context.js';
import { compileHtml, entryImport, type EntryImport } from './compile-html.js';
import type { ModuleGraph } from './compile-modules.js';
import type { FlatModules, ModuleSet } from './flatten-modules.js';
import type { FrameModule, ModuleOrigin } from './frame-module.js';
import type { ModuleFlattener } from './module-flattener.js';
import type { ModuleCompilers } from './module-compilers.js';
import { noEntryCard } from './card.js';
import type { SiteImportMap } from './site-import-map.js';

/**
 * A compiled preview: the entry page split around its stylesheets, plus its modules and
 * diagnostics.
 */
export interface PreviewDocument {
  entryPath: string | null;
  /** The entry HTML split around its linked stylesheets (see `renderPreviewHtml`). */
  parts: readonly string[];
  /** Compiled text of each linked stylesheet, `@import`s inlined. */
  sheets: readonly string[];
  /**
   * Module specifier → [MIME type, source]; the frame creates the URLs. None when the graph is
   * flattened: the page's module scripts then run their entries themselves.
   */
  modules: Readonly<Record<string, FrameModule>>;
  /** The module graph as a few classic scripts, or null when the frame loads `modules` natively. */
  flat: FlatModules['scripts'] | null;
  /** Where each module comes from: the frame names the file and line of an error with it. */
  origins: Readonly<Record<string, ModuleOrigin>>;
  /**
   * The workspace paths preview code may `fetch()` (assets, JSON, text). Their bodies are not
   * in the document: the host serves each one when the frame asks for it.
   */
  fetchable: readonly string[];
  diagnostics: readonly PreviewDiagnostic[];
  /** The site's import map (`compilers.importMap`): the frame's map and policy include it. */
  importMap: SiteImportMap | null;
}

/** The compilers of a compile: the module graph, and those it hands modules to. */
export interface DocumentCompilers extends ModuleCompilers {
  /** The page's module scripts and every module they import (`compile-modules.ts`). */
  moduleGraph?: typeof ModuleGraph;
}

const NO_MODULES: ModuleSet = { modules: {}, entries: [], origins: {} };

/**
 * Without `flatten`, or below `limits.flattenFrom` modules, the graph loads natively. Without
 * `compilers.moduleGraph`, every module script is an error; without `compilers.transpile`, so
 * are TypeScript and JSX modules, and without `compilers.resolvePackage`, every bare specifier.
 */
export function compileDocument(
  files: readonly WorkspaceFile[],
  assetUrls: ReadonlyMap<string, string>,
  limits: Partial<PreviewCompileLimits> | undefined,
  flatten: ModuleFlattener | undefined,
  compilers: DocumentCompilers,
): PreviewDocument {
  const context = new CompileContext(files, assetUrls, {
    ...DEFAULT_PREVIEW_COMPILE_LIMITS,
    ...limits,
  });
  const entry = resolvePreviewEntry(files);
  if (!entry) {
    return {
      entryPath: null,
      parts: [noEntryCard(files.length)],
      sheets: [],
      modules: {},
      flat: null,
      origins: {},
      fetchable: [],
      importMap: null,
      diagnostics: [
        {
          level: 'error',
          code: PREVIEW_DIAGNOSTIC_CODES.NO_HTML_ENTRY,
          message: 'The workspace has no HTML entry: add index.html (or another .html file).',
        },
      ],
    };
  }
  const Graph = compilers.moduleGraph;
  const graph = Graph && new Graph(context, compilers);
  const html = compileHtml(entry.path, entry.text, context, graph);
  graph?.resolveAll();
  const set = graph ?? NO_MODULES;
  const flat =
    flatten && Object.keys(set.modules).length >= context.limits.flattenFrom ? flatten(set) : null;
  return {
    entryPath: entry.path,
    parts: flat ? runEntries(html.parts, html.entryImports, flat.entries) : html.parts,
    sheets: html.sheets,
    modules: flat ? {} : set.modules,
    flat: flat && flat.scripts,
    origins: set.origins,
    fetchable: fetchablePaths(files),
    diagnostics: context.diagnostics,
    importMap: compilers.importMap ?? null,
  };
}

/**
 * The page's module scripts with each `import "<entry>"` replaced by the code that runs the
 * entry's flattened module: a module script still, so it runs when the import would have, but
 * without loading a module from a URL, which costs a fetch's bookkeeping.
 */
function runEntries(
  parts: readonly string[],
  imports: readonly EntryImport[],
  entries: Readonly<Record<string, string>>,
): string[] {
  const result = [...parts];
  // From the last, so that each recorded place is still where it was.
  for (const { part, at, specifier } of [...imports].reverse()) {
    const text = result[part]!;
    const replaced = entryImport(specifier);
    result[part] = text.slice(0, at) + entries[specifier]! + text.slice(at + replaced.length);
  }
  return result;
}

const FETCHABLE_TEXT = new Set(['json', 'txt', 'md', 'csv', 'svg', 'xml']);

// wasm, images and data files are often loaded with fetch(), which a srcdoc document would
// resolve against the host page; the bridge asks the host for these paths. Only the names are
// in the document, so 300 large data files cost a reload nothing until a page fetches them.
function fetchablePaths(files: readonly WorkspaceFile[]): string[] {
  return files
    .filter((file) => file.kind === 'asset' || FETCHABLE_TEXT.has(extensionOf(file.path)))
    .map((file) => file.path);
}

/** Whether two documents flatten their modules into the same scripts (or both load natively). */
export function sameFlatScripts(a: PreviewDocument['flat'], b: PreviewDocument['flat']): boolean {
  if (a === null || b === null) return a === b;
  return a.length === b.length && a.every((script, index) => script.script === b[index]!.script);
}

/** The full HTML of a compiled document, stylesheets in place. */
export function renderPreviewHtml(document: PreviewDocument): string {
  return document.parts
    .map((part, index) => {
      const sheet = document.sheets[index];
      return sheet === undefined ? part : part + sheet.replace(/<\/(style)/gi, '<\\/$1');
    })
    .join('');
}
