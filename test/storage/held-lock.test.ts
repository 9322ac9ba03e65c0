import { expect } from '@open-wc/testing';
import {
  createHeldLock,
  LOCK_WAIT_NOTICE_MS,
  MAX_HOLD_MS,
  type HeldLock,
} from '../../src/storage/workspace/held-lock.js';
import { waitFor } from '../support/wait.js';

const freshName = () => `held-lock-test-${crypto.randomUUID()}`;

/** Whether any runtime of this origin holds the lock `name` now. */
async function held(name: string): Promise<boolean> {
  const state = await navigator.locks.query();
  return (state.held ?? []).some((lock) => lock.name === name);
}

/** Lets the event loop turn: message, timer and lock callbacks run. */
const turn = () => new Promise((resolve) => setTimeout(resolve, 20));

/** Settles once `lock` has been released (registered while it is still held). */
const released = (lock: HeldLock) => new Promise<void>((resolve) => lock.afterRelease(resolve));

describe('the workspace Web Lock held across a burst of commits', () => {
  it(`reports a task waiting over ${LOCK_WAIT_NOTICE_MS} ms for another holder, and the end of the wait`, async () => {
    const name = freshName();
    const lock = createHeldLock(name)!;
    const reports: boolean[] = [];
    lock.watchWaiting((waiting) => reports.push(waiting));
    let letGo!: () => void;
    await new Promise<void>((granted) => {
      void navigator.locks.request(name, () => {
        granted();
        return new Promise<void>((resolve) => (letGo = resolve));
      });
    });
    const started = performance.now();
    const task = lock.run(async (hold) => hold);
    await waitFor(() => reports.length > 0, 'the waiting report');
    expect(performance.now() - started).to.be.at.least(LOCK_WAIT_NOTICE_MS - 5);
    expect(reports).to.deep.equal([true]);
    letGo();
    expect(await task).to.be.an('object');
    expect(reports).to.deep.equal([true, false]);
    lock.close();
  });

  it('keeps the lock between tasks of one burst and releases it once the loop turns idle', async () => {
    const name = freshName();
    const lock = createHeldLock(name)!;
    const events: string[] = [];
    let waiting: Promise<unknown> | undefined;
    for (let i = 0; i < 5; i += 1) {
      await lock.run(async () => {
        events.push(`task ${i}`);
        // Another runtime asks for the lock during the first task of the burst.
        waiting ??= navigator.locks.request(name, async () => events.push('other runtime'));
        await Promise.resolve();
      });
      // A result travels back to its caller and the next call starts, all in the same task.
      for (let hop = 0; hop < 20; hop += 1) await null;
    }
    expect(events).to.deep.equal(['task 0', 'task 1', 'task 2', 'task 3', 'task 4']);
    await waiting;
    expect(events.at(-1)).to.equal('other runtime');
    expect(await held(name)).to.equal(false);
    lock.close();
  });

  it('runs tasks one after another, and a failed task neither keeps the lock nor stops the next', async () => {
    const name = freshName();
    const lock = createHeldLock(name)!;
    const order: string[] = [];
    const first = lock.run(async () => {
      await turn();
      order.push('first');
      throw new Error('task failed');
    });
    const second = lock.run(async () => {
      order.push('second');
      return 2;
    });
    await first.then(
      () => expect.fail('the failure reaches its caller'),
      (error: Error) => expect(error.message).to.equal('task failed'),
    );
    const release = released(lock);
    expect(await second).to.equal(2);
    expect(order).to.deep.equal(['first', 'second']);
    await release;
    expect(await held(name)).to.equal(false);
    lock.close();
  });

  it(`lets a waiting runtime in once a burst has held the lock for ${MAX_HOLD_MS} ms`, async () => {
    const name = freshName();
    const lock = createHeldLock(name)!;
    const events: string[] = [];
    let stop = false;
    const burst = (async () => {
      for (let i = 0; !stop && i < 200; i += 1)
        await lock.run(async () => {
          events.push('burst');
          await new Promise((resolve) => setTimeout(resolve, 5));
        });
    })();
    await turn();
    const waiting = navigator.locks.request(name, async () => {
      events.push('other runtime');
      stop = true;
    });
    await Promise.all([burst, waiting]);
    const other = events.indexOf('other runtime');
    // The other runtime went between two tasks of the burst, not after all 200.
    expect(other).to.be.greaterThan(0);
    expect(events.length).to.be.lessThan(200);
    lock.close();
  });

  it('runs an action after release, and at once when the lock is not held', async () => {
    const name = freshName();
    const lock = createHeldLock(name)!;
    const actions: string[] = [];
    lock.afterRelease(() => actions.push('idle'));
    expect(actions).to.deep.equal(['idle']);
    let heldWhenRun: Promise<boolean> | undefined;
    await lock.run(async () => {
      lock.afterRelease(() => {
        actions.push('after burst');
        heldWhenRun = held(name);
      });
    });
    expect(actions).to.deep.equal(['idle']);
    await released(lock);
    expect(actions).to.deep.equal(['idle', 'after burst']);
    expect(await heldWhenRun).to.equal(false);
    lock.close();
  });

  it('releases the lock on close', async () => {
    const name = freshName();
    const lock = createHeldLock(name)!;
    await lock.run(async () => undefined);
    expect(await held(name)).to.equal(true);
    const release = released(lock);
    lock.close();
    await release;
    expect(await held(name)).to.equal(false);
  });

  it(`releases on close a hold that ended as the next task, after ${MAX_HOLD_MS} ms, asked for a new one`, async () => {
    const name = freshName();
    const lock = createHeldLock(name)!;
    // A burst that has held the lock past its limit: its next task asks for a new hold.
    await lock.run(() => new Promise((resolve) => setTimeout(resolve, MAX_HOLD_MS + 10)));
    // The first hold's last task has ended and its release waits for the loop to turn.
    for (let hop = 0; hop < 20; hop += 1) await null;
    const next = lock.run(async (hold) => hold);
    // The repository closes in the same task (a workspace closed in the middle of a burst).
    lock.close();
    expect(await next).to.be.an('object');
    await turn();
    const state = await navigator.locks.query();
    const ours = [...(state.held ?? []), ...(state.pending ?? [])].filter((l) => l.name === name);
    expect(ours).to.deep.equal([]);
  });
});
