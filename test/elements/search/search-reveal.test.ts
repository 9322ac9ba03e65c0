import { expect, fixture } from '@open-wc/testing';
import { sendKeys, setViewport } from '@web/test-runner-commands';
import '../../../src/elements/studio/studio.js';
import type { CaStudio } from '../../../src/elements/studio/studio.element.js';
import { deepActiveElement } from '../../../src/elements/shared/focus.js';
import { NOT_FIREFOX, SEARCH_BY_KEYBOARD_IN_FIREFOX, itIn } from '../../support/engines.js';
import { uniqueName, waitFor } from '../../support/wait.js';

async function mount() {
  const wrapper = await fixture<HTMLDivElement>(
    `<div style="width: 1200px; height: 760px"><ca-studio database-name="${uniqueName('reveal')}"></ca-studio></div>`,
  );
  const studio = wrapper.querySelector<CaStudio>('ca-studio')!;
  await studio.updateComplete;
  await studio.runtime!.ready;
  await studio.runtime!.registry.callTool('workspace.writeFile', {
    path: 'styles.css',
    text: 'body { margin: 0; }\n\n.card {\n  color: tomato;\n}\n',
  });
  return studio;
}

const within = (root: ShadowRoot | null | undefined, selector: string) =>
  root?.querySelector<HTMLElement>(selector) ?? null;

before(() => setViewport({ width: 1280, height: 900 }));

describe('<ca-studio> search lands in the editor at the match', () => {
  itIn(NOT_FIREFOX, SEARCH_BY_KEYBOARD_IN_FIREFOX)(
    'choosing a result opens the file with the cursor on the match and focus in the editor',
    async () => {
      const studio = await mount();
      const bar = studio.shadowRoot!.querySelector('ca-status-bar')!;
      const button = await waitFor(
        () => within(bar.shadowRoot, '[part="search-button"]'),
        'Search',
      );
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
      // The cursor sits at the match: line 4, column 10.
      const selection = (
        editor.shadowRoot as ShadowRoot & { getSelection?(): Selection | null }
      ).getSelection?.();
      const line = selection?.anchorNode?.parentElement?.closest('.cm-line');
      expect(line?.textContent).to.equal('  color: tomato;');
    },
  );

  it('names the editor text box for the file it shows', async () => {
    const studio = await mount();
    const editor = studio.shadowRoot!.querySelector('ca-editor')!;
    const content = await waitFor(() => within(editor.shadowRoot, '.cm-content'), 'the editor');
    await waitFor(() => content.getAttribute('aria-label') === 'Source of index.html', 'named');
    await studio.runtime!.registry.callTool('workspace.openFile', { path: 'styles.css' });
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
