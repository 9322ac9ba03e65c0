// The example apps under examples/: each one installs the packed tarball the way a user installs
// the package, builds with its own production build (type checks included), and is then driven in
// Chromium by test/examples/examples.e2e.ts against what that build wrote.
import { join, resolve } from 'node:path';

const ROOT = resolve(import.meta.dirname, '..');

/**
 * `build`: the folder the app's build writes (served as the site root). `typeCheck`: the app's own
 * type checker and a component with a deliberately wrong binding (`runtime` set to 42), which the
 * generated typings must reject. `server`: the app is a server of its own, and `e2e` drives it
 * instead of the shared page checks.
 */
export const EXAMPLES = [
  { name: 'static', build: '.' },
  {
    name: 'react',
    build: 'dist',
    typeCheck: {
      command: ['npx', 'tsc', '-b'],
      file: 'src/WrongBinding.tsx',
      text: 'export const wrong = <ca-editor runtime={42}></ca-editor>;\n',
    },
  },
  {
    name: 'vue',
    build: 'dist',
    typeCheck: {
      command: ['npx', 'vue-tsc', '-b'],
      file: 'src/WrongBinding.vue',
      text: '<template>\n  <ca-editor :runtime.prop="42"></ca-editor>\n</template>\n',
    },
  },
  {
    name: 'svelte',
    build: 'dist',
    typeCheck: {
      command: ['npx', 'svelte-check', '--tsconfig', './tsconfig.json'],
      file: 'src/WrongBinding.svelte',
      text: '<script lang="ts">\n  const value = 42;\n</script>\n\n<ca-editor runtime={value}></ca-editor>\n',
    },
  },
  { name: 'angular', build: 'dist/example/browser' },
  { name: 'vite-es2017', build: 'dist' },
  // A Node server with the site's model behind the page; driven by its own e2e file.
  {
    name: 'agent-server',
    build: '.',
    server: 'server.mjs',
    e2e: 'test/examples/agent-server.e2e.ts',
  },
].map((example) => ({
  ...example,
  dir: join(ROOT, 'examples', example.name),
  root: join(ROOT, 'examples', example.name, example.build),
}));
