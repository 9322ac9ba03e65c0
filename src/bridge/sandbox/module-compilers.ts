/**
 * What the module graph may hand to compilers loaded on demand: the TypeScript/JSX transpiler
 * (`transpile-module.ts`) and the package resolver (`resolve-package.ts`). Types and the two
 * tests that say when a workspace needs them; the compilers themselves are chunks of their own.
 */
import { extensionOf } from '../../runtime/preview/index.js';
import type { WorkspaceFile } from '../../runtime/workspace/index.js';
import type { ColumnTable } from './frame-module.js';
import type { SiteImportMap } from './site-import-map.js';

/** Module extensions the transpiler turns into JavaScript. */
export const TRANSPILED_EXTENSIONS: ReadonlySet<string> = new Set(['ts', 'mts', 'tsx', 'jsx']);

/** The folder of vendored packages, looked up from each importing file's folder upwards. */
export const PACKAGES_FOLDER = 'web_modules';

/** A syntax error the transpiler found: its message and where, 1-based. */
export interface TranspileFailure {
  message: string;
  line: number;
  column: number;
}

/**
 * JavaScript that keeps every line of the source on its line, with the columns each line maps
 * back to; or the syntax error.
 */
export type Transpiled = { code: string; columns?: ColumnTable } | { failure: TranspileFailure };

/** Transpiles the module at `path`; `tsconfig` is the text of the workspace's tsconfig.json. */
export type ModuleTranspiler = (
  path: string,
  source: string,
  tsconfig: string | undefined,
) => Transpiled;

/** The workspace path a bare specifier resolves to, or why it does not. */
export type PackageResolution = { path: string } | { reason: string };

/** Resolves a bare specifier written in the file at `fromPath`, reading package files by path. */
export type PackageResolver = (
  specifier: string,
  fromPath: string,
  text: (path: string) => string | undefined,
) => PackageResolution;

/** The compilers a compile may use; each is absent until its chunk loaded. */
export interface ModuleCompilers {
  transpile?: ModuleTranspiler;
  resolvePackage?: PackageResolver;
  /** The site's import map: a bare specifier the workspace lacks is left for it to resolve. */
  importMap?: SiteImportMap | null;
}

/** Whether the workspace holds a file the transpiler compiles. */
export const needsTranspiler = (files: readonly WorkspaceFile[]): boolean =>
  files.some((file) => TRANSPILED_EXTENSIONS.has(extensionOf(file.path)));

/** Whether the workspace holds vendored packages. */
export const needsPackages = (files: readonly WorkspaceFile[]): boolean =>
  files.some(
    (file) =>
      file.path.startsWith(`${PACKAGES_FOLDER}/`) || file.path.includes(`/${PACKAGES_FOLDER}/`),
  );
