import { expect, fixture } from '@open-wc/testing';
import { sendKeys, setViewport } from '@web/test-runner-commands';
import { EditorView } from '@codemirror/view';
import '../../../src/elements/studio/studio.js';
import type { CaStudio } from '../../../src/elements/studio/studio.element.js';
import { deepActiveElement } from '../../../src/elements/shared/focus.js';
import { uniqueName, waitFor } from '../../support/wait.js';
import { callAsPerson } from '../../../src/runtime/registry/person-call.js';

async function mount() {
  const wrapper = await fixture<HTMLDivElement>(
    `<div style="width: 1200px; height: 760px"><ca-studio database-name="${uniqueName('reveal')}"></ca-studio></div>`,
  );
  const studio = wrapper.querySelector<CaStudio>('ca-studio')!;
  await studio.updateComplete;
  await studio.runtime!.ready;
  await callAsPerson(studio.runtime!.registry, 'workspace.writeFile', {
    path: 'styles.css',
    text: 'body { margin: 0; }\n\n.card {\n  color: tomato;\n}\n',
  });
  return studio;
}

const within = (root: ShadowRoot | null | undefined, selector: string) =>
  root?.querySelector<HTMLElement>(selector) ?? null;

before(() => setViewport({ width: 1280, height: 900 }));

describe('<ca-studio> search lands in the editor at the match', () => {
  it('choosing a result opens the file with the cursor on the match and focus in the editor', async () => {
    const studio = await mount();
    const bar = studio.shadowRoot!.querySelector('ca-status-bar')!;
    const button = await waitFor(() => within(bar.shadowRoot, '[part="search-button"]'), 'Search');
    button.focus();
    await sendKeys({ press: 'Enter' });
    const search = await waitFor(() => bar.shadowRoot!.querySelector('ca-search'), 'search');
    await waitFor(() => search.shadowRoot?.querySelector('dialog[open]'), 'the dialog');
    await sendKeys({ type: 'tomato' });
    await waitFor(() => search.shadowRoot!.querySelector('[part="result"]'), 'a result');
    await sendKeys({ press: 'Enter' });

    const editor = studio.shadowRoot!.querySelector('ca-editor')!;
    const content = await waitFor(
      () => (deepActiveElement()?.classList.contains('cm-content') ? deepActiveElement() : null),
      'focus in the editor text',
    );
    expect(editor.shadowRoot!.contains(content)).to.equal(true);
    expect(studio.runtime!.workspace.getSnapshot().activePath).to.equal('styles.css');
    // The cursor sits at the match: line 4, column 10. Read from the editor's state, since a
    // shadow root's own selection (ShadowRoot.getSelection) exists in Chromium only.
    const view = EditorView.findFromDOM(
      editor.shadowRoot!.querySelector<HTMLElement>('.cm-editor')!,
    )!;
    const cursor = view.state.selection.main;
    const line = view.state.doc.lineAt(cursor.head);
    expect(cursor.empty).to.equal(true);
    expect([line.number, cursor.head - line.from + 1, line.text]).to.deep.equal([
      4,
      10,
      '  color: tomato;',
    ]);
  });

  it('names the editor text box for the file it shows', async () => {
    const studio = await mount();
    const editor = studio.shadowRoot!.querySelector('ca-editor')!;
    const content = await waitFor(() => within(editor.shadowRoot, '.cm-content'), 'the editor');
    await waitFor(() => content.getAttribute('aria-label') === 'Source of index.html', 'named');
    await callAsPerson(studio.runtime!.registry, 'workspace.openFile', { path: 'styles.css' });
    await waitFor(
      () => content.getAttribute('aria-label') === 'Source of styles.css',
      'the name to follow the file',
    );
  });

  it('writes the search shortcut as this platform does', async () => {
    const studio = await mount();
    const bar = studio.shadowRoot!.querySelector('ca-status-bar')!;
    const kbd = await waitFor(() => within(bar.shadowRoot, '[part="search-button"] kbd'), 'kbd');
    const apple = /mac|iphone|ipad/i.test(navigator.platform);
    expect(kbd.textContent).to.equal(apple ? '⇧⌘F' : 'Ctrl+Shift+F');
  });
});
