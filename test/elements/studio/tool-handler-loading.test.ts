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

/** This file runs in a page of its own: a first visit, with no handler chunk loaded yet. */
describe('tool handlers on a first visit', () => {
  it('lists every tool at once, and a call to a tool whose handler has not loaded waits for it and succeeds', async () => {
    const studio = document.createElement('ca-studio') as CaStudio;
    studio.setAttribute('workspace', uniqueName('handler-loading'));
    studio.setAttribute('storage', 'memory');
    document.body.append(studio);
    try {
      await studio.updateComplete;
      const runtime = studio.runtime!;
      await runtime.ready;
      const names = runtime.registry.listTools().tools.map((tool) => tool.name);
      expect(names).to.include('workspace.saveCheckpoint');
      expect(requested(FOLDER_HANDLERS), 'listing loads no handler').to.equal(false);

      const result = await runtime.registry.callTool(
        'workspace.saveCheckpoint',
        { expectedRevision: runtime.workspace.getSnapshot().revision },
        { context: { source: 'local', mode: 'direct' } },
      );
      expect(result.error, JSON.stringify(result.error)).to.equal(undefined);
      expect(result.structuredContent).to.deep.include({ checkpoint: 'clean' });
      expect(requested(FOLDER_HANDLERS), 'the handler loaded for the call').to.equal(true);
    } finally {
      studio.remove();
    }
  });
});
