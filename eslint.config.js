import js from '@eslint/js';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  {
    ignores: [
      'dist/',
      'node_modules/',
      '.tmp/',
      'custom-elements.json',
      '**/*.generated.ts',
      // What the example apps' installs and builds write.
      'examples/*/dist/',
      'examples/*/.angular/',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['**/*.mjs', '**/*.js'],
    languageOptions: {
      globals: {
        process: 'readonly',
        console: 'readonly',
        URL: 'readonly',
        setTimeout: 'readonly',
        AbortController: 'readonly',
      },
    },
  },
  {
    // Page scripts passed to the browser by playwright run where `document` exists.
    files: ['scripts/screenshot.mjs'],
    languageOptions: { globals: { document: 'readonly' } },
  },
  {
    rules: {
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_' },
      ],
      '@typescript-eslint/consistent-type-imports': 'error',
    },
  },
  // The layers (docs/architecture.md): runtime is the framework-free core; storage and bridge
  // adapt it to the platform; elements draw it; studio composes them. Imports point inward.
  ...layerRules([
    {
      files: ['src/runtime/**/*.ts'],
      banned: ['storage', 'bridge', 'elements', 'studio', 'host'],
      packages: ['lit', 'lit/*', '@lit/*', 'idb'],
      message:
        'src/runtime is the framework-free core: it imports no storage, bridge, element, composition or host code.',
    },
    {
      files: ['src/storage/**/*.ts'],
      banned: ['bridge', 'elements', 'studio', 'host'],
      packages: ['lit', 'lit/*', '@lit/*'],
      message: 'src/storage adapts the core to storage: it imports only runtime.',
    },
    {
      files: ['src/bridge/**/*.ts'],
      banned: ['elements', 'studio', 'storage', 'host'],
      packages: ['lit', 'lit/*', '@lit/*'],
      message: 'src/bridge imports no elements, storage, composition or host code.',
    },
    {
      files: ['src/elements/**/*.ts'],
      banned: ['storage', 'host'],
      packages: ['idb'],
      message:
        'src/elements import no storage or host code: the composition layer (src/studio) wires storage.',
    },
    {
      files: ['src/studio/**/*.ts'],
      banned: ['elements', 'host'],
      packages: ['lit', 'lit/*', '@lit/*'],
      message:
        'src/studio composes the runtime for the elements: it imports no elements or host code.',
    },
    {
      // The Node companion process behind `context-action-host`: no browser code at all.
      files: ['src/host/**/*.ts'],
      banned: ['bridge', 'elements', 'studio'],
      packages: ['lit', 'lit/*', '@lit/*', 'idb'],
      message: 'src/host is the Node companion process: it imports only runtime and storage.',
    },
  ]),
);

/** One `no-restricted-imports` rule per layer: relative paths into banned folders, and packages. */
function layerRules(layers) {
  return layers.map(({ files, banned, packages, message }) => ({
    files,
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: [
                ...banned.flatMap((folder) => [`**/${folder}/**`, `**/${folder}`]),
                ...packages,
              ],
              message,
            },
          ],
        },
      ],
    },
  }));
}
