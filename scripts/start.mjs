// `npm start`: builds only when a build input changed since the last complete build, then serves
// the demo and the docs site on loopback and prints where they are. `PORT` picks the port.
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { BUILD_STAMP } from './build-stamp.mjs';
import { run } from './run.mjs';
import { serve } from './serve.mjs';

const INPUTS = [
  'src',
  'docs',
  'demo',
  'scripts',
  'package.json',
  'package-lock.json',
  'vite.config.ts',
  'tsconfig.json',
  'tsconfig.build.json',
];

/** The newest modification time under `path` (a file or a folder), in milliseconds. */
function newest(path) {
  const stats = statSync(path);
  if (!stats.isDirectory()) return stats.mtimeMs;
  return Math.max(stats.mtimeMs, ...readdirSync(path).map((name) => newest(join(path, name))));
}

const builtAt = existsSync(BUILD_STAMP) ? statSync(BUILD_STAMP).mtimeMs : 0;
if (INPUTS.filter(existsSync).some((input) => newest(input) > builtAt)) {
  console.log('Building (a source file changed since the last build)…');
  await run('npm', ['run', '--silent', 'build']);
} else {
  console.log('The build is up to date.');
}

const { url } = await serve();
const origin = new URL(url).origin;
console.log(`Demo studio: ${origin}/demo/`);
console.log(`Docs:        ${origin}/dist/docs/`);
