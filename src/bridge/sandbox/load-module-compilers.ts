/**
 * Loads the transpiler and the package resolver when a workspace first needs them: a workspace
 * of plain HTML, CSS and JavaScript fetches neither.
 */
import type { WorkspaceFile } from '../../runtime/workspace/index.js';
import { lazyChunk } from './lazy-chunk.js';
import { needsPackages, needsTranspiler, type ModuleCompilers } from './module-compilers.js';

const transpiler = lazyChunk(() =>
  import('./transpile-module.js').then((module) => module.transpileModule),
);
const packages = lazyChunk(() =>
  import('./resolve-package.js').then((module) => module.resolvePackage),
);

/**
 * The compilers `files` need when all of them are loaded already (none needed included), else
 * undefined: the caller then waits for `loadModuleCompilers`.
 */
export function readyModuleCompilers(files: readonly WorkspaceFile[]): ModuleCompilers | undefined {
  const transpile = transpiler.loaded();
  const resolvePackage = packages.loaded();
  if (!transpile && needsTranspiler(files)) return undefined;
  if (!resolvePackage && needsPackages(files)) return undefined;
  return { transpile, resolvePackage };
}

/** Loads what `files` need; a chunk that fails to load is absent (its files get diagnostics). */
export async function loadModuleCompilers(
  files: readonly WorkspaceFile[],
): Promise<ModuleCompilers> {
  const [transpile, resolvePackage] = await Promise.all([
    needsTranspiler(files) ? transpiler.load() : transpiler.loaded(),
    needsPackages(files) ? packages.load() : packages.loaded(),
  ]);
  return { transpile, resolvePackage };
}
