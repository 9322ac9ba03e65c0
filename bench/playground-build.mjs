// playground-elements for the benches that compare against it: installed under bench/playground
// on first use (never an SDK dependency) and bundled from one of that folder's entry scripts.
import { existsSync } from 'node:fs';
import { build as esbuild } from 'esbuild';
import { run } from '../scripts/run.mjs';

export const playgroundPackage = 'bench/playground/node_modules/playground-elements';

export async function buildPlayground(entry, outfile) {
  if (!existsSync(playgroundPackage)) {
    // An explicit prefix: under `npm run`, an inherited npm_config_* environment can otherwise
    // point the install at the project root.
    await run('npm', ['install', '--no-audit', '--no-fund', '--prefix', 'bench/playground']);
  }
  await esbuild({
    entryPoints: [entry],
    bundle: true,
    format: 'esm',
    minify: true,
    target: 'es2022',
    outfile,
    logLevel: 'warning',
  });
}
