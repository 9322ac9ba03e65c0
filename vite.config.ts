import { defineConfig } from 'vite';
import { readFileSync } from 'node:fs';

const pkg = JSON.parse(readFileSync(new URL('./package.json', import.meta.url), 'utf8')) as {
  dependencies: Record<string, string>;
};
const dependencies = Object.keys(pkg.dependencies);
const isDependency = (id: string) =>
  dependencies.some((name) => id === name || id.startsWith(`${name}/`)) || id.startsWith('node:');

/**
 * Two production builds from one config:
 * - `--mode lib`: the npm entry points, dependencies left external for bundlers;
 * - `--mode script`: `dist/ca-studio.js`, self-contained for a `<script type="module">` tag,
 *   with CodeMirror split into a lazily loaded chunk beside it.
 */
export default defineConfig(({ mode }) => {
  if (mode === 'script') {
    return {
      build: {
        outDir: 'dist',
        emptyOutDir: false,
        target: 'es2022',
        sourcemap: true,
        lib: { entry: 'src/index.ts', formats: ['es'], fileName: () => 'ca-studio.js' },
        rollupOptions: { output: { chunkFileNames: 'chunks/[name]-[hash].js' } },
      },
    };
  }
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
