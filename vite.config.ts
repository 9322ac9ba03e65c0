import { defineConfig } from 'vite';
import { readFileSync, readdirSync } from 'node:fs';

const pkg = JSON.parse(readFileSync(new URL('./package.json', import.meta.url), 'utf8')) as {
  dependencies: Record<string, string>;
};
const dependencies = Object.keys(pkg.dependencies);
const isDependency = (id: string) =>
  dependencies.some((name) => id === name || id.startsWith(`${name}/`)) || id.startsWith('node:');

/** One npm entry per element (`elements/ca-preview`), so a page can load a single element. */
const elementEntries = Object.fromEntries(
  readdirSync(new URL('./src/elements', import.meta.url), { withFileTypes: true })
    .filter((entry) => entry.isDirectory() && entry.name !== 'shared')
    .map((entry) => [`elements/ca-${entry.name}`, `src/elements/${entry.name}/${entry.name}.ts`]),
);

/** A self-contained browser build: every dependency bundled, minified, with source maps. */
function browserBuild(entry: string, fileName: string, emptyOutDir = false) {
  return {
    build: {
      outDir: 'dist',
      emptyOutDir,
      target: 'es2022',
      sourcemap: true,
      minify: true,
      lib: { entry, formats: ['es' as const], fileName: () => fileName },
      // Library mode keeps whitespace for the host's tree-shaking; these files are loaded as is.
      rollupOptions: { output: { chunkFileNames: 'chunks/[name]-[hash].js', minify: true } },
    },
  };
}

/**
 * Three production builds from one config:
 * - `--mode lib`: the npm entry points (package root, runtime, one per element, Node backends),
 *   dependencies left external for the host app's bundler;
 * - `--mode script`: `dist/ca-studio.js`, self-contained for a `<script type="module">` tag,
 *   with CodeMirror split into a lazily loaded chunk beside it;
 * - `--mode browser-runtime`: `dist/browser/runtime.js`, the runtime with no bare specifiers,
 *   so a static page can import it from a CDN URL.
 */
export default defineConfig(({ mode }) => {
  if (mode === 'script') return browserBuild('src/index.ts', 'ca-studio.js');
  if (mode === 'browser-runtime')
    return browserBuild('src/studio/browser-runtime.ts', 'browser/runtime.js');
  return {
    build: {
      outDir: 'dist',
      emptyOutDir: true,
      target: 'es2022',
      sourcemap: true,
      lib: {
        entry: {
          index: 'src/index.ts',
          runtime: 'src/runtime/index.ts',
          studio: 'src/studio/index.ts',
          ...elementEntries,
          'storage/redis': 'src/storage/redis.ts',
          'storage/postgres': 'src/storage/postgres.ts',
          'mcp/node': 'src/bridge/mcp/node.ts',
        },
        formats: ['es'],
      },
      rollupOptions: {
        external: isDependency,
        output: { chunkFileNames: 'lib/[name]-[hash].js' },
      },
    },
  };
});
