// Production build: the preview frames' compiled scripts and the custom-elements manifest
// generated from the elements' JSDoc (with the studio's re-exported parts generated from it)
// first, since the bundles include both; then npm entry points, the script-tag bundle, the demo
// site for a sub-path (dist/site, checked by scripts/verify-site.mjs), the preview shell document
// (dist/preview-shell.html), type declarations, the framework typings and editor data generated
// from the manifest, and the docs site (dist/docs).
import { npx, run } from './run.mjs';
import { writeShippedManifest } from './manifest.mjs';
import { writeFrameworkTypes } from './framework-types.mjs';
import { buildDocsSite } from './docs-site.mjs';
import { BUILD_STAMP } from './build-stamp.mjs';
import { writeFileSync } from 'node:fs';
import { writeExportParts } from './export-parts.mjs';
import { writePreviewShell } from './preview-shell.mjs';

await run(process.execPath, ['scripts/frame-sources.mjs']);
await npx('cem', [
  'analyze',
  '--litelement',
  '--globs',
  'src/elements/**/*.element.ts',
  '--outdir',
  '.',
]);
await writeExportParts(writeShippedManifest());

await npx('vite', ['build', '--mode', 'lib', '--logLevel', 'warn']);
await npx('vite', ['build', '--mode', 'script', '--logLevel', 'warn']);
await npx('vite', ['build', '--mode', 'browser-runtime', '--logLevel', 'warn']);
await npx('vite', ['build', '--mode', 'browser-collab', '--logLevel', 'warn']);
// The preview shell document sites serve by URL (`preview-shell` attribute) with its header;
// the demo site carries a copy.
await writePreviewShell();
await npx('vite', ['build', '--mode', 'site', '--logLevel', 'warn']);
await npx('tsc', ['-p', 'tsconfig.build.json']);
writeFrameworkTypes();
await buildDocsSite();
writeFileSync(BUILD_STAMP, `${new Date().toISOString()}\n`);
