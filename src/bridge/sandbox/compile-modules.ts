/**
 * Module scripts (P3). Local `import`, `export … from` and `import()` specifiers are rewritten to
 * stable workspace specifiers; the bridge gives each module a URL inside the frame and maps the
 * specifiers with an import map, so the browser runs the graph natively (cycles
 * included). TypeScript and JSX modules are transpiled first (`transpile-module.ts`); bare
 * specifiers resolve from packages vendored in the workspace (`resolve-package.ts`). Missing,
 * external and unresolved imports become small modules that throw a bounded error. Every module
 * script of the page, inline ones included, becomes `import "<entry>"`; when the graph is
 * flattened (`flatten-modules.ts`), that import becomes the code that runs the entry.
 */
import {
  PREVIEW_DIAGNOSTIC_CODES as CODES,
  extensionOf,
  resolvePreviewReference,
} from '../../runtime/preview/index.js';
import type { CompileContext } from './compile-context.js';
import type { ColumnTable, FrameModule, ModuleOrigin } from './frame-module.js';
import {
  PACKAGES_FOLDER,
  TRANSPILED_EXTENSIONS,
  type ModuleCompilers,
  type TranspileFailure,
} from './module-compilers.js';
import { moduleKeywordOffsets } from './module-keywords.js';
import { WORKSPACE_URL } from './module-names.js';
import { siteMapResolves } from './site-map-state.js';

/** The module specifier prefix under which workspace scripts are imported inside the preview. */
export const WORKSPACE_MODULE_PREFIX = '@context-action/workspace/';
const ERROR_MODULE_PREFIX = '@context-action/preview-error/';
const INLINE_MODULE_PREFIX = '@context-action/inline-module/';
const RESERVED_PREFIXES = [WORKSPACE_MODULE_PREFIX, ERROR_MODULE_PREFIX, INLINE_MODULE_PREFIX];

// Matched only where `import` or `export` starts in code (`module-keywords.ts`). An import or
// export clause may hold quoted names (`import { "a-b" as c } from …`).
const STATIC_SPECIFIER =
  /((?:import|export)\s*(?:(?:[\w$*{}\s,]|"[^"\n]*"|'[^'\n]*')*?\s*from\s*)?)(["'])([^"'\n]+)\2/y;
const DYNAMIC_SPECIFIER = /(import\s*\(\s*)(["'])([^"'\n]+)\2(\s*\))/y;

const MODULE_EXTENSIONS = new Set(['js', 'mjs', 'json', ...TRANSPILED_EXTENSIONS]);
// From a TypeScript or JSX module, `./x` and `./x.js` may name `x.ts`, as TypeScript's bundler
// resolution allows.
const TYPESCRIPT_PROBES = [
  '',
  '.ts',
  '.tsx',
  '.js',
  '.jsx',
  // A folder's index, built so that no whole quoted path sits in the bundle for the site's
  // chunk check to take for a chunk reference.
  ...['.ts', '.tsx', '.js'].map((extension) => `/index${extension}`),
];
const candidates = (path: string, fromPath: string): string[] => {
  if (!TRANSPILED_EXTENSIONS.has(extensionOf(fromPath))) return [path];
  const base = path.replace(/\.(js|jsx|mjs)$/, '');
  return [path, ...TYPESCRIPT_PROBES.map((probe) => base + probe)];
};
const isRelative = (specifier: string) => /^(\.{1,2}\/|\/)/.test(specifier);

export class ModuleGraph {
  readonly modules: Record<string, FrameModule> = {};
  /** The specifiers the page's module scripts import, in document order. */
  readonly entries: string[] = [];
  /** Where each workspace or inline module comes from, for error locations. */
  readonly origins: Record<string, ModuleOrigin> = {};
  private readonly queue: string[] = [];
  private readonly seen = new Set<string>();

  constructor(
    private readonly context: CompileContext,
    private readonly compilers: ModuleCompilers = {},
  ) {}

  /** Rewrites the specifiers of module source written in the file at `fromPath`. */
  rewrite(source: string, fromPath: string): string {
    let rewritten = '';
    let done = 0;
    for (const offset of moduleKeywordOffsets(source)) {
      if (offset < done) continue;
      const match = [STATIC_SPECIFIER, DYNAMIC_SPECIFIER]
        .map((pattern) => ((pattern.lastIndex = offset), pattern.exec(source)))
        .find((found) => found !== null);
      if (!match) continue;
      const [whole, prefix, quote, specifier, suffix = ''] = match;
      rewritten += `${source.slice(done, offset)}${prefix}${quote}${this.specifierFor(specifier!, fromPath)}${quote}${suffix}`;
      done = offset + whole.length;
    }
    return rewritten + source.slice(done);
  }

  /** Loads every queued workspace module; call once after the document is rewritten. */
  resolveAll(): void {
    for (let path = this.queue.shift(); path !== undefined; path = this.queue.shift()) {
      const source = this.context.text(path) ?? '';
      const specifier = WORKSPACE_MODULE_PREFIX + path;
      this.origins[specifier] = [path, 1];
      const transpiled = TRANSPILED_EXTENSIONS.has(extensionOf(path))
        ? this.transpile(path, source)
        : { code: source };
      if ('failure' in transpiled) this.syntaxError(specifier, path, transpiled.failure);
      else if (extensionOf(path) === 'json') this.modules[specifier] = ['application/json', source];
      else {
        const rewritten = this.rewrite(transpiled.code, path);
        const code = withMetaUrl(rewritten, path);
        this.modules[specifier] = ['text/javascript', code];
        const { columns } = transpiled as { columns?: ColumnTable };
        const shift = code.length - rewritten.length;
        if (columns) this.origins[specifier] = [path, 1, shiftFirstLine(columns, shift)];
      }
    }
  }

  private transpile(path: string, source: string) {
    const { transpile } = this.compilers;
    if (transpile) return transpile(path, source, this.context.text('tsconfig.json'));
    return {
      failure: { message: 'The TypeScript and JSX transpiler did not load', line: 1, column: 1 },
    };
  }

  /**
   * The module fails to parse on the line the transpiler names, so that, as for a JavaScript
   * syntax error, no module of the graph runs and the frame names the file and line; the
   * diagnostic has the transpiler's message and the column too.
   */
  private syntaxError(specifier: string, path: string, failure: TranspileFailure): void {
    const { message, line, column } = failure;
    this.context.report({
      level: 'error',
      code: CODES.MODULE_SYNTAX,
      message: `SyntaxError: ${message}`,
      path,
      line,
      column,
    });
    this.modules[specifier] = ['text/javascript', `${'\n'.repeat(line - 1)}}\n`];
  }

  /** The entry an inline module script of `fromPath` becomes; `line` is where its text starts. */
  inlineEntry(source: string, fromPath: string, line: number): string {
    const specifier = `${INLINE_MODULE_PREFIX}${this.entries.length}`;
    this.origins[specifier] = [fromPath, line];
    this.modules[specifier] = [
      'text/javascript',
      withMetaUrl(this.rewrite(source, fromPath), fromPath),
    ];
    this.entries.push(specifier);
    return specifier;
  }

  /** The specifier a local module script's `src` becomes, or undefined when it is missing. */
  entrySpecifier(fromPath: string, reference: string): string | undefined {
    const resolved = resolvePreviewReference(fromPath, reference);
    if (resolved.kind !== 'local' || this.context.text(resolved.path) === undefined)
      return undefined;
    // An HTML `src` is a URL ("app.js" is relative), not a module specifier ("app.js" is bare).
    const specifier = this.specifierFor(`/${resolved.path}`, fromPath);
    this.entries.push(specifier);
    return specifier;
  }

  private specifierFor(specifier: string, fromPath: string): string {
    if (RESERVED_PREFIXES.some((prefix) => specifier.startsWith(prefix))) {
      return this.errorModule(
        `Reserved module specifier: ${specifier}`,
        fromPath,
        CODES.MODULE_NOT_FOUND,
      );
    }
    if (/^[a-z][a-z0-9+.-]*:|^\/\//i.test(specifier)) {
      return this.errorModule(
        `External import blocked: ${specifier}`,
        fromPath,
        CODES.MODULE_EXTERNAL,
      );
    }
    const path = isRelative(specifier)
      ? this.relativePath(specifier, fromPath)
      : this.packagePath(specifier, fromPath);
    if (typeof path !== 'string') return path.specifier;
    if (!this.seen.has(path)) {
      if (this.seen.size >= this.context.limits.maxModules) {
        return this.errorModule(
          `Module graph limit of ${this.context.limits.maxModules} modules reached; ${path} was not loaded.`,
          fromPath,
          CODES.MODULE_LIMIT,
        );
      }
      this.seen.add(path);
      this.queue.push(path);
    }
    return WORKSPACE_MODULE_PREFIX + path;
  }

  private relativePath(specifier: string, fromPath: string): string | { specifier: string } {
    const resolved = resolvePreviewReference(fromPath, specifier);
    const found =
      resolved.kind === 'local'
        ? candidates(resolved.path, fromPath).find(
            (path) =>
              this.context.text(path) !== undefined && MODULE_EXTENSIONS.has(extensionOf(path)),
          )
        : undefined;
    return (
      found ?? {
        specifier: this.errorModule(
          `Module not found: ${specifier}`,
          fromPath,
          CODES.MODULE_NOT_FOUND,
        ),
      }
    );
  }

  /** A workspace path, or the specifier to write instead: the site's map's, or an error's. */
  private packagePath(specifier: string, fromPath: string): string | { specifier: string } {
    const { resolvePackage, importMap } = this.compilers;
    const resolution = resolvePackage
      ? resolvePackage(specifier, fromPath, (path) => this.context.text(path))
      : { reason: `the workspace has no ${PACKAGES_FOLDER} folder` };
    if ('path' in resolution && MODULE_EXTENSIONS.has(extensionOf(resolution.path)))
      return resolution.path;
    // The frame's import map holds the site's entries: the specifier stays as written.
    if (importMap && siteMapResolves(importMap, specifier)) return { specifier };
    const name = (/^(@[^/]+\/)?[^/]+/.exec(specifier)?.[0] ?? specifier).slice(0, 100);
    const reason =
      'reason' in resolution ? resolution.reason : `${resolution.path} is not a module`;
    // The way out first: a long reason is what the message's bound cuts.
    return {
      specifier: this.errorModule(
        `Package "${specifier.slice(0, 100)}" not found. Vendor its ES module build as ${PACKAGES_FOLDER}/${name}/ with its package.json, have the site map it (import-map), or import a workspace file with ./ or ../ (${reason})`,
        fromPath,
        CODES.MODULE_BARE_SPECIFIER,
      ),
    };
  }

  private errorModule(message: string, fromPath: string, code: string): string {
    const text = `${message.slice(0, 300)} (imported by ${fromPath})`;
    this.context.report({ level: 'error', code, message: text, path: fromPath });
    const specifier = `${ERROR_MODULE_PREFIX}${Object.keys(this.modules).length}`;
    this.modules[specifier] = ['text/javascript', `throw new Error(${JSON.stringify(text)});\n`];
    return specifier;
  }
}

/**
 * Natively, `import.meta.url` would be the module's `data:` URL; it is set to the workspace URL
 * the frame's `fetch()` answers, on the first line so that every line keeps its number.
 */
const withMetaUrl = (source: string, path: string): string =>
  /\bimport\s*\.\s*meta\b/.test(source)
    ? `import.meta.url=${JSON.stringify(WORKSPACE_URL + path)};${source}`
    : source;

/** The columns of a module whose first line starts with `shift` characters of ours. */
function shiftFirstLine(columns: ColumnTable, shift: number): ColumnTable {
  if (shift === 0) return columns;
  const first = columns[0]?.length ? columns[0] : [0, 0];
  return [
    first.map((value, index) => (index % 2 === 0 ? value + shift : value)),
    ...columns.slice(1),
  ];
}
