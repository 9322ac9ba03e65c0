import { expect } from '@open-wc/testing';
// Only the elements: the runtime's chunk, and the durable operations behind it, load as a visit goes.
import '../../../src/elements/studio/studio.js';
import type { CaStudio } from '../../../src/elements/studio/studio.element.js';
import { uniqueName } from '../../support/wait.js';

// Unbundled, a visit fetches more modules than the default 250 resource entries.
performance.setResourceTimingBufferSize(10_000);

const requested = (url: RegExp) =>
  performance.getEntriesByType('resource').some((entry) => url.test(entry.name));
const DURABLE_OPERATIONS = /\/src\/composition\/durable-operations\.[jt]s/;

/** This file runs in a page of its own: a first visit, with no durable operation code loaded. */
describe('durable operations on a first visit', () => {
  it('loads the durable operation store on the first idempotent call, which waits for it and then replays', async () => {
    const studio = document.createElement('ca-studio') as CaStudio;
    // Real IndexedDB: the store's default backend is what loads with it.
    studio.setAttribute('workspace', uniqueName('durable-loading'));
    document.body.append(studio);
    try {
      await studio.updateComplete;
      const runtime = studio.runtime!;
      await runtime.ready;
      expect(requested(DURABLE_OPERATIONS), 'a visit that is ready loads no store').to.equal(false);

      const call = () =>
        runtime.registry.callTool(
          'workspace.saveCheckpoint',
          { expectedRevision: runtime.workspace.getSnapshot().revision },
          { idempotencyKey: 'first-checkpoint', context: { source: 'local', mode: 'direct' } },
        );
      const first = await call();
      expect(first.error, JSON.stringify(first.error)).to.equal(undefined);
      expect(requested(DURABLE_OPERATIONS), 'the call loaded the store').to.equal(true);
      const again = await call();
      expect(again.error, JSON.stringify(again.error)).to.equal(undefined);
      expect(again.structuredContent).to.deep.equal(first.structuredContent);
    } finally {
      studio.remove();
    }
  });
});
