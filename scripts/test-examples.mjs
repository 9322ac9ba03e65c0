// `npm run test:examples`: packs the built package, installs the tarball into every example app
// as a user would, runs each app's own production build, then drives the builds in Chromium.
// Expects a current `npm run build` (npm test runs one first).
import { existsSync, mkdirSync, renameSync, rmSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { EXAMPLES } from './examples.mjs';
import { run } from './run.mjs';

const ROOT = resolve(import.meta.dirname, '..');
const PACK = join(ROOT, 'examples', '.pack');
const TARBALL = join(PACK, 'context-action-elements.tgz');

if (!existsSync(join(ROOT, 'dist', 'index.js'))) await run('npm', ['run', '--silent', 'build']);

rmSync(PACK, { recursive: true, force: true });
mkdirSync(PACK, { recursive: true });
await run('npm', ['pack', '--silent', '--pack-destination', PACK], { cwd: ROOT, stdio: 'ignore' });
const { version } = (await import(join(ROOT, 'package.json'), { with: { type: 'json' } })).default;
renameSync(join(PACK, `context-action-elements-${version}.tgz`), TARBALL);

// Installs wait on the network, so they run side by side; builds need the CPU, so one at a time.
const quiet = ['--no-audit', '--no-fund', '--package-lock=false', '--loglevel=error'];
await Promise.all(
  EXAMPLES.map((example) => {
    // A fresh copy of the package on every run: the tarball's content changes, its path does not.
    rmSync(join(example.dir, 'node_modules', '@context-action'), { recursive: true, force: true });
    return run('npm', ['install', ...quiet], { cwd: example.dir });
  }),
);
for (const example of EXAMPLES) {
  console.log(`examples/${example.name}: production build`);
  await run('npm', ['run', '--silent', '--if-present', 'build'], { cwd: example.dir });
}

await run(process.execPath, [
  '--import',
  'tsx',
  '--test',
  '--test-reporter=spec',
  'test/examples/examples.e2e.ts',
  ...EXAMPLES.flatMap((example) => (example.e2e ? [example.e2e] : [])),
]);
