// Plugins for @web/test-runner.
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
