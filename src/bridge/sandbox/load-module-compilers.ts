/**
 * Loads the module graph, the transpiler and the package resolver when a workspace first needs
 * them: a page of classic scripts fetches none, plain JavaScript modules only the graph.
 */
import { resolvePreviewEntry } from '../../runtime/preview/index.js';
import type { WorkspaceFile } from '../../runtime/workspace/index.js';
import { hasModuleScript } from './compile-html.js';
import type { DocumentCompilers } from './compile.js';
import { lazyChunk } from './lazy-chunk.js';
import { needsPackages, needsTranspiler } from './module-compilers.js';

const graph = lazyChunk(() => import('./compile-modules.js').then((module) => module.ModuleGraph));
const transpiler = lazyChunk(() =>
  import('./transpile-module.js').then((module) => module.transpileModule),
);
const packages = lazyChunk(() =>
  import('./resolve-package.js').then((module) => module.resolvePackage),
);

/** Whether the workspace's entry page has a module script, which the module graph compiles. */
export function needsModuleGraph(files: readonly WorkspaceFile[]): boolean {
  const entry = resolvePreviewEntry(files);
  return entry !== undefined && hasModuleScript(entry.text);
}

/**
 * The compilers `files` need when all of them are loaded already (none needed included), else
 * undefined: the caller then waits for `loadModuleCompilers`.
 */
export function readyModuleCompilers(
  files: readonly WorkspaceFile[],
): DocumentCompilers | undefined {
  const moduleGraph = graph.loaded();
  const transpile = transpiler.loaded();
  const resolvePackage = packages.loaded();
  if (!moduleGraph && needsModuleGraph(files)) return undefined;
  if (!transpile && needsTranspiler(files)) return undefined;
  if (!resolvePackage && needsPackages(files)) return undefined;
  return { moduleGraph, transpile, resolvePackage };
}

/** Loads what `files` need; a chunk that fails to load is absent (its files get diagnostics). */
export async function loadModuleCompilers(
  files: readonly WorkspaceFile[],
): Promise<DocumentCompilers> {
  const [moduleGraph, transpile, resolvePackage] = await Promise.all([
    needsModuleGraph(files) ? graph.load() : graph.loaded(),
    needsTranspiler(files) ? transpiler.load() : transpiler.loaded(),
    needsPackages(files) ? packages.load() : packages.loaded(),
  ]);
  return { moduleGraph, transpile, resolvePackage };
}
