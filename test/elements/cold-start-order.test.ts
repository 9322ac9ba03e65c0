import { expect } from '@open-wc/testing';
import { afterColdStart, holdColdStart } from '../../src/elements/shared/cold-start-order.js';

/** Whether `promise` has settled after the tasks queued so far (and `ms` more) have run. */
async function settledWithin(promise: Promise<unknown>, ms = 0): Promise<boolean> {
  let settled = false;
  void promise.then(() => (settled = true));
  await new Promise((resolve) => setTimeout(resolve, ms));
  await Promise.resolve();
  return settled;
}

describe('cold start order: preview, then editor, then the rest', () => {
  it('lets work through after the current task when nothing holds', async () => {
    expect(await settledWithin(afterColdStart('preview'), 5)).to.equal(true);
    expect(await settledWithin(afterColdStart('editor'), 5)).to.equal(true);
  });

  it('counts a hold taken later in the same task', async () => {
    const after = afterColdStart('preview');
    // The studio's first render: the preview takes its hold after the work asked to wait.
    const release = holdColdStart('preview');
    expect(await settledWithin(after, 20), 'held').to.equal(false);
    release();
    expect(await settledWithin(after), 'released').to.equal(true);
  });

  it('holds each stage behind its own holds and those of the stages before it', async () => {
    const preview = holdColdStart('preview');
    const editor = holdColdStart('editor');
    const afterPreview = afterColdStart('preview');
    const afterEditor = afterColdStart('editor');
    expect(await settledWithin(afterPreview, 20)).to.equal(false);
    preview();
    expect(await settledWithin(afterPreview), 'the editor may go').to.equal(true);
    expect(await settledWithin(afterEditor, 20), 'the runtime still waits').to.equal(false);
    editor();
    expect(await settledWithin(afterEditor), 'the runtime may go').to.equal(true);

    // An editor's hold never holds the editor's own stage back behind a preview's.
    const lateEditor = holdColdStart('editor');
    expect(await settledWithin(afterColdStart('preview'), 5)).to.equal(true);
    lateEditor();
  });

  it('waits for the last of several holds, and a second release changes nothing', async () => {
    const first = holdColdStart('preview');
    const second = holdColdStart('preview');
    const after = afterColdStart('preview');
    first();
    first();
    expect(await settledWithin(after, 20), 'one preview still loading').to.equal(false);
    second();
    expect(await settledWithin(after)).to.equal(true);
    // A release long after leaves later holds alone.
    const third = holdColdStart('preview');
    second();
    expect(await settledWithin(afterColdStart('preview'), 20), 'the new hold stands').to.equal(
      false,
    );
    third();
  });

  it('lets go by itself after the cap, so a frame that never answers holds nothing', async () => {
    const release = holdColdStart('preview', 30);
    const after = afterColdStart('editor');
    expect(await settledWithin(after, 5), 'before the cap').to.equal(false);
    expect(await settledWithin(after, 60), 'after the cap').to.equal(true);
    release();
  });
});
