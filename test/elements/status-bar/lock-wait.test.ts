import { expect } from '@open-wc/testing';
import { LOCK_WAIT_LIMIT_MS } from '../../../src/storage/workspace/held-lock.js';
import { createIndexedDbWorkspaceRepository } from '../../../src/storage/workspace/indexeddb-repository.js';
import { uniqueName, waitFor } from '../../support/wait.js';
import { studioOnRepository } from '../studio/storage-support.js';

/**
 * Another page of the same origin holds the workspace's Web Lock (a hung tab, or any script of
 * the origin): a write waits for it, and the status bar says so instead of "Saved in browser".
 */

/** A same-origin page holding `name` until the returned function is called. */
async function otherPageHolding(name: string) {
  const frame = document.body.appendChild(document.createElement('iframe'));
  let release!: () => void;
  const held = new Promise<void>((resolve) => {
    void frame.contentWindow!.navigator.locks.request(name, () => {
      resolve();
      return new Promise<void>((done) => (release = done));
    });
  });
  await held;
  return () => {
    release();
    frame.remove();
  };
}

async function studioOn(databaseName: string) {
  const { runtime, storage, write } = await studioOnRepository(
    createIndexedDbWorkspaceRepository({ databaseName }),
  );
  const stored = async () => {
    const record = await createIndexedDbWorkspaceRepository({ databaseName }).load();
    const file = record?.files.find((entry) => entry.path === 'index.html');
    return file?.kind === 'text' ? file.text : '';
  };
  return { runtime, storage, write, stored };
}

describe('a write while another page holds the workspace lock', () => {
  it('says "Waiting for another tab" while the lock is held, and saves once it is let go', async () => {
    const databaseName = uniqueName('lock-wait');
    const { runtime, storage, write, stored } = await studioOn(databaseName);
    expect(storage()).to.equal('Saved in browser');
    const release = await otherPageHolding(`context-action-workspace:${databaseName}`);

    let settled = false;
    const writing = write('<p>waited</p>').then((result) => ((settled = true), result));
    await waitFor(() => storage() === 'Waiting for another tab', 'the waiting notice');
    expect(runtime.workspace.getStatus().unsaved).to.equal(true);
    expect(settled).to.equal(false);
    expect(await stored()).not.to.equal('<p>waited</p>');

    release();
    expect((await writing).error).to.equal(undefined);
    await waitFor(() => storage() === 'Saved in browser', 'the saved label again');
    expect(await stored()).to.equal('<p>waited</p>');
    runtime.dispose();
  });

  it(`stops waiting after ${LOCK_WAIT_LIMIT_MS / 1000} s and commits under the revision check`, async function () {
    this.timeout(LOCK_WAIT_LIMIT_MS + 20_000);
    const databaseName = uniqueName('lock-limit');
    const { runtime, storage, write, stored } = await studioOn(databaseName);
    const release = await otherPageHolding(`context-action-workspace:${databaseName}`);

    const started = performance.now();
    const first = await write('<p>first</p>');
    const waited = performance.now() - started;
    expect(first.error).to.equal(undefined);
    expect(waited).to.be.within(LOCK_WAIT_LIMIT_MS - 500, LOCK_WAIT_LIMIT_MS + 5_000);
    expect(await stored()).to.equal('<p>first</p>');
    expect(storage()).to.equal('Saved in browser');

    // While the other page still holds the lock, later writes do not wait again.
    const again = performance.now();
    expect((await write('<p>second</p>')).error).to.equal(undefined);
    expect(performance.now() - again).to.be.below(LOCK_WAIT_LIMIT_MS / 2);
    expect(await stored()).to.equal('<p>second</p>');
    release();
    runtime.dispose();
  });
});
