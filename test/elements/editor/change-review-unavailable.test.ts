import { expect, fixture, html } from '@open-wc/testing';
import { executeServerCommand, sendKeys } from '@web/test-runner-commands';
import '../../../src/elements/editor/editor.js';
import '../../../src/elements/approval/approval.js';
import type { CaEditor } from '../../../src/elements/editor/editor.element.js';
import { agentWrites, runtimeBeforeChange } from '../../support/agent-write.js';
import { itIn } from '../../support/engines.js';
import { fetchedFile } from '../../support/fetched.js';
import { waitFor } from '../../support/wait.js';

// The review's code (change-review.ts) cannot load: the editor goes on without the review. This
// file runs in a page of its own, served module by module, so the review's module is requested
// by this test alone (`fetchedFile` keeps it unbundled).

const REVIEW_MODULE = '/src/elements/editor/change-review.ts';
const refuse = (refuse: boolean) =>
  executeServerCommand<string[], object>('refuse-requests', { path: REVIEW_MODULE, refuse });

describe('<ca-editor> without the review’s code', () => {
  itIn(
    ['chromium'],
    'one page’s requests are refused through CDP only (test/support/refuse-requests-plugin.mjs); Firefox keeps a module it failed to fetch failed for the page',
  )(
    'shows no review bar, keeps typing saved, and offers the review after the next agent change once the code loads',
    async () => {
      expect(await refuse(true)).to.deep.equal([]);
      const runtime = await runtimeBeforeChange();
      const root = await fixture<HTMLElement>(
        html`<div>
          <ca-editor .runtime=${runtime} idle-ms="20"></ca-editor>
          <ca-approval .runtime=${runtime} approve-delay-ms="0"></ca-approval>
        </div>`,
      );
      const element = root.querySelector<CaEditor>('ca-editor')!;
      await waitFor(async () => (await refuse(true)).length, 'the review’s code refused');
      await agentWrites(runtime, 'index.html', '<p>after</p>\n');
      const content = await waitFor(
        () => element.shadowRoot!.querySelector<HTMLElement>('.cm-content'),
        'CodeMirror to mount',
      );
      await waitFor(() => content.textContent?.includes('after'), 'the agent’s change shown');
      // The next agent change asked again, and was refused again.
      await waitFor(async () => (await refuse(true)).length >= 2, 'a second try refused');
      await element.updateComplete;
      expect(element.shadowRoot!.querySelector('[part="review"]'), 'no review bar').to.equal(null);

      expect(await element.reveal('index.html', 1, 1)).to.equal(true);
      await sendKeys({ type: 'X' });
      await waitFor(() => {
        const file = runtime.workspace.getSnapshot().files[0];
        return file?.kind === 'text' && file.text === 'X<p>after</p>\n';
      }, 'the typing saved');

      await refuse(false);
      await agentWrites(runtime, 'index.html', '<p>later</p>\n');
      const button = await waitFor(
        () => element.shadowRoot!.querySelector<HTMLButtonElement>('[part="review"] button'),
        'Review last change',
      );
      expect(fetchedFile(REVIEW_MODULE)).to.equal(true);
      expect(button.textContent!.trim()).to.equal('Review last change');
    },
  );
});
