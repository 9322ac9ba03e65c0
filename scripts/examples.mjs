// The example apps under examples/: each one installs the packed tarball the way a user installs
// the package, builds with its own production build (type checks included), and is then driven in
// Chromium by test/examples/examples.e2e.ts against what that build wrote.
import { join, resolve } from 'node:path';

const ROOT = resolve(import.meta.dirname, '..');

export const EXAMPLES = [
  { name: 'static', build: '.' },
  { name: 'react', build: 'dist' },
  { name: 'vue', build: 'dist' },
  { name: 'svelte', build: 'dist' },
  { name: 'angular', build: 'dist/example/browser' },
  { name: 'vite-es2017', build: 'dist' },
].map((example) => ({
  ...example,
  dir: join(ROOT, 'examples', example.name),
  root: join(ROOT, 'examples', example.name, example.build),
}));
