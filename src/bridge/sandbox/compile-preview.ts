/**
 * The public preview compiler: synchronous, with the module graph always at hand. The
 * controller compiles with `compileDocument` instead, and loads the graph's chunk only when a
 * page first has a module script, so this module stays out of the script-tag entry.
 */
import type { WorkspaceFile } from '../../runtime/workspace/index.js';
import type { PreviewCompileLimits } from './compile-context.js';
import { ModuleGraph } from './compile-modules.js';
import { compileDocument, type PreviewDocument } from './compile.js';
import type { ModuleCompilers } from './module-compilers.js';
import type { ModuleFlattener } from './module-flattener.js';

/**
 * The document of `files`. Without `flatten`, or below `limits.flattenFrom` modules, the graph
 * loads natively. Without `compilers.transpile`, TypeScript and JSX modules are errors; without
 * `compilers.resolvePackage`, so is every bare specifier.
 */
export function compilePreviewDocument(
  files: readonly WorkspaceFile[],
  assetUrls: ReadonlyMap<string, string> = new Map(),
  limits: Partial<PreviewCompileLimits> = {},
  flatten?: ModuleFlattener,
  compilers: ModuleCompilers = {},
): PreviewDocument {
  return compileDocument(files, assetUrls, limits, flatten, {
    ...compilers,
    moduleGraph: ModuleGraph,
  });
}
