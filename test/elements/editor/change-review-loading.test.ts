import { expect, fixture, html } from '@open-wc/testing';
import '../../../src/elements/editor/editor.js';
import '../../../src/elements/approval/approval.js';
import type { CaEditor } from '../../../src/elements/editor/editor.element.js';
import { agentWrites, runtimeBeforeChange } from '../../support/agent-write.js';
import { fetchedFile } from '../../support/fetched.js';
import { waitFor } from '../../support/wait.js';

// The review's code (change-review.ts) loads when the editor gets its runtime; the agent's
// changes are tracked from that moment. This file runs in a page of its own, served module by
// module, so the review's module is fetched by this test and its fetch can be watched.

const reviewFetched = () => fetchedFile('/src/elements/editor/change-review.ts');

describe('<ca-editor> review while its code loads', () => {
  it('offers a change an agent made as the editor got its runtime, before the review arrived', async () => {
    const runtime = await runtimeBeforeChange();
    const root = await fixture<HTMLElement>(
      html`<div>
        <ca-editor></ca-editor>
        <ca-approval .runtime=${runtime} approve-delay-ms="0"></ca-approval>
      </div>`,
    );
    const element = root.querySelector<CaEditor>('ca-editor')!;
    expect(reviewFetched(), 'no review code without a runtime').to.equal(false);

    element.runtime = runtime;
    await element.updateComplete;
    expect(reviewFetched(), 'the review code is still loading').to.equal(false);
    // Started in this task: the review's code cannot have arrived yet.
    await agentWrites(runtime, 'index.html', '<p>after</p>\n');

    // CodeMirror, loaded module by module here, may take a while: the bar shows with it.
    await waitFor(() => element.shadowRoot!.querySelector('.cm-content'), 'CodeMirror to mount');
    const button = await waitFor(
      () => element.shadowRoot!.querySelector<HTMLButtonElement>('[part="review"] button'),
      'Review last change',
    );
    expect(reviewFetched()).to.equal(true);
    expect(button.textContent!.trim()).to.equal('Review last change');
    button.click();
    const deleted = await waitFor(
      () => element.shadowRoot!.querySelector('.cm-deletedChunk'),
      'the text before the change',
    );
    expect(deleted.textContent).to.include('before');
  });
});
