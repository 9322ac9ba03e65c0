// Plugins for @web/test-runner.
import { readdirSync, readFileSync } from 'node:fs';
import { relative } from 'node:path';
import { build } from 'esbuild';

/**
 * Serves each of `packages` as one ES module that esbuild bundles once, in memory, from
 * `entry(name)`: for packages a browser cannot load as the runner serves them.
 */
function bundledPackages(packages, { name: pluginName, prefix, entry }) {
  const bundles = new Map();
  const bundle = (name) => {
    if (!bundles.has(name)) {
      const output = build({
        stdin: { contents: entry(name), resolveDir: process.cwd() },
        bundle: true,
        format: 'esm',
        platform: 'browser',
        write: false,
        logLevel: 'silent',
      }).then((result) => result.outputFiles[0].text);
      bundles.set(name, output);
    }
    return bundles.get(name);
  };
  return {
    name: pluginName,
    resolveImport({ source }) {
      return packages.includes(source) ? `${prefix}${source}.js` : undefined;
    },
    async serve(context) {
      if (!context.path.startsWith(prefix)) return undefined;
      const name = context.path.slice(prefix.length, -'.js'.length);
      return packages.includes(name) ? { body: await bundle(name), type: 'js' } : undefined;
    },
  };
}

/**
 * The runner serves ES modules only. The MCP SDK client, a test dependency, imports CommonJS
 * packages whose default export it uses.
 */
export const commonjsPackages = (packages) =>
  bundledPackages(packages, {
    name: 'commonjs-packages',
    prefix: '/__commonjs__/',
    entry: (name) => `export { default } from '${name}';`,
  });

/**
 * `ai` imports a CommonJS package (`@vercel/oidc`, through `@ai-sdk/gateway`) by named exports,
 * which a browser cannot load unbundled; bundled whole, as the production build (vite) does.
 */
export const esmBundles = (packages) =>
  bundledPackages(packages, {
    name: 'esm-bundles',
    prefix: '/__esm_bundle__/',
    entry: (name) => `export * from '${name}';`,
  });

/**
 * A command-line glob such as "test/bridge/**\/*.test.ts" replaces the config's `files`, so it
 * also matches Node-only tests. The browser gets them as empty modules: zero tests, no failure.
 */
export function skipNodeOnlyTests() {
  return {
    name: 'skip-node-only-tests',
    serve(context) {
      return context.path.endsWith('.node.test.ts') ? { body: '', type: 'js' } : undefined;
    },
  };
}

/** Tests that watch which modules the page fetches: they need the modules served one by one. */
const WATCHES_FETCHES = /getEntriesByType|support\/fetched\.js/;
const BUNDLED = '/__bundled__/';
// The SDK's entry as a static page's script loads it (test/elements/page-frame.ts): built with
// the test files, so every reload of such a page fetches a few chunks, not some 600 modules.
const SDK_ENTRY = 'src/index.ts';
// As served: the entry where its source is, its source map beside the built file.
const SDK_PATHS = [`/${SDK_ENTRY}`, `/${SDK_ENTRY.replace(/\.ts$/, '.js.map')}`];

/**
 * A test's worker script (`new Worker(new URL('./support/…-worker.ts', import.meta.url))`),
 * served as one file. In the suite, Chromium sometimes never started a worker's module import
 * requests (its net log shows each one checked for CORS, then nothing), whether the workers
 * loaded together or one at a time, and that worker never ran; the worker's own script always
 * loaded. Bundled, a worker has no imports to request.
 */
const WORKER_SCRIPT = /^\/test\/.*-worker\.ts$/;

/** Every browser test file under `dir`, as a path from the project's root. */
function browserTestFiles(dir) {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = `${dir}/${entry.name}`;
    if (entry.isDirectory()) return browserTestFiles(path);
    return /\.test\.ts$/.test(entry.name) && !entry.name.endsWith('.node.test.ts') ? [path] : [];
  });
}

/**
 * Serves the browser test files bundled, as Vite's dependency step serves a dev page: one esbuild
 * build of every test file with code splitting, so a page that would load some 600 modules one
 * by one (the sources under test, lit, CodeMirror, zod) loads its test file and the chunks it
 * shares with others; so does a page that loads the SDK's entry (`SDK_ENTRY`). The runner's own
 * modules stay outside. A test that watches which modules the page fetches is served as is.
 * `typescript` is the runner's TypeScript plugin: it skips what this serves (already JavaScript,
 * with its own source maps). Returns both plugins, in order.
 */
export function bundledTestFiles({ tsconfig, typescript }) {
  const common = {
    bundle: true,
    format: 'esm',
    platform: 'browser',
    // The runner's resolution: lit's development build, as the modules served one by one.
    conditions: ['development'],
    tsconfig,
    write: false,
    logLevel: 'silent',
  };
  let outputs;
  const buildAll = async () => {
    const entryPoints = [
      SDK_ENTRY,
      ...browserTestFiles('test').filter(
        (file) => !WATCHES_FETCHES.test(readFileSync(file, 'utf8')),
      ),
    ];
    const result = await build({
      ...common,
      entryPoints,
      splitting: true,
      // Linked, not inline: the runner maps a failure's stack through them; pages skip them.
      sourcemap: 'linked',
      // Output paths as served (from the project root), so the maps name files as the runner does.
      outdir: process.cwd(),
      outbase: '.',
      chunkNames: `${BUNDLED.slice(1)}[name]-[hash]`,
      plugins: [
        {
          name: 'runner-modules',
          setup(esbuild) {
            esbuild.onResolve({ filter: /^\/__web/ }, ({ path }) => ({ path, external: true }));
          },
        },
      ],
    });
    // Each entry is served where its test file is (its `import.meta.url`), each chunk and
    // source map by name.
    return new Map(
      result.outputFiles.map((file) => {
        const path = `/${relative(process.cwd(), file.path)}`;
        return [path.startsWith(BUNDLED) ? path : path.replace(/\.js$/, '.ts'), file.text];
      }),
    );
  };
  const workers = new Map();
  const buildWorker = (path) =>
    build({ ...common, entryPoints: [path.slice(1)], sourcemap: 'inline' }).then(
      (result) => result.outputFiles[0].text,
      (error) => {
        console.warn(`Worker served unbundled: ${error.errors?.[0]?.text ?? error.message}`);
        return undefined;
      },
    );
  const served = async (path) => {
    if (WORKER_SCRIPT.test(path)) {
      if (!workers.has(path)) workers.set(path, buildWorker(path));
      return workers.get(path);
    }
    const entry = /^\/test\/.*\.test\.(ts|js\.map)$/.test(path) || SDK_PATHS.includes(path);
    if (!path.startsWith(BUNDLED) && !entry) return;
    // A file that does not build (a syntax error) leaves every file served one by one, where
    // the runner reports the error against that file alone.
    outputs ??= buildAll().catch((error) => {
      const [first] = error.errors ?? [];
      const where = first?.location ? `${first.location.file}:${first.location.line}: ` : '';
      console.warn(`Test files served unbundled: ${where}${first?.text ?? error.message}`);
      return new Map();
    });
    return (await outputs).get(path);
  };
  const transform = typescript.transform.bind(typescript);
  typescript.transform = async (context) =>
    (await served(context.path)) === undefined ? transform(context) : undefined;
  const bundled = {
    name: 'bundled-test-files',
    async serve(context) {
      const body = await served(context.path);
      if (body === undefined) return undefined;
      return { body, type: context.path.endsWith('.map') ? 'json' : 'js' };
    },
  };
  return [bundled, typescript];
}
