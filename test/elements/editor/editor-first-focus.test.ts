import { expect, fixture, html } from '@open-wc/testing';
import { sendKeys } from '@web/test-runner-commands';
import '../../../src/elements/editor/editor.js';
import type { CaEditor } from '../../../src/elements/editor/editor.element.js';
import { createStudioRuntime } from '../../../src/composition/studio-runtime.js';
import { fetched } from '../../support/fetched.js';
import { clickInto } from '../../support/real-input.js';
import { waitFor } from '../../support/wait.js';

// Needs a page where neither completion nor the full web modes have loaded yet: its own file.
// The click lands in the first line's text; the style element stays whole.
const PAGE = '<p>Some words here</p>\n<style>p { color: red; }</style>\n';

/** A token of the nested CSS, which only the full HTML mode highlights. */
const cssHighlighted = (content: HTMLElement) =>
  [...content.querySelectorAll('.cm-line span')].some((span) => span.textContent === 'color');

describe('<ca-editor> before and after a person first focuses it', () => {
  it('shows the first HTML file with the HTML grammar alone, and loads completion and the full modes on focus, keeping what is typed', async () => {
    const runtime = createStudioRuntime({
      workspaceRepository: null,
      seed: [{ path: 'index.html', text: PAGE }],
    });
    await runtime.ready;
    const element = await fixture<CaEditor>(html`<ca-editor .runtime=${runtime}></ca-editor>`);
    const content = await waitFor(
      () => element.shadowRoot!.querySelector<HTMLElement>('.cm-content'),
      'CodeMirror to mount',
    );
    await waitFor(
      () => content.querySelector('.cm-line span'),
      'index.html highlighted by the grammar',
    );
    // Time a regression would use to request them; nothing else waits on this.
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(fetched('@codemirror/lang-html'), 'the full HTML mode before focus').to.equal(false);
    expect(fetched('@codemirror/autocomplete'), 'completion before focus').to.equal(false);
    expect(cssHighlighted(content), 'nested CSS before focus').to.equal(false);

    // Typed at once, while both load.
    await clickInto(content);
    await sendKeys({ type: 'ab' });
    await waitFor(() => cssHighlighted(content), 'nested CSS highlighted by the full mode');
    expect(fetched('@codemirror/lang-html')).to.equal(true);
    await waitFor(() => fetched('@codemirror/autocomplete'), 'completion requested');
    expect(content.textContent).to.contain('ab');
    runtime.dispose();
  });
});
