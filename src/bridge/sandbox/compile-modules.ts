/**
 * Module scripts (P3). Local `import`, `export … from` and `import()` specifiers are rewritten to
 * stable workspace specifiers; the bridge gives each module a URL inside the frame and maps the
 * specifiers with an import map, so the browser runs the graph natively (cycles
 * included). Missing and external imports become small modules that throw a bounded error;
 * bare specifiers stay visible to the browser and are reported as unsupported. Every module
 * script of the page, inline ones included, becomes `import "<entry>"`; when the graph is
 * flattened (`flatten-modules.ts`), that import becomes the code that runs the entry.
 */
import { PREVIEW_DIAGNOSTIC_CODES as CODES } from '../../runtime/preview/index.js';
import { extensionOf, resolvePreviewReference } from '../../runtime/preview/index.js';
import type { CompileContext } from './compile-context.js';
import type { FrameModule, ModuleOrigin } from './frame-module.js';
import { WORKSPACE_URL } from './module-names.js';

/** The module specifier prefix under which workspace scripts are imported inside the preview. */
export const WORKSPACE_MODULE_PREFIX = '@context-action/workspace/';
const ERROR_MODULE_PREFIX = '@context-action/preview-error/';
const INLINE_MODULE_PREFIX = '@context-action/inline-module/';
const RESERVED_PREFIXES = [WORKSPACE_MODULE_PREFIX, ERROR_MODULE_PREFIX, INLINE_MODULE_PREFIX];

// An import or export clause may hold quoted names (`import { "a-b" as c } from …`).
const STATIC_SPECIFIER =
  /(\b(?:import|export)\s*(?:(?:[\w$*{}\s,]|"[^"\n]*"|'[^'\n]*')*?\s*from\s*)?)(["'])([^"'\n]+)\2/g;
const DYNAMIC_SPECIFIER = /(\bimport\s*\(\s*)(["'])([^"'\n]+)\2(\s*\))/g;

const MODULE_EXTENSIONS = new Set(['js', 'mjs', 'json']);
const isRelative = (specifier: string) => /^(\.{1,2}\/|\/)/.test(specifier);

export class ModuleGraph {
  readonly modules: Record<string, FrameModule> = {};
  /** The specifiers the page's module scripts import, in document order. */
  readonly entries: string[] = [];
  /** Where each workspace or inline module comes from, for error locations. */
  readonly origins: Record<string, ModuleOrigin> = {};
  private readonly queue: string[] = [];
  private readonly seen = new Set<string>();

  constructor(private readonly context: CompileContext) {}

  /** Rewrites the specifiers of module source written in the file at `fromPath`. */
  rewrite(source: string, fromPath: string): string {
    const replace = (prefix: string, quote: string, specifier: string, suffix = '') =>
      `${prefix}${quote}${this.specifierFor(specifier, fromPath)}${quote}${suffix}`;
    return source
      .replace(STATIC_SPECIFIER, (_w, prefix: string, quote: string, spec: string) =>
        replace(prefix, quote, spec),
      )
      .replace(DYNAMIC_SPECIFIER, (_w, prefix: string, quote: string, spec: string, end: string) =>
        replace(prefix, quote, spec, end),
      );
  }

  /** Loads every queued workspace module; call once after the document is rewritten. */
  resolveAll(): void {
    for (let path = this.queue.shift(); path !== undefined; path = this.queue.shift()) {
      const source = this.context.text(path) ?? '';
      const specifier = WORKSPACE_MODULE_PREFIX + path;
      this.origins[specifier] = [path, 1];
      this.modules[specifier] =
        extensionOf(path) === 'json'
          ? ['application/json', source]
          : ['text/javascript', withMetaUrl(this.rewrite(source, path), path)];
    }
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
    if (!isRelative(specifier)) {
      this.context.report({
        level: 'error',
        code: CODES.MODULE_BARE_SPECIFIER,
        message: `Bare module specifier "${specifier.slice(0, 200)}" is not supported: import workspace files with ./ or ../ paths.`,
        path: fromPath,
      });
      return specifier;
    }
    const resolved = resolvePreviewReference(fromPath, specifier);
    if (
      resolved.kind !== 'local' ||
      this.context.text(resolved.path) === undefined ||
      !MODULE_EXTENSIONS.has(extensionOf(resolved.path))
    ) {
      return this.errorModule(`Module not found: ${specifier}`, fromPath, CODES.MODULE_NOT_FOUND);
    }
    if (!this.seen.has(resolved.path)) {
      if (this.seen.size >= this.context.limits.maxModules) {
        return this.errorModule(
          `Module graph limit of ${this.context.limits.maxModules} modules reached; ${resolved.path} was not loaded.`,
          fromPath,
          CODES.MODULE_LIMIT,
        );
      }
      this.seen.add(resolved.path);
      this.queue.push(resolved.path);
    }
    return WORKSPACE_MODULE_PREFIX + resolved.path;
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
