// Plugins for @web/test-runner.
import { build } from 'esbuild';

const PREFIX = '/__commonjs__/';

/**
 * The runner serves ES modules only. The MCP SDK client, a test dependency, imports CommonJS
 * packages; esbuild bundles each once into an ES module served from memory.
 */
export function commonjsPackages(packages) {
  const bundles = new Map();
  const bundle = (name) => {
    if (!bundles.has(name)) {
      const output = build({
        stdin: { contents: `export { default } from '${name}';`, resolveDir: process.cwd() },
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
    name: 'commonjs-packages',
    resolveImport({ source }) {
      return packages.includes(source) ? `${PREFIX}${source}.js` : undefined;
    },
    async serve(context) {
      if (!context.path.startsWith(PREFIX)) return undefined;
      const name = context.path.slice(PREFIX.length, -'.js'.length);
      return packages.includes(name) ? { body: await bundle(name), type: 'js' } : undefined;
    },
  };
}

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
