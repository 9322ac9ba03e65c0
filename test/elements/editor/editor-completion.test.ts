import { expect, fixture, html } from '@open-wc/testing';
import { sendKeys } from '@web/test-runner-commands';
import { EditorState } from '@codemirror/state';
import { EditorView } from '@codemirror/view';
import { loadCompletion } from '../../../src/elements/editor/lazy-completion.js';
import { setup } from '../../../src/elements/editor/setup.js';
import { fetched } from '../../support/fetched.js';
import { waitFor } from '../../support/wait.js';
import { clickInto, withCtrl } from '../../support/real-input.js';

// Completion and bracket closing load beside the editor, not in its chunk (src/elements/editor/
// lazy-completion.ts). The test must run on a page that has not loaded them yet.

// One array: completion tells its sources apart by identity.
const words = [{ autocomplete: ['alphabet'] }];

/** A state with the editor's setup and words to complete from. */
const stateOf = (doc: string) =>
  EditorState.create({
    doc,
    extensions: [setup(), EditorState.languageData.of(() => words)],
  });

const textOf = (view: EditorView) => view.state.doc.toString();

/** A real click into the source, the caret to the end, then `text` typed key by key. */
async function typeAtEnd(view: EditorView, text: string) {
  await clickInto(view.contentDOM);
  await withCtrl('End');
  await sendKeys({ type: text });
}

describe('completion and bracket closing, loaded once an editor shows a state', () => {
  it('reach the states made before they loaded, shown then or later, and states made after at once', async () => {
    const shown = stateOf('a\n');
    const hidden = stateOf('b\n');
    expect(fetched('@codemirror/autocomplete'), 'before any editor').to.equal(false);
    const parent = await fixture<HTMLElement>(html`<div></div>`);
    const view = new EditorView({ parent, state: shown });
    // The view's state started the load; its own reconfiguration runs before this resumes.
    await loadCompletion();
    expect(fetched('@codemirror/autocomplete')).to.equal(true);

    await typeAtEnd(view, 'f(');
    expect(textOf(view)).to.equal('a\nf()');
    // Backspace between the pair deletes both: the bracket keys come before the default ones.
    await sendKeys({ press: 'Backspace' });
    expect(textOf(view)).to.equal('a\nf');

    await sendKeys({ type: ' alp' });
    await waitFor(
      () => view.dom.querySelector('.cm-tooltip-autocomplete [role="option"]'),
      'the "alphabet" completion',
    );
    // CodeMirror ignores Enter for 75 ms after the list shows, so a fast typist's Enter stays one.
    await new Promise((resolve) => setTimeout(resolve, 100));
    await sendKeys({ press: 'Enter' });
    expect(textOf(view)).to.equal('a\nf alphabet');

    // Made before the load, shown after it: it gets them as it shows.
    view.setState(hidden);
    await loadCompletion();
    await typeAtEnd(view, '[');
    expect(textOf(view)).to.equal('b\n[]');

    // Made after the load: they are in the state from the start.
    view.setState(stateOf('c\n'));
    await typeAtEnd(view, '{');
    expect(textOf(view)).to.equal('c\n{}');
    view.destroy();
  });
});
