import { defineConfig } from 'vite';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const pkg = JSON.parse(readFileSync(new URL('./package.json', import.meta.url), 'utf8')) as {
  dependencies: Record<string, string>;
  peerDependencies?: Record<string, string>;
};
const dependencies = [...Object.keys(pkg.dependencies), ...Object.keys(pkg.peerDependencies ?? {})];
const isDependency = (id: string) =>
  dependencies.some((name) => id === name || id.startsWith(`${name}/`)) || id.startsWith('node:');

/**
 * Two production builds from one config:
 * - `--mode lib`: the npm entry points, dependencies left external for bundlers;
 * - `--mode script`: `dist/ca-studio.js`, self-contained for a `<script type="module">` tag,
 *   with CodeMirror split into a lazily loaded chunk beside it.
 * - `--mode site`: the three demo pages as a static site for the sub-path `SITE_BASE`
 *   (`dist/site/`), built from the script bundle; `scripts/verify-site.mjs` checks it.
 */
export const SITE_BASE = '/context-action/';
const demoPage = (name: string) => fileURLToPath(new URL(`./demo/${name}.html`, import.meta.url));

export default defineConfig(({ mode }) => {
  if (mode === 'site') {
    return {
      root: 'demo',
      base: SITE_BASE,
      build: {
        outDir: '../dist/site',
        emptyOutDir: true,
        target: 'es2022',
        // CodeMirror is one deliberate ~600 kB chunk, loaded lazily with the first editor.
        chunkSizeWarningLimit: 1000,
        rollupOptions: {
          input: {
            index: demoPage('index'),
            'web-coding': demoPage('web-coding'),
            'live-editor': demoPage('live-editor'),
          },
        },
      },
    };
  }
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
          'ai-sdk': 'src/bridge/ai-sdk/index.ts',
          'host/cli': 'src/host/cli.ts',
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
