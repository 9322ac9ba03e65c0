// The runner serves each module of a package as it is; `ai` imports a CommonJS package
// (`@vercel/oidc`, through `@ai-sdk/gateway`) by named exports, which a browser cannot load
// unbundled. esbuild bundles such a package once into one ES module, as the production build
// (vite) does, and the runner serves that instead.
import { build } from 'esbuild';

const PREFIX = '/__esm_bundle__/';

export function esmBundles(packages) {
  const bundles = new Map();
  const bundle = (name) => {
    if (!bundles.has(name)) {
      const output = build({
        stdin: { contents: `export * from '${name}';`, resolveDir: process.cwd() },
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
    name: 'esm-bundles',
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
