import { expect, fixture, html } from '@open-wc/testing';
import '../../../src/elements/editor/editor.js';
import type { CaEditor } from '../../../src/elements/editor/editor.element.js';
import { languageOf, loadLanguage } from '../../../src/elements/editor/languages.js';
import { plainHtml } from '../../../src/elements/editor/plain-html.js';
import { createStudioRuntime } from '../../../src/composition/studio-runtime.js';
import { fetched } from '../../support/fetched.js';
import { waitFor } from '../../support/wait.js';
import { callAsPerson } from '../../../src/runtime/registry/person-call.js';

const SEED = [
  { path: 'index.html', text: '<!doctype html>\n<h1 class="title">Hi</h1>\n' },
  { path: 'styles.css', text: 'h1 { color: red; }\n' },
  { path: 'app.js', text: 'const answer = 42;\n' },
  { path: 'notes.md', text: '# Notes\n\n*some* text\n' },
  { path: 'data.json', text: '{ "a": [1, true] }\n' },
];

/** CodeMirror's highlighter wraps tokens in spans only once a language mode is active. */
const highlighted = (content: HTMLElement) => content.querySelector('.cm-line span') !== null;

// These two run first: they need a page where CodeMirror and its modes have not loaded yet.
describe('<ca-editor> loading', () => {
  it('highlights HTML with the HTML grammar alone until the full mode, nesting CSS and JavaScript, arrives', async () => {
    // Identity checks as booleans: a failing deep comparison of modes would print for minutes.
    expect(languageOf('index.html') === plainHtml, 'plain HTML first').to.equal(true);
    expect(fetched('@codemirror/lang-html'), 'the full HTML mode').to.equal(false);
    const full = await loadLanguage('index.html');
    expect(full === plainHtml, 'the full mode is another').to.equal(false);
    expect(languageOf('index.html') === full, 'the full mode once loaded').to.equal(true);
    expect(fetched('@codemirror/lang-html')).to.equal(true);
  });

  it('requests CodeMirror once the workspace has hydrated, not before', async () => {
    let release!: () => void;
    const seed = new Promise<typeof SEED>((resolve) => (release = () => resolve(SEED)));
    const runtime = createStudioRuntime({ workspaceRepository: null, seed });
    const element = await fixture<CaEditor>(html`<ca-editor .runtime=${runtime}></ca-editor>`);
    const requested = () =>
      performance
        .getEntriesByType('resource')
        .some((entry) => entry.name.includes('/src/elements/editor/code-editor.ts'));
    // Time a regression would use to request it; nothing else waits on this.
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(requested(), 'CodeMirror before hydration').to.equal(false);
    release();
    await runtime.ready;
    const content = await waitFor(
      () => element.shadowRoot!.querySelector<HTMLElement>('.cm-content'),
      'CodeMirror to mount',
    );
    await waitFor(() => content.textContent?.includes('title'), 'index.html');
    expect(requested()).to.equal(true);
    runtime.dispose();
  });
});

describe('<ca-editor> language modes load per language', () => {
  it('an HTML/CSS/JS workspace never loads Markdown or JSON; a .md file loads Markdown', async () => {
    const runtime = createStudioRuntime({ workspaceRepository: null, seed: SEED });
    await runtime.ready;
    const element = await fixture<CaEditor>(html`<ca-editor .runtime=${runtime}></ca-editor>`);
    const content = await waitFor(
      () => element.shadowRoot!.querySelector<HTMLElement>('.cm-content'),
      'CodeMirror to mount',
    );
    for (const [path, marker] of [
      ['index.html', 'title'],
      ['styles.css', 'color'],
      ['app.js', 'answer'],
    ] as const) {
      await callAsPerson(runtime.registry, 'workspace.openFile', { path });
      await waitFor(
        () => content.textContent?.includes(marker) && highlighted(content),
        `${path} highlighted`,
      );
    }
    expect(fetched('@codemirror/lang-html')).to.equal(true);
    expect(fetched('@codemirror/lang-markdown'), 'Markdown mode').to.equal(false);
    expect(fetched('@codemirror/lang-json'), 'JSON mode').to.equal(false);

    await callAsPerson(runtime.registry, 'workspace.openFile', { path: 'notes.md' });
    await waitFor(
      () => content.textContent?.includes('Notes') && highlighted(content),
      'notes.md highlighted',
    );
    expect(fetched('@codemirror/lang-markdown')).to.equal(true);
    expect(fetched('@codemirror/lang-json'), 'JSON mode').to.equal(false);
    runtime.dispose();
  });
});
