import { expect } from '@open-wc/testing';
// Only the elements: the runtime's chunk, and the handler chunks behind it, load as a visit goes.
import '../../../src/elements/studio/studio.js';
import type { CaStudio } from '../../../src/elements/studio/studio.element.js';
import { uniqueName } from '../../support/wait.js';

// Unbundled, a visit fetches more modules than the default 250 resource entries.
performance.setResourceTimingBufferSize(10_000);

/** Whether the page has asked for a module whose URL matches. */
const requested = (url: RegExp) =>
  performance.getEntriesByType('resource').some((entry) => url.test(entry.name));
const FOLDER_HANDLERS = /\/src\/runtime\/tools\/workspace\/folder-handlers\.[jt]s/;
const SEARCH_HANDLERS = /\/src\/runtime\/tools\/workspace\/search-handlers\.[jt]s/;

/** This file runs in a page of its own: a first visit, with no handler chunk loaded yet. */
describe('tool handlers on a first visit', () => {
  it('lists every tool at once, and calls to tools whose handlers have not loaded wait for them and succeed', async () => {
    const studio = document.createElement('ca-studio') as CaStudio;
    studio.setAttribute('workspace', uniqueName('handler-loading'));
    studio.setAttribute('storage', 'memory');
    document.body.append(studio);
    try {
      await studio.updateComplete;
      const runtime = studio.runtime!;
      await runtime.ready;
      const names = runtime.registry.listTools().tools.map((tool) => tool.name);
      expect(names).to.include.members(['workspace.saveCheckpoint', 'workspace.search']);
      expect(requested(FOLDER_HANDLERS), 'listing loads no folder handler').to.equal(false);
      expect(requested(SEARCH_HANDLERS), 'listing loads no search handler').to.equal(false);

      const call = (name: string, args: Record<string, unknown>) =>
        runtime.registry.callTool(name, args, { context: { source: 'local', mode: 'direct' } });
      // Both calls are made at once, before either handler chunk has loaded.
      const [saved, found] = await Promise.all([
        call('workspace.saveCheckpoint', {
          expectedRevision: runtime.workspace.getSnapshot().revision,
        }),
        call('workspace.search', { query: '<!doctype' }),
      ]);
      expect(saved.error, JSON.stringify(saved.error)).to.equal(undefined);
      expect(saved.structuredContent).to.deep.include({ checkpoint: 'clean' });
      expect(found.error, JSON.stringify(found.error)).to.equal(undefined);
      expect(found.structuredContent)
        .to.have.property('matches')
        .that.deep.includes({ path: 'index.html', line: 1, column: 1, preview: '<!doctype html>' });
      expect(requested(FOLDER_HANDLERS), 'the folder handlers loaded for the call').to.equal(true);
      expect(requested(SEARCH_HANDLERS), 'the search handlers loaded for the call').to.equal(true);
    } finally {
      studio.remove();
    }
  });
});
