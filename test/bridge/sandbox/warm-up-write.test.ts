/**
 * The warm-up after a module graph's first acknowledgement (`flat-warm-up.ts`), through the real
 * frame. One test per file: the flattener, once loaded, stays loaded in the page, and the first
 * show here must load the graph natively, as a first visit does.
 */
import { expect } from '@open-wc/testing';
import { loadFlattener } from '../../../src/bridge/sandbox/load-flattener.js';
import { mountPreview, type Mounted } from './harness.js';
import { afterWarmUp, GRAPH, LIMITS } from './warm-up-fixture.js';

let mounted: Mounted | undefined;
afterEach(() => {
  mounted?.dispose();
  mounted = undefined;
});

describe('preview warm-up after the first acknowledgement', () => {
  it('acknowledges a write made during the warm-up, which then leaves that revision alone', async () => {
    mounted = mountPreview(GRAPH, LIMITS);
    expect(await mounted.settle()).to.deep.equal({
      ok: true,
      value: { revision: 1, state: 'ready' },
    });
    expect(await mounted.consoleLine(/^path/)).to.equal('path native');
    // Written once the flattener is there (so this revision loads flat and needs no warm-up of
    // its own) but before the warm-up's idle turn: the warmed revision is stale by then.
    await loadFlattener();
    mounted.workspace.write({ 'c.js': 'export const c = 10;' });
    expect(await mounted.settle()).to.deep.equal({
      ok: true,
      value: { revision: 2, state: 'ready' },
    });
    await afterWarmUp();
    expect(mounted.controller.getStatus()).to.include({
      revision: 2,
      acknowledgedRevision: 2,
      state: 'ready',
    });
    // A refresh shows what revision 2 compiled to, not the warmed revision 1.
    const refreshed = await mounted.controller.refresh(new AbortController().signal);
    expect(refreshed).to.deep.equal({ ok: true, value: { revision: 2, state: 'ready' } });
    expect(await mounted.consoleLine(/^ran/)).to.equal('ran 11');
  });
});
