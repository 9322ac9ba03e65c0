import { expect, fixture, html } from '@open-wc/testing';
import { sendKeys } from '@web/test-runner-commands';
import { EditorView } from '@codemirror/view';
import '../../../src/elements/editor/editor.js';
import type { CaEditor } from '../../../src/elements/editor/editor.element.js';
import { createStudioRuntime } from '../../../src/composition/studio-runtime.js';
import { fetched } from '../../support/fetched.js';
import { waitFor } from '../../support/wait.js';
import { clickInto, withCtrl } from '../../support/real-input.js';
import { callAsPerson } from '../../../src/runtime/registry/person-call.js';

// The editing behaviour `basicSetup` gave, kept after taking it apart (src/elements/editor/
// setup.ts), and search loaded on first use (lazy-search.ts). The first test must run on a page
// that has not loaded search yet.

const SEED = [
  { path: 'index.html', text: '<!doctype html>\n<p>alpha beta alpha</p>\n' },
  { path: 'styles.css', text: 'h1 { color: red; }\nh2 { color: blue; }\n' },
  { path: 'app.js', text: 'const answer = 42;\n' },
];

async function setup() {
  const runtime = createStudioRuntime({ workspaceRepository: null, seed: SEED });
  await runtime.ready;
  const element = await fixture<CaEditor>(
    html`<ca-editor .runtime=${runtime} idle-ms="600000"></ca-editor>`,
  );
  const content = await waitFor(
    () => element.shadowRoot!.querySelector<HTMLElement>('.cm-content'),
    'CodeMirror to mount',
  );
  await waitFor(() => content.textContent?.includes('alpha'), 'index.html');
  return { runtime, element, content, view: EditorView.findFromDOM(content)! };
}

async function open(runtime: ReturnType<typeof createStudioRuntime>, path: string) {
  await callAsPerson(runtime.registry, 'workspace.openFile', { path });
}

const selected = (view: EditorView) =>
  view.state.selection.ranges.map((range) => view.state.sliceDoc(range.from, range.to));

describe('<ca-editor> editing behaviour (E2)', () => {
  it('loads search on the first selection; a file shown before that gets it from its first search key', async () => {
    const { runtime, element, content, view } = await setup();
    expect(fetched('@codemirror/search'), 'search before first use').to.equal(false);
    expect(fetched('@codemirror/lint'), 'lint').to.equal(false);

    // index.html's state was made before the load; it is kept while styles.css is shown.
    await open(runtime, 'styles.css');
    await waitFor(() => content.textContent?.includes('blue'), 'styles.css');
    const color = view.state.doc.toString().indexOf('color');
    view.dispatch({ selection: { anchor: color, head: color + 'color'.length } });
    await waitFor(
      () => content.querySelector('.cm-selectionMatch')?.textContent === 'color',
      'the other "color" highlighted',
    );
    expect(fetched('@codemirror/search')).to.equal(true);

    await open(runtime, 'index.html');
    await waitFor(() => content.textContent?.includes('alpha'), 'index.html again');
    await clickInto(content);
    // A caret inside the first "alpha": Ctrl+D selects the word, then its next occurrence.
    view.dispatch({ selection: { anchor: view.state.doc.toString().indexOf('alpha') + 2 } });
    await withCtrl('KeyD');
    await waitFor(() => selected(view).join() === 'alpha', 'the word under the caret');
    await withCtrl('KeyD');
    await waitFor(() => view.state.selection.ranges.length === 2, 'a second selection range');
    expect(selected(view)).to.deep.equal(['alpha', 'alpha']);

    await withCtrl('KeyF');
    const field = await waitFor(
      () => element.shadowRoot!.querySelector<HTMLInputElement>('.cm-search input[name="search"]'),
      'the search panel',
    );
    expect(element.shadowRoot!.activeElement).to.equal(field);
    // Escape in the panel is the real search keymap's, so it shows the state now holds it.
    await sendKeys({ press: 'Escape' });
    await waitFor(() => !element.shadowRoot!.querySelector('.cm-search'), 'the panel to close');
    runtime.dispose();
  });

  it('Ctrl+G selects the next search match and Shift+Ctrl+G the previous one, wrapping around', async () => {
    const { runtime, element, content, view } = await setup();
    const text = view.state.doc.toString();
    const first = text.indexOf('alpha');
    const second = text.indexOf('alpha', first + 1);
    await clickInto(content);
    await withCtrl('KeyF');
    await waitFor(
      () => element.shadowRoot!.querySelector('.cm-search input[name="search"]'),
      'the search panel',
    );
    await sendKeys({ type: 'alpha' });
    await sendKeys({ press: 'Escape' });
    await waitFor(() => !element.shadowRoot!.querySelector('.cm-search'), 'the panel to close');
    view.dispatch({ selection: { anchor: 0 } });
    const at = () => [view.state.selection.main.from, view.state.selection.main.to];
    await withCtrl('KeyG');
    await waitFor(() => at()[0] === first, 'the first match');
    expect(at()).to.deep.equal([first, first + 'alpha'.length]);
    await withCtrl('KeyG');
    await waitFor(() => at()[0] === second, 'the next match');
    await withCtrl('KeyG');
    await waitFor(() => at()[0] === first, 'back to the first match');
    await sendKeys({ down: 'Shift' });
    await withCtrl('KeyG');
    await sendKeys({ up: 'Shift' });
    await waitFor(() => at()[0] === second, 'the previous match, wrapping to the last');
    expect(at()).to.deep.equal([second, second + 'alpha'.length]);
    runtime.dispose();
  });

  it('closes brackets and deletes them in pairs, and offers completions while typing that Enter accepts', async () => {
    const { runtime, content, view } = await setup();
    await open(runtime, 'app.js');
    await waitFor(() => content.dataset.language === 'javascript', 'app.js in JavaScript mode');
    await clickInto(content);
    await withCtrl('End');
    await sendKeys({ type: 'f(' });
    expect(view.state.doc.toString()).to.equal('const answer = 42;\nf()');
    // Backspace between the pair deletes both.
    await sendKeys({ press: 'Backspace' });
    expect(view.state.doc.toString()).to.equal('const answer = 42;\nf');
    await sendKeys({ press: 'Backspace' });
    await sendKeys({ type: 'functio' });
    const option = await waitFor(
      () =>
        [...view.dom.querySelectorAll('.cm-tooltip-autocomplete [role="option"]')].find((item) =>
          item.textContent?.startsWith('function'),
        ),
      'a "function" completion',
    );
    expect(option.getAttribute('aria-selected')).to.equal('true');
    // CodeMirror ignores Enter for 75 ms after the list shows, so a fast typist's Enter stays one.
    await new Promise((resolve) => setTimeout(resolve, 100));
    await sendKeys({ press: 'Enter' });
    await waitFor(
      () => view.state.doc.toString().startsWith('const answer = 42;\nfunction name('),
      'the snippet accepted',
    );
    runtime.dispose();
  });
});
