import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import { LAYERS } from './scripts/layers.mjs';

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
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      // One import statement per module, types inline: `import { a, type B } from './x.js'`.
      'no-duplicate-imports': 'error',
    },
  },
  {
    // A door names what it exports, so a reader (and a reviewer of its diff) sees the public API.
    files: ['src/**/*.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          // Re-exporting a whole door (which names its own exports) stays `export *`.
          selector: 'ExportAllDeclaration[source.value!=/index\\.js$/]',
          message:
            'Name what a door exports: `export { a, type B } from ...`; `export *` only of another door.',
        },
        {
          // `import { z }` is zod's whole namespace to a bundler: esbuild keeps every locale.
          selector: 'ImportDeclaration[source.value=/^zod/] > ImportSpecifier[imported.name="z"]',
          message: "Import zod as a namespace (`import * as z from 'zod/mini'`): it tree-shakes.",
        },
      ],
    },
  },
  // The layers (docs/architecture.md, scripts/layers.mjs): imports point inward.
  ...layerRules(LAYERS),
);

/**
 * One `no-restricted-imports` rule per layer: relative paths into banned folders, packages, and
 * (outside the core) any runtime module but a domain's door (`runtime/<domain>/index.js`, or a
 * sub-domain's such as `runtime/agents/openrouter/index.js`). An element reaches src/runtime two
 * folders up; one folder up is the `<ca-runtime>` element's own folder.
 */
function layerRules(layers) {
  return layers.map(({ files, banned, packages, message }) => {
    const ups = files[0].startsWith('src/elements/') ? '(\\.\\./){2,}' : '(\\.\\./)+';
    const doors = {
      regex: `^${ups}runtime/(?!index\\.js$|[\\w-]+/index\\.js$|[\\w-]+/[\\w-]+/index\\.js$)`,
      message:
        'Other layers import src/runtime only through a domain door, runtime/<domain>/index.js: add the module to that door.',
    };
    return {
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
              ...(banned.includes('runtime') || files[0].startsWith('src/runtime/') ? [] : [doors]),
            ],
          },
        ],
      },
    };
  });
}
