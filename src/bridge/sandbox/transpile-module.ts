/**
 * The TypeScript and JSX transpiler of the preview, a chunk of its own (see
 * `load-module-compilers.ts`). Sucrase strips types and compiles JSX without checking types,
 * and keeps every line of the source on its line: the module's origin line then names the
 * original file and line of a runtime error, and its source map, read into a column table
 * (`source-map-columns.ts`), the column. Chosen over
 * esbuild-wasm by measurement (docs/performance.md): about 24 times faster on a typical
 * component and 46 kB gzip against 3.7 MB.
 */
import { transform, type Options, type Transform } from 'sucrase';
import { extensionOf } from '../../runtime/preview/index.js';
import type { ModuleTranspiler, Transpiled } from './module-compilers.js';
import { jsxOptions } from './jsx-options.js';
import { columnTable } from './source-map-columns.js';

const TRANSFORMS: Readonly<Record<string, Transform[]>> = {
  ts: ['typescript'],
  mts: ['typescript'],
  tsx: ['typescript', 'jsx'],
  jsx: ['jsx'],
};

// An edit transpiles the edited module only: the others are the same text as before.
const CACHE_SIZE = 1000;
const cache = new Map<
  string,
  { source: string; tsconfig: string | undefined; result: Transpiled }
>();

export const transpileModule: ModuleTranspiler = (path, source, tsconfig) => {
  const cached = cache.get(path);
  if (cached && cached.source === source && cached.tsconfig === tsconfig) return cached.result;
  const result = transpile(path, source, tsconfig);
  cache.delete(path);
  cache.set(path, { source, tsconfig, result });
  if (cache.size > CACHE_SIZE) cache.delete(cache.keys().next().value!);
  return result;
};

function transpile(path: string, source: string, tsconfig: string | undefined): Transpiled {
  const transforms = TRANSFORMS[extensionOf(path)] ?? [];
  const { keepUnusedImports, ...jsx } = jsxOptions(source, tsconfig);
  const options: Options = {
    transforms,
    // Browsers run class fields, optional chaining and the rest as written.
    disableESTransforms: true,
    keepUnusedImports,
    ...jsx,
    filePath: path,
    sourceMapOptions: { compiledFilename: path },
  };
  try {
    const { code, sourceMap } = transform(source, options);
    return { code, columns: columnTable(sourceMap?.mappings ?? '') };
  } catch (error) {
    const { message, loc } = error as { message?: unknown; loc?: { line: number; column: number } };
    const text = String(message ?? error)
      .replace(/^Error transforming [^:]*: /, '')
      .replace(/ \(\d+:\d+\)$/, '');
    return { failure: { message: text, line: loc?.line ?? 1, column: loc?.column ?? 1 } };
  }
}
