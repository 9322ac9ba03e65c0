// Production build: the preview frames' compiled scripts, npm entry points, the script-tag
// bundle, the demo site for a sub-path (dist/site, checked by scripts/verify-site.mjs), type
// declarations, the custom-elements manifest generated from the elements' JSDoc, and the
// framework typings and editor data generated from that manifest, and the docs site (dist/docs).
import { npx, run } from './run.mjs';
import { writeShippedManifest } from './manifest.mjs';
import { writeFrameworkTypes } from './framework-types.mjs';
import { buildDocsSite } from './docs-site.mjs';
import { BUILD_STAMP } from './build-stamp.mjs';
import { writeFileSync } from 'node:fs';

await run(process.execPath, ['scripts/frame-sources.mjs']);

await npx('vite', ['build', '--mode', 'lib', '--logLevel', 'warn']);
await npx('vite', ['build', '--mode', 'script', '--logLevel', 'warn']);
await npx('vite', ['build', '--mode', 'browser-runtime', '--logLevel', 'warn']);
await npx('vite', ['build', '--mode', 'site', '--logLevel', 'warn']);
await npx('tsc', ['-p', 'tsconfig.build.json']);
await npx('cem', [
  'analyze',
  '--litelement',
  '--globs',
  'src/elements/**/*.element.ts',
  '--outdir',
  '.',
]);
writeShippedManifest();
writeFrameworkTypes();
await buildDocsSite();
writeFileSync(BUILD_STAMP, `${new Date().toISOString()}\n`);
