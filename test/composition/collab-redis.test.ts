/**
 * Two studios in one room, each on its own collaboration server process, the two processes on
 * loopback sharing one real Redis (the Hocuspocus Redis extension): typing, a rename and a delete
 * cross between them, each remote change is one traced revision naming its author, and a process
 * killed mid-typing and started again loses nothing.
 */
import { expect } from '@open-wc/testing';
import { executeServerCommand } from '@web/test-runner-commands';
import type { StudioRuntime } from '../../src/composition/index.js';
import { collabStudios, crossRenameEditDelete, paths, textOf } from '../support/collab-studios.js';
import { uniqueName, waitFor } from '../support/wait.js';

const collab = collabStudios('collab-redis-token', { processes: 2, redis: true });
const direct = { context: { source: 'local', mode: 'direct' } } as const;

/** Ada on process 1 shares her files; Bo joins the room on process 2. */
async function pair() {
  const room = uniqueName('room');
  const ada = collab.studio(room, { name: 'Ada' }, undefined, 0);
  await ada.collab!.idle();
  const bo = collab.studio(room, { name: 'Bo' }, [{ path: 'other.txt', text: 'Bo' }], 1);
  await waitFor(() => textOf(bo, 'index.html') === '<h1>Hi</h1>', 'the room’s files on Bo');
  return { ada, bo };
}

const write = (runtime: StudioRuntime, text: string) =>
  runtime.registry.callTool('workspace.writeFile', { path: 'index.html', text }, direct);

/** Appends `letter` to what `runtime` shows: before `<h1>` for Ada, at the end for Bo. */
const type = (runtime: StudioRuntime, letter: string, at: 'start' | 'end') => {
  const text = textOf(runtime, 'index.html')!;
  const [head, tail] = at === 'start' ? text.split('<h1>') : [text, ''];
  return write(runtime, at === 'start' ? `${head}${letter}<h1>${tail}` : `${head}${letter}`);
};

/** The remote rows of `runtime`'s trace that completed. */
const remoteRows = (runtime: StudioRuntime) =>
  runtime.trace
    .getSnapshot()
    .filter((row) => row.source === 'remote' && row.method === 'collab/remote')
    .filter((row) => row.status === 'completed');

const selfId = (runtime: StudioRuntime) =>
  runtime.collab!.getSnapshot().peers.find((peer) => peer.self)!.clientId;

describe('collaboration across two server processes behind Redis', () => {
  it('typing on each reaches the other, converging on every letter, each remote change one traced revision naming its author', async () => {
    const { ada, bo } = await pair();
    let start = '';
    let end = '';
    for (const [a, b] of [
      ['a', '1'],
      ['b', '2'],
      ['c', '3'],
      ['d', '4'],
    ] as const) {
      start += a;
      end += b;
      await Promise.all([type(ada, a, 'start'), type(bo, b, 'end')]);
      const expected = `${start}<h1>Hi</h1>${end}`;
      await waitFor(
        () => textOf(ada, 'index.html') === expected && textOf(bo, 'index.html') === expected,
        `both studios at ${expected}`,
      );
    }
    for (const [runtime, author, name] of [
      [bo, ada, 'Ada'],
      [ada, bo, 'Bo'],
    ] as const) {
      const rows = remoteRows(runtime).slice(runtime === bo ? 1 : 0); // Bo's first: joining
      expect(rows.length).to.be.greaterThan(0);
      const revisions = rows.map((row) => (row.details as { revision: number }).revision);
      expect(new Set(revisions).size, 'one revision per remote change').to.equal(rows.length);
      for (const row of rows) {
        expect(row.summary).to.match(new RegExp(`^1 file from ${name} · revision \\d+$`));
        const { authors } = row.details as { authors: Array<{ clientId: number; name?: string }> };
        expect(authors).to.deep.equal([{ clientId: selfId(author), name }]);
      }
    }
  });

  it('a rename on one process and an edit and a delete on the other cross', async () => {
    const { ada, bo } = await pair();
    await crossRenameEditDelete(ada, bo);
    expect(paths(ada)).to.deep.equal(paths(bo));
  });

  it('process 1 killed mid-typing and started again loses nothing', async function () {
    // Ada waits out her reconnect delay (at most 2.5 s) after the restart.
    this.timeout(30_000);
    const { ada, bo } = await pair();
    for (const letter of 'abc') await type(ada, letter, 'start');
    await executeServerCommand('collab-server-kill', { id: collab.server(0).id });
    await waitFor(() => ada.collab!.getSnapshot().state === 'offline', 'Ada offline');
    for (const [a, b] of ['d1', 'e2', 'f3'])
      await Promise.all([type(ada, a!, 'start'), type(bo, b!, 'end')]);
    await executeServerCommand('collab-server-restart', { id: collab.server(0).id });
    const expected = 'abcdef<h1>Hi</h1>123';
    await waitFor(
      () => textOf(ada, 'index.html') === expected && textOf(bo, 'index.html') === expected,
      'every letter on both studios',
      20_000,
    );
  });
});
