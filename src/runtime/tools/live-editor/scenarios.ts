/**
 * The Live Code Editor's safe runner scenarios: a fixed table of vetted example sources, one per
 * file kind. A scenario is chosen by name; no tool takes script to run, and the examples run only
 * inside the sandboxed preview.
 */
import type { WorkspaceSeedFile } from '../../workspace/seed.js';

export type EditorDocumentKind = 'html' | 'css' | 'js';

export interface EditorScenario {
  label: string;
  examples: Readonly<Record<EditorDocumentKind, string>>;
}

const page = (title: string, body: string) => `<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1" />
    <title>${title}</title>
    <link rel="stylesheet" href="styles.css" />
  </head>
  <body>
${body}
    <script src="app.js"></script>
  </body>
</html>
`;

const BASE_CSS = `body { margin: 0; padding: 2rem; font-family: system-ui, sans-serif; color: #0f172a; }
button { font: inherit; padding: 0.4rem 1rem; border-radius: 0.5rem; border: 1px solid #94a3b8; }
`;

/** The vetted example sources of each runner scenario, by name. */
export const EDITOR_SCENARIOS = Object.freeze({
  counter: {
    label: 'Counter',
    examples: {
      html: page(
        'Counter',
        `    <h1>Counter</h1>
    <p>Clicked <output id="count">0</output> times.</p>
    <button id="increment" type="button">Add one</button>`,
      ),
      css: `${BASE_CSS}output { font-weight: 700; }
`,
      js: `const output = document.querySelector('#count');
let count = 0;
document.querySelector('#increment')?.addEventListener('click', () => {
  count += 1;
  output.textContent = String(count);
});
`,
    },
  },
  todo: {
    label: 'To-do list',
    examples: {
      html: page(
        'To-do list',
        `    <h1>To-do</h1>
    <form id="add"><input id="task" aria-label="Task" /> <button>Add</button></form>
    <ul id="tasks"></ul>`,
      ),
      css: `${BASE_CSS}li { padding: 0.25rem 0; }
`,
      js: `const list = document.querySelector('#tasks');
const input = document.querySelector('#task');
document.querySelector('#add')?.addEventListener('submit', (event) => {
  event.preventDefault();
  if (!input.value.trim()) return;
  const item = document.createElement('li');
  item.textContent = input.value.trim();
  list.append(item);
  input.value = '';
});
`,
    },
  },
  greeting: {
    label: 'Greeting',
    examples: {
      html: page(
        'Greeting',
        `    <h1 id="greeting">Hello</h1>
    <label>Name <input id="name" value="world" /></label>`,
      ),
      css: `${BASE_CSS}h1 { color: #2563eb; }
`,
      js: `const greeting = document.querySelector('#greeting');
const name = document.querySelector('#name');
const render = () => (greeting.textContent = \`Hello, \${name.value || 'world'}!\`);
name?.addEventListener('input', render);
render();
`,
    },
  },
} satisfies Record<string, EditorScenario>);

/** The name of a runner scenario. */
export type EditorScenarioName = keyof typeof EDITOR_SCENARIOS;
/** Every runner scenario name, in table order. */
export const EDITOR_SCENARIO_NAMES = Object.keys(EDITOR_SCENARIOS) as [
  EditorScenarioName,
  ...EditorScenarioName[],
];
export const DEFAULT_EDITOR_SCENARIO: EditorScenarioName = 'counter';

const PATHS: Record<EditorDocumentKind, string> = {
  html: 'index.html',
  css: 'styles.css',
  js: 'app.js',
};

/** Which example a document path takes, by extension; other files have none. */
export function documentKindOf(path: string): EditorDocumentKind | null {
  const extension = path.slice(path.lastIndexOf('.') + 1).toLowerCase();
  if (extension === 'html' || extension === 'htm') return 'html';
  if (extension === 'css') return 'css';
  if (extension === 'js' || extension === 'mjs') return 'js';
  return null;
}

/** The Live Code Editor's starting workspace: the default scenario as three files. */
export const LIVE_EDITOR_SEED: readonly WorkspaceSeedFile[] = Object.freeze(
  (Object.keys(PATHS) as EditorDocumentKind[]).map((kind) => ({
    path: PATHS[kind],
    text: EDITOR_SCENARIOS[DEFAULT_EDITOR_SCENARIO].examples[kind],
  })),
);
