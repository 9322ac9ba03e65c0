/**
 * State shared by one compilation: the files by path, asset URLs, limits and the bounded
 * diagnostics list.
 */
import {
  type PreviewDiagnostic,
  PREVIEW_DIAGNOSTIC_CODES,
  extensionOf,
} from '../../runtime/preview/index.js';
import type { WorkspaceFile } from '../../runtime/workspace/index.js';

/** Bounds on how much of the workspace one preview compile inlines and reports. */
export interface PreviewCompileLimits {
  /** Nested `@import` depth below one linked stylesheet. */
  maxCssImportDepth: number;
  /** `@import` rules inlined in the whole document. */
  maxCssImports: number;
  /** Workspace modules in the module graph. */
  maxModules: number;
  /**
   * Graphs of at least this many modules are flattened into one script when a parser is given
   * (see `flatten-modules.ts`); smaller ones load natively and never load the parser.
   */
  flattenFrom: number;
  maxDiagnostics: number;
}

/** The compile limits used for any field not set in the preview's `limits`. */
export const DEFAULT_PREVIEW_COMPILE_LIMITS: PreviewCompileLimits = {
  maxCssImportDepth: 8,
  maxCssImports: 64,
  maxModules: 500,
  flattenFrom: 8,
  maxDiagnostics: 100,
};

const MIME_TYPES: Record<string, string> = {
  png: 'image/png',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  gif: 'image/gif',
  webp: 'image/webp',
  avif: 'image/avif',
  svg: 'image/svg+xml',
  ico: 'image/x-icon',
  woff: 'font/woff',
  woff2: 'font/woff2',
  ttf: 'font/ttf',
  otf: 'font/otf',
  wasm: 'application/wasm',
  json: 'application/json',
  txt: 'text/plain',
  css: 'text/css',
  js: 'text/javascript',
  mjs: 'text/javascript',
  html: 'text/html',
  md: 'text/markdown',
};

export const mimeTypeOf = (path: string): string =>
  MIME_TYPES[extensionOf(path)] ?? 'application/octet-stream';

export class CompileContext {
  readonly files: ReadonlyMap<string, WorkspaceFile>;
  readonly diagnostics: PreviewDiagnostic[] = [];
  cssImports = 0;
  private truncated = false;

  constructor(
    files: readonly WorkspaceFile[],
    private readonly assetUrls: ReadonlyMap<string, string>,
    readonly limits: PreviewCompileLimits,
  ) {
    this.files = new Map(files.map((file) => [file.path, file]));
  }

  text(path: string): string | undefined {
    const file = this.files.get(path);
    return file?.kind === 'text' ? file.text : undefined;
  }

  /** A URL the sandboxed document can load for a local file, or undefined when it is absent. */
  assetUrl(path: string): string | undefined {
    const file = this.files.get(path);
    if (!file) return undefined;
    if (file.kind === 'asset') return this.assetUrls.get(path);
    return `data:${mimeTypeOf(path)};charset=utf-8,${encodeURIComponent(file.text)}`;
  }

  /** Reports an external resource the sandbox will not load (P5). */
  reportExternal(kind: string, url: string, path: string): void {
    this.report({
      level: 'warning',
      code: PREVIEW_DIAGNOSTIC_CODES.EXTERNAL_BLOCKED,
      message: `External ${kind} blocked: ${url.slice(0, 200)}`,
      path,
    });
  }

  report(diagnostic: PreviewDiagnostic): void {
    if (this.diagnostics.length < this.limits.maxDiagnostics) {
      this.diagnostics.push(diagnostic);
    } else if (!this.truncated) {
      this.truncated = true;
      this.diagnostics.push({
        level: 'warning',
        code: PREVIEW_DIAGNOSTIC_CODES.DIAGNOSTIC_LIMIT,
        message: `More than ${this.limits.maxDiagnostics} diagnostics; the rest are not listed.`,
      });
    }
  }
}
