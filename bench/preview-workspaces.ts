/**
 * The workspaces the preview benchmark edits: the four-file seed, a 200-module graph, and the
 * seed beside 300 JSON data files of about 80,000 characters that the page never fetches.
 */
import type { WorkspaceFile } from '../src/runtime/workspace/types.js';

export type EditKind = 'css' | 'html' | 'js';

export interface BenchWorkspace {
  name: string;
  files: Record<string, string>;
  /** The file changes of edit number `n` of `kind`. */
  edit(kind: EditKind, n: number): Record<string, string>;
}

export const html = (n: number, script: string) => `<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8" />
    <title>Context-Action Studio</title>
    <link rel="stylesheet" href="styles.css" />
  </head>
  <body>
    <header class="hero">
      <h1 class="hero-title">Build it live ${n}</h1>
      <p class="hero-subtitle">Edit HTML, CSS and JavaScript side by side.</p>
    </header>
    <main>
      <section class="features">
        <article class="feature"><h3>One tool registry</h3><p>Every edit is a tool call.</p></article>
        <article class="feature"><h3>Sandboxed preview</h3><p>Each revision is acknowledged.</p></article>
        <article class="feature"><h3>Never lose an edit</h3><p>Saved in your browser.</p></article>
      </section>
    </main>
    ${script}
  </body>
</html>
`;

const css = (n: number) => `:root { --accent: #${(0x2563eb + n * 0x10101).toString(16).slice(-6)}; }
* { box-sizing: border-box; }
body { margin: 0; font-family: system-ui, sans-serif; color: #0f172a; background: #f8fafc; }
.hero { padding: 4rem 1.5rem 3rem; text-align: center; color: #fff; background: var(--accent); }
.features { display: grid; gap: 1rem; grid-template-columns: repeat(auto-fit, minmax(14rem, 1fr)); padding: 2rem; }
.feature { padding: 1rem; border: 1px solid #cbd5e1; border-radius: 0.75rem; background: #fff; }
`;

const appJs = (n: number) => `document.querySelector('.hero-title').dataset.edit = '${n}';
document.querySelectorAll('.feature').forEach((card) => card.addEventListener('click', () => card.classList.toggle('open')));
`;

export const seedWorkspace: BenchWorkspace = {
  name: 'four-file seed',
  files: {
    'index.html': html(0, '<script src="app.js"></script>'),
    'styles.css': css(0),
    'app.js': appJs(0),
    'README.md': '# Demo\n',
  },
  edit: (kind, n): Record<string, string> => {
    if (kind === 'css') return { 'styles.css': css(n) };
    if (kind === 'html') return { 'index.html': html(n, '<script src="app.js"></script>') };
    return { 'app.js': appJs(n) };
  },
};

/** The seed's script as a module, in JavaScript and in TSX: the same edit, with and without types. */
const appModule = (n: number, typed: boolean) =>
  typed
    ? `/** @jsx h */
const h = (tag: string): HTMLElement => document.createElement(tag);
const title: HTMLElement = document.querySelector<HTMLElement>('.hero-title')!;
title.dataset.edit = '${n}';
title.append(<b />);
document.querySelectorAll<HTMLElement>('.feature').forEach((card: HTMLElement) => card.addEventListener('click', () => card.classList.toggle('open')));
`
    : `
const h = (tag) => document.createElement(tag);
const title = document.querySelector('.hero-title');
title.dataset.edit = '${n}';
title.append(h('b'));
document.querySelectorAll('.feature').forEach((card) => card.addEventListener('click', () => card.classList.toggle('open')));
`;

const moduleSeed = (name: string, path: string): BenchWorkspace => ({
  name,
  files: {
    ...seedWorkspace.files,
    'index.html': html(0, `<script type="module" src="${path}"></script>`),
    [path]: appModule(0, path.endsWith('.tsx')),
  },
  edit: (kind, n): Record<string, string> =>
    kind === 'js' ? { [path]: appModule(n, path.endsWith('.tsx')) } : seedWorkspace.edit(kind, n),
});

/** The seed with its script a JavaScript module, and the same module written in TSX. */
export const jsModuleSeed = moduleSeed('seed, app.js module', 'app.js');
export const tsxModuleSeed = moduleSeed('seed, app.tsx module', 'app.tsx');

const MODULES = 200;
const moduleFiles = (): Record<string, string> => {
  const files: Record<string, string> = {};
  for (let i = 0; i < MODULES; i += 1) {
    const next =
      i + 1 < MODULES ? `import { value as next } from './m${i + 1}.js';\n` : 'const next = 0;\n';
    files[`src/m${i}.js`] = `${next}export const value = next + ${i};\n`;
  }
  return files;
};
const mainJs = (n: number) =>
  `import { value } from './m0.js';\ndocument.querySelector('.hero-title').dataset.sum = String(value + ${n});\n`;

export const moduleWorkspace: BenchWorkspace = {
  name: '200-module workspace',
  files: {
    ...moduleFiles(),
    'index.html': html(0, '<script type="module" src="src/main.js"></script>'),
    'styles.css': css(0),
    'src/main.js': mainJs(0),
  },
  edit: (kind, n): Record<string, string> => {
    if (kind === 'css') return { 'styles.css': css(n) };
    if (kind === 'html')
      return { 'index.html': html(n, '<script type="module" src="src/main.js"></script>') };
    return { 'src/main.js': mainJs(n) };
  },
};

/**
 * A 200-module graph with types (an interface, annotations, a generic) in `.ts` files, and the
 * same code without them in `.js`: the same edit of the entry, transpiled or not.
 */
const graphModule = (i: number, typed: boolean) => {
  const next =
    i + 1 < MODULES ? `import { value as next } from './m${i + 1}.js';\n` : 'const next = 0;\n';
  return typed
    ? `${next}interface Box<T> { value: T }\nconst box: Box<number> = { value: next + ${i} };\nexport const value: number = box.value;\n`
    : `${next}const box = { value: next + ${i} };\nexport const value = box.value;\n`;
};
const graphMain = (n: number, typed: boolean) =>
  `import { value } from './m0.js';\nconst title${typed ? ': HTMLElement' : ''} = document.querySelector${typed ? '<HTMLElement>' : ''}('.hero-title')${typed ? '!' : ''};\ntitle.dataset.sum = String(value + ${n});\n`;
const typedGraph = (typed: boolean): BenchWorkspace => {
  const extension = typed ? 'ts' : 'js';
  const files: Record<string, string> = {};
  for (let i = 0; i < MODULES; i += 1) files[`src/m${i}.${extension}`] = graphModule(i, typed);
  const script = `<script type="module" src="src/main.${extension}"></script>`;
  return {
    name: `200-module ${typed ? 'TypeScript' : 'JavaScript'} graph`,
    files: {
      ...files,
      'index.html': html(0, script),
      'styles.css': css(0),
      [`src/main.${extension}`]: graphMain(0, typed),
    },
    edit: (kind, n): Record<string, string> =>
      kind === 'js'
        ? { [`src/main.${extension}`]: graphMain(n, typed) }
        : kind === 'css'
          ? { 'styles.css': css(n) }
          : { 'index.html': html(n, script) },
  };
};
export const typeScriptGraph = typedGraph(true);
export const javaScriptGraph = typedGraph(false);

/** The 200 modules and the entry as one classic script, scope-hoisted as a bundler emits it. */
export const bundledModules = (n: number): string => {
  const lines = [`const m${MODULES - 1} = 0 + ${MODULES - 1};`];
  for (let i = MODULES - 2; i >= 0; i -= 1) lines.push(`const m${i} = m${i + 1} + ${i};`);
  lines.push(`document.querySelector('.hero-title').dataset.sum = String(m0 + ${n});`);
  return lines.join('\n');
};

const DATA_FILES = 300;
const DATA_CHARS = 80_000;
const dataFiles = (): Record<string, string> => {
  const files: Record<string, string> = {};
  for (let i = 0; i < DATA_FILES; i += 1) {
    const rows: string[] = [];
    for (let length = 2; length < DATA_CHARS - 60; length += rows.at(-1)!.length + 1)
      rows.push(JSON.stringify({ id: rows.length, label: `row ${rows.length} of data file ${i}` }));
    files[`data/d${i}.json`] = `[${rows.join(',')}]`;
  }
  return files;
};

export const dataWorkspace: BenchWorkspace = {
  name: 'seed + 300 data files',
  files: { ...seedWorkspace.files, ...dataFiles() },
  edit: seedWorkspace.edit,
};

export const benchWorkspaces = [
  seedWorkspace,
  moduleWorkspace,
  dataWorkspace,
  jsModuleSeed,
  tsxModuleSeed,
  typeScriptGraph,
  javaScriptGraph,
];

export const textFiles = (files: Record<string, string>): WorkspaceFile[] =>
  Object.entries(files)
    .map(([path, text]): WorkspaceFile => ({ path, kind: 'text', text }))
    .sort((a, b) => a.path.localeCompare(b.path));
