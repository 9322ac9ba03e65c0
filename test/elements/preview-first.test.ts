import { expect } from '@open-wc/testing';
import { afterPreviews, holdForPreview } from '../../src/elements/shared/preview-first.js';

/** Whether `promise` has settled after the tasks queued so far (and `ms` more) have run. */
async function settledWithin(promise: Promise<unknown>, ms = 0): Promise<boolean> {
  let settled = false;
  void promise.then(() => (settled = true));
  await new Promise((resolve) => setTimeout(resolve, ms));
  await Promise.resolve();
  return settled;
}

describe('preview first: a first render holds the page’s heavy work (issue 15)', () => {
  it('lets work through after the current task when no preview holds', async () => {
    const after = afterPreviews();
    expect(await settledWithin(after, 5)).to.equal(true);
  });

  it('counts a preview that starts rendering later in the same task', async () => {
    const after = afterPreviews();
    // The studio's first render: the preview takes its hold after the work asked to wait.
    const release = holdForPreview();
    expect(await settledWithin(after, 20), 'held').to.equal(false);
    release();
    expect(await settledWithin(after), 'released').to.equal(true);
  });

  it('waits for the last of several holds, and a second release changes nothing', async () => {
    const first = holdForPreview();
    const second = holdForPreview();
    const after = afterPreviews();
    first();
    first();
    expect(await settledWithin(after, 20), 'one preview still loading').to.equal(false);
    second();
    expect(await settledWithin(after)).to.equal(true);
    // A release long after leaves later holds alone.
    const third = holdForPreview();
    second();
    expect(await settledWithin(afterPreviews(), 20), 'the new hold stands').to.equal(false);
    third();
  });

  it('lets go by itself after the cap, so a frame that never answers holds nothing', async () => {
    const release = holdForPreview(30);
    const after = afterPreviews();
    expect(await settledWithin(after, 5), 'before the cap').to.equal(false);
    expect(await settledWithin(after, 60), 'after the cap').to.equal(true);
    release();
  });
});
