/**
 * The warm-up after a module graph's first acknowledgement (`flat-warm-up.ts`), through the real
 * frame. One test per file: the flattener, once loaded, stays loaded in the page, and the first
 * show here must load the graph natively, as a first visit does.
 */
import { expect } from '@open-wc/testing';
import { mountPreview, type Mounted } from './harness.js';
import { afterWarmUp, GRAPH, LIMITS } from './warm-up-fixture.js';

let mounted: Mounted | undefined;
afterEach(() => {
  mounted?.dispose();
  mounted = undefined;
});

describe('preview warm-up after the first acknowledgement', () => {
  it('loads a graph natively first, then takes a stylesheet-only edit in place', async () => {
    mounted = mountPreview(GRAPH, LIMITS);
    expect(await mounted.settle()).to.deep.equal({
      ok: true,
      value: { revision: 1, state: 'ready' },
    });
    expect(await mounted.consoleLine(/^ran/)).to.equal('ran 2');
    expect(await mounted.consoleLine(/^path/)).to.equal('path native');
    const page = mounted.controller.page;
    const status = mounted.controller.getStatus();
    await afterWarmUp();
    // The warm-up changes neither the workspace nor what the preview reports.
    expect(mounted.workspace.getSnapshot().revision).to.equal(1);
    expect(mounted.controller.getStatus()).to.deep.equal(status);
    expect(mounted.controller.page === page, 'the page is the one first loaded').to.equal(true);

    mounted.workspace.write({ 'styles.css': 'h1 { color: rgb(4, 5, 6); }' });
    expect(await mounted.settle()).to.deep.equal({
      ok: true,
      value: { revision: 2, state: 'ready' },
    });
    // In place: the same page, whose module ran once, at the first revision.
    expect(mounted.controller.page === page, 'the page is the one first loaded').to.equal(true);
    const ran = mounted.controller
      .getSnapshot()
      .console.entries.filter((entry) => entry.text.startsWith('ran'));
    expect(ran.map((entry) => entry.revision)).to.deep.equal([1]);
  });
});
