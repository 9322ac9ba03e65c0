import { expect } from '@open-wc/testing';
// Only the elements: the runtime's chunk is imported by the owner, never by this file.
import '../../../src/elements/studio/studio.js';
import type { CaStudio } from '../../../src/elements/studio/studio.element.js';
import type { CaPreview } from '../../../src/elements/preview/preview.element.js';
import { loadedStudio } from '../../../src/elements/shared/load-studio.js';
import {
  LOADING_RUNTIME_MESSAGE,
  NO_RUNTIME_MESSAGE,
} from '../../../src/elements/shared/runtime-controller.js';
import { createIndexedDbWorkspaceRepository } from '../../../src/storage/workspace/indexeddb-repository.js';
import { uniqueName, waitFor } from '../../support/wait.js';
import { callAsPerson } from '../../../src/runtime/registry/person-call.js';

const inner = <T extends Element>(studio: CaStudio, tag: string) =>
  studio.shadowRoot!.querySelector<T>(tag)!;
const shadowText = (element: Element) => element.shadowRoot!.textContent ?? '';
/** When the page first asked for a module whose URL matches (ms since the page's start). */
// Unbundled, the page loads several hundred modules: keep every resource entry, not the first 250.
performance.setResourceTimingBufferSize(5000);
const requestedAt = (url: RegExp) =>
  performance.getEntriesByType('resource').find((entry) => url.test(entry.name))?.startTime;

/**
 * The first studio of a page paints before the runtime's code (zod, tools, registry,
 * workspace, IndexedDB) has arrived: this file runs in a page of its own, so the chunk is
 * still loading when the studio connects.
 */
describe('<ca-studio> paints while its runtime loads', () => {
  it('renders the starter files in the preview before the runtime exists, and shows that frame once hydration confirms it', async () => {
    expect(loadedStudio(), 'the runtime chunk is still loading').to.equal(undefined);
    const studio = document.createElement('ca-studio') as CaStudio;
    const workspace = uniqueName('loading');
    studio.setAttribute('workspace', workspace);
    studio.style.height = '600px';
    let frameAtArrival: HTMLIFrameElement | null | undefined;
    let loadsAfterArrival = 0;
    let editorAtArrival: string | undefined;
    let approvalAtArrival = false;
    studio.addEventListener('ca-runtime-change', (event) => {
      if (!event.detail.runtime) return;
      approvalAtArrival = customElements.get('ca-approval') !== undefined;
      editorAtArrival =
        inner(studio, 'ca-editor').shadowRoot!.querySelector('.cm-content[contenteditable="true"]')
          ?.textContent ?? '';
      frameAtArrival = inner<CaPreview>(studio, 'ca-preview').frame;
      frameAtArrival?.addEventListener('load', () => loadsAfterArrival++);
    });
    document.body.append(studio);
    try {
      await new Promise((resolve) => setTimeout(resolve));
      expect(studio.runtime, 'no runtime yet').to.equal(undefined);
      const preview = inner<CaPreview>(studio, 'ca-preview');
      // When the starter files' render was answered (ms since the page's start).
      let answeredAt: number | undefined;
      const stop = preview.controller!.subscribe(() => {
        if (preview.controller!.getSnapshot().status.state !== 'ready') return;
        answeredAt = performance.now();
        stop();
      });
      await preview.updateComplete;
      const status = shadowText(preview);
      expect(status).to.include(LOADING_RUNTIME_MESSAGE);
      expect(status).not.to.include(NO_RUNTIME_MESSAGE);
      expect(preview.frame, 'the seed is rendering').to.not.equal(null);
      // The other panels' code waits for the preview and the editor; their places stay empty.
      expect(customElements.get('ca-chat'), 'the chat is not defined yet').to.equal(undefined);
      expect(getComputedStyle(inner(studio, 'ca-chat')).visibility).to.equal('hidden');

      await studio.updateComplete;
      const runtime = studio.runtime;
      expect(runtime, 'updateComplete waits for the runtime').to.not.equal(undefined);
      expect(customElements.get('ca-chat'), 'and for the other panels').to.not.equal(undefined);
      expect(approvalAtArrival, 'the approval gate was there before the runtime').to.equal(true);
      expect(frameAtArrival, 'rendered before the runtime arrived').to.be.instanceOf(
        HTMLIFrameElement,
      );
      // The frame shared the CPU with the editor only: the runtime's code was asked for after
      // its answer.
      expect(answeredAt, 'the first answer').to.be.a('number');
      await waitFor(() => requestedAt(/\/src\/elements\/editor\/code-editor\.[jt]s/), 'CodeMirror');
      expect(
        requestedAt(/\/src\/composition\/index\.[jt]s/),
        'the runtime after the first answer',
      ).to.be.greaterThan(answeredAt!);
      // Then the editor showed the starter files before the runtime's code was asked for.
      expect(requestedAt(/\/src\/composition\/index\.[jt]s/)).to.be.greaterThan(
        requestedAt(/\/src\/elements\/editor\/code-editor\.[jt]s/)!,
      );
      expect(editorAtArrival, 'the starter files editable when the runtime arrived').to.include(
        '<!doctype',
      );
      await runtime!.ready;
      const box = preview.shadowRoot!.querySelector<HTMLElement>('[part="frame"]')!;
      await waitFor(
        () =>
          box.style.visibility !== 'hidden' &&
          preview.controller?.getSnapshot().status.state === 'ready',
        'the confirmed seed frame to show',
      );
      expect(preview.frame === frameAtArrival, 'the same frame').to.equal(true);
      expect(loadsAfterArrival, 'the seed is not loaded a second time').to.equal(0);
      expect(preview.controller!.getSnapshot().status.revision).to.equal(1);
      expect(shadowText(preview)).not.to.include(LOADING_RUNTIME_MESSAGE);

      // IndexedDB was opened while the runtime loaded; the runtime stores through that database.
      expect(runtime!.workspace.getSnapshot().storageMode).to.equal('indexeddb');
      const written = await callAsPerson(runtime!.registry, 'workspace.writeFile', {
        path: 'styles.css',
        text: 'body { color: rgb(1, 2, 3); }',
      });
      expect(written.error, JSON.stringify(written.error)).to.equal(undefined);
      await waitFor(() => !runtime!.workspace.getStatus().unsaved, 'the write to be stored');
      const stored = await createIndexedDbWorkspaceRepository({ databaseName: workspace }).load();
      expect(stored?.files.find((file) => file.path === 'styles.css')).to.include({
        text: 'body { color: rgb(1, 2, 3); }',
      });
    } finally {
      studio.remove();
    }
  });

  it('says "no runtime" only where no provider is loading one', async () => {
    const preview = document.createElement('ca-preview') as CaPreview;
    document.body.append(preview);
    try {
      await preview.updateComplete;
      expect(shadowText(preview)).to.include(NO_RUNTIME_MESSAGE);
    } finally {
      preview.remove();
    }
  });
});
