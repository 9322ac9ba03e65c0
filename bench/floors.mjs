// The floors the benches measure our bytes and times against: each one library, or the editor's
// own CodeMirror build, bundled and minified alone by the same bundler and minifier as ours
// (vite, es2022). One definition each, shared by bench/cold-start.mjs and bench/size.mjs.
import { readFileSync, readdirSync } from 'node:fs';
import { mkdir, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildPageScript } from './build-page.mjs';

const source = (path) => JSON.stringify(fileURLToPath(new URL(`../src/${path}`, import.meta.url)));

/**
 * Bundles `contents` (an ES module, bare imports resolved from the repo) into `outDir/floor.js`
 * and returns its path. Lazy `import()`s become chunks beside it, which import what they share
 * from floor.js itself.
 */
async function buildFloor(outDir, contents) {
  // Beside the output folder, which the build empties first.
  const entry = `${outDir}-entry.mjs`;
  await mkdir(dirname(entry), { recursive: true });
  await writeFile(entry, contents);
  return buildPageScript(entry, outDir, 'floor.js');
}

/**
 * A script that shows `doc` editable in an editor with the editor's extensions (setup.ts) and
 * theme, plus `extensions` (source text) from `imports`, and nothing else.
 */
const editorPage = (doc, imports, extensions) => `import { EditorState } from '@codemirror/state';
import { EditorView } from '@codemirror/view';
import { setup } from ${source('elements/editor/setup.ts')};
import { codeTheme } from ${source('elements/editor/code-theme.ts')};
${imports}
new EditorView({
  parent: document.body,
  state: EditorState.create({
    doc: ${JSON.stringify(doc)},
    extensions: [setup(), codeTheme('light'), ${extensions}],
  }),
});
`;

/**
 * The CodeMirror floor: the editor's extensions, theme and the HTML highlighting it shows a first
 * file with (plain-html.ts). What it loads on first use (search, completion) stays in the chunks
 * beside it, as in ours.
 */
export const buildCodeMirrorFloor = (outDir, doc) =>
  buildFloor(
    outDir,
    editorPage(
      doc,
      `import { plainHtml } from ${source('elements/editor/plain-html.ts')};`,
      'plainHtml',
    ),
  );

/**
 * The CodeMirror floor of a whole first visit: the editor's extensions and theme with completion
 * and bracket closing, and the full HTML mode with the CSS and JavaScript modes it nests, in one
 * script: what any CodeMirror 6 editor costs that highlights and completes an HTML, CSS and
 * JavaScript workspace. Search, loaded on first use, stays in a chunk beside it, as in ours.
 */
export const buildCodeMirrorWebFloor = (outDir, doc) =>
  buildFloor(
    outDir,
    editorPage(
      doc,
      `import { keymap } from '@codemirror/view';
import { autocompletion, closeBrackets, closeBracketsKeymap } from '@codemirror/autocomplete';
import { html } from '@codemirror/lang-html';`,
      'closeBrackets(), autocompletion(), keymap.of(closeBracketsKeymap), html()',
    ),
  );

/** CodeMirror's core alone: a view of `doc` with no extension at all, what any CodeMirror editor costs. */
export const buildCodeMirrorCoreFloor = (outDir, doc) =>
  buildFloor(
    outDir,
    `import { EditorState } from '@codemirror/state';
import { EditorView } from '@codemirror/view';
new EditorView({ parent: document.body, state: EditorState.create({ doc: ${JSON.stringify(doc)} }) });
`,
  );

const sourceFiles = (dir) =>
  readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return entry.name.endsWith('.ts') ? [path] : [];
  });

/** Every `z.name` our runtime calls (`z.object(`, `z._default(`, `z.toJSONSchema(`…), sorted. */
export function zodCalls() {
  const names = new Set();
  for (const path of sourceFiles(fileURLToPath(new URL('../src/runtime', import.meta.url))))
    for (const [, name] of readFileSync(path, 'utf8').matchAll(/\bz\.(\w+)\(/g)) names.add(name);
  return [...names].sort();
}

/**
 * The zod floor: the zod code our schemas pull in, that is every `z.*` function of zod/mini our
 * runtime calls (mini's checks and wrappers are functions, not methods on every schema) and the
 * English locale our runtime installs for issue messages (src/runtime/registry/validation.ts).
 */
export const buildZodFloor = (outDir) =>
  buildFloor(
    outDir,
    `import { en } from 'zod/locales';
import * as z from 'zod/mini';
export const used = [${zodCalls()
      .map((name) => `z.${name}`)
      .join(', ')}, en];
`,
  );

/** The lit floor: lit (LitElement, html, css, decorators) and @lit/context, everything they export. */
export const buildLitFloor = (outDir) =>
  buildFloor(
    outDir,
    `export * from 'lit';
export * from 'lit/decorators.js';
export * from '@lit/context';
`,
  );
