// playground-elements for the benches that compare against it: installed under bench/playground
// on first use (never an SDK dependency) and bundled from one of that folder's entry scripts.
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { build as esbuild } from 'esbuild';
import { run } from '../scripts/run.mjs';

const folder = fileURLToPath(new URL('./playground/', import.meta.url));
export const playgroundPackage = 'bench/playground/node_modules/playground-elements';

/**
 * The environment for an npm run inside bench/playground. Under `npm run`, npm exports its
 * resolved configuration (`npm_config_local_prefix`, `npm_config_prefix`, `npm_package_json`, …)
 * and a child npm reads it back, so the install could land in the project root instead; a child
 * started with none of it resolves the folder it runs in, as a person typing the command would.
 */
function standaloneNpmEnv() {
  return Object.fromEntries(
    Object.entries(process.env).filter(([name]) => !/^npm_(config|package|lifecycle)_/i.test(name)),
  );
}

/** Installs playground-elements from bench/playground's own lockfile unless it is there. */
export async function ensurePlayground() {
  const installed = new URL(
    './playground/node_modules/playground-elements/package.json',
    import.meta.url,
  );
  if (existsSync(installed)) return;
  await run('npm', ['ci', '--no-audit', '--no-fund'], { cwd: folder, env: standaloneNpmEnv() });
  if (!existsSync(installed))
    throw new Error(`npm ci in ${folder} finished without installing playground-elements.`);
}

export async function buildPlayground(entry, outfile) {
  await ensurePlayground();
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
