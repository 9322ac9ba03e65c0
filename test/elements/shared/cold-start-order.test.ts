import { expect } from '@open-wc/testing';
import { holdStep, turnOf } from '../../../src/elements/shared/cold-start-order.js';

/** Whether `promise` has settled after the tasks queued so far (and `ms` more) have run. */
async function settledWithin(promise: Promise<unknown>, ms = 0): Promise<boolean> {
  let settled = false;
  void promise.then(() => (settled = true));
  await new Promise((resolve) => setTimeout(resolve, ms));
  await Promise.resolve();
  return settled;
}

describe('cold start order: the preview and the editor at once, then the panels, the runtime and idle work', () => {
  it('names a released step on the performance timeline once, and not a step the cap let go', async () => {
    const spans = () => performance.getEntriesByName('ca:panels step', 'measure').length;
    const before = spans();
    const release = holdStep('panels');
    release();
    release();
    expect(spans(), 'released').to.equal(before + 1);
    const capped = holdStep('panels', 1);
    await new Promise((resolve) => setTimeout(resolve, 10));
    capped();
    expect(spans(), 'let go by the cap').to.equal(before + 1);
  });

  it('lets every step through after the current task when nothing holds', async () => {
    for (const step of ['preview', 'editor', 'panels', 'runtime', 'idle'] as const)
      expect(await settledWithin(turnOf(step), 5), step).to.equal(true);
  });

  it('counts a hold taken later in the same task', async () => {
    const runtime = turnOf('runtime');
    // The studio's first render: the preview takes its hold after the work asked to wait.
    const release = holdStep('preview');
    expect(await settledWithin(runtime, 20), 'held').to.equal(false);
    release();
    expect(await settledWithin(runtime), 'released').to.equal(true);
  });

  it('lets the editor mount while the preview renders, and holds the runtime and idle work behind both', async () => {
    const preview = holdStep('preview');
    const editor = holdStep('editor');
    expect(await settledWithin(turnOf('editor'), 5), 'the editor waits for nothing').to.equal(true);
    const runtime = turnOf('runtime');
    const idle = turnOf('idle');
    expect(await settledWithin(runtime, 20), 'both hold the runtime').to.equal(false);
    preview();
    expect(await settledWithin(runtime, 5), 'the editor still holds it').to.equal(false);
    expect(await settledWithin(idle), 'and the idle work').to.equal(false);
    editor();
    expect(await settledWithin(runtime), 'the runtime may go').to.equal(true);
    expect(await settledWithin(idle), 'the idle work may go').to.equal(true);
  });

  it("holds the other panels behind the preview and the editor, and the runtime behind the panels' code", async () => {
    const preview = holdStep('preview');
    const panels = turnOf('panels');
    expect(await settledWithin(panels, 20), 'the preview holds the panels').to.equal(false);
    preview();
    expect(await settledWithin(panels), 'then they may load').to.equal(true);
    // Loading: the approval gate among them must be there before the runtime can take a call.
    const loading = holdStep('panels');
    const runtime = turnOf('runtime');
    expect(await settledWithin(runtime, 20), 'the panels hold the runtime').to.equal(false);
    expect(await settledWithin(turnOf('idle'), 5), 'not the idle work').to.equal(true);
    loading();
    expect(await settledWithin(runtime), 'loaded: the runtime may go').to.equal(true);
  });

  it('waits for the last of several holds, and a second release changes nothing', async () => {
    const first = holdStep('preview');
    const second = holdStep('preview');
    const after = turnOf('runtime');
    first();
    first();
    expect(await settledWithin(after, 20), 'one preview still loading').to.equal(false);
    second();
    expect(await settledWithin(after)).to.equal(true);
    // A release long after leaves later holds alone.
    const third = holdStep('preview');
    second();
    expect(await settledWithin(turnOf('runtime'), 20), 'the new hold stands').to.equal(false);
    third();
  });

  it('lets go by itself after the cap, so a frame that never answers holds nothing', async () => {
    const release = holdStep('preview', 30);
    const after = turnOf('runtime');
    expect(await settledWithin(after, 5), 'before the cap').to.equal(false);
    expect(await settledWithin(after, 60), 'after the cap').to.equal(true);
    release();
  });
});
