import { after, describe, it } from 'node:test';
import { expect } from 'chai';
import { randomUUID } from 'node:crypto';
import pg from 'pg';
import {
  applyWorkspaceChanges,
  applyWorkspaceSnapshot,
  readWorkspaceDoc,
  type CollabChange,
} from '../../../src/runtime/collab/index.js';
import { collabPostgresSchemaSql } from '../../../src/bridge/collab-server/index.js';
import { postgresUrl, redisUrl } from '../../storage/durable/support/servers.js';
import {
  connect,
  startServerProcess,
  stopAllServerProcesses,
  stopServerProcess,
  until,
} from './support/clients.js';
import type * as Y from 'yjs';

const TOKEN = 'letmein';
const room = () => `room-${randomUUID()}`;
const textOf = (doc: Y.Doc, path: string) => {
  const file = [...readWorkspaceDoc(doc).values()].find((entry) => entry.path === path);
  return file?.kind === 'text' ? file.text : undefined;
};
const paths = (doc: Y.Doc) => [...readWorkspaceDoc(doc).values()].map((file) => file.path).sort();
const change = (doc: Y.Doc, changes: CollabChange[]) => {
  const outcome = applyWorkspaceChanges(doc, changes);
  if (!outcome.ok) throw new Error(outcome.error.code);
};
/** Types `text` into `path` one character at a time at the end, as a person would. */
const typeAt = (doc: Y.Doc, path: string, character: string) =>
  change(doc, [{ type: 'write', path, kind: 'text', text: (textOf(doc, path) ?? '') + character }]);

const clients: Array<ReturnType<typeof connect>> = [];
const client = (url: string, name: string, token = TOKEN) => {
  const opened = connect(url, name, token);
  clients.push(opened);
  return opened;
};
const synced = (c: ReturnType<typeof connect>) =>
  until(() => c.provider.isSynced, 10_000, 'the first sync');

after(async () => {
  for (const c of clients) c.provider.destroy();
  await stopAllServerProcesses();
});

describe('the collaboration server, against real processes on loopback', () => {
  it('converges two clients typing at the same place, and crosses a rename and a delete', async () => {
    const { url } = await startServerProcess({ COLLAB_TOKEN: TOKEN });
    const name = room();
    const a = client(url, name);
    const b = client(url, name);
    await Promise.all([synced(a), synced(b)]);
    applyWorkspaceSnapshot(a.doc, [
      { path: 'index.html', kind: 'text', text: '<p></p>' },
      { path: 'old.css', kind: 'text', text: 'p {}' },
      { path: 'gone.js', kind: 'text', text: '1' },
    ]);
    await until(() => paths(b.doc).length === 3, 10_000, 'the seed on b');
    change(a.doc, [{ type: 'write', path: 'index.html', kind: 'text', text: '<p>Ann</p>' }]);
    change(b.doc, [{ type: 'write', path: 'index.html', kind: 'text', text: '<p>Bob</p>' }]);
    change(a.doc, [{ type: 'rename', from: 'old.css', to: 'site.css' }]);
    change(b.doc, [
      { type: 'write', path: 'old.css', kind: 'text', text: 'p { color: red }' },
      { type: 'delete', path: 'gone.js' },
    ]);
    await until(
      () =>
        JSON.stringify([...readWorkspaceDoc(a.doc)]) ===
        JSON.stringify([...readWorkspaceDoc(b.doc)]),
      10_000,
      'convergence',
    );
    expect(textOf(a.doc, 'index.html')).to.be.oneOf(['<p>AnnBob</p>', '<p>BobAnn</p>']);
    expect(paths(a.doc)).to.deep.equal(['index.html', 'site.css']);
    expect(textOf(b.doc, 'site.css')).to.equal('p { color: red }');
  });

  it('refuses a wrong token on connect with a reason that names the code', async () => {
    const { url } = await startServerProcess({ COLLAB_TOKEN: TOKEN });
    const intruder = client(url, room(), 'wrong');
    await until(() => intruder.refusals.length > 0, 10_000, 'the refusal');
    expect(intruder.refusals[0]).to.match(/^COLLAB_FORBIDDEN: /);
    expect(intruder.provider.isSynced).to.equal(false);
  });

  it('refuses an oversize or foreign update by closing that connection, and the room keeps working', async () => {
    const { url } = await startServerProcess({ COLLAB_TOKEN: TOKEN, COLLAB_MAX_BYTES: '20000' });
    const name = room();
    const a = client(url, name);
    const b = client(url, name);
    const big = client(url, name);
    const foreign = client(url, name);
    await Promise.all([a, b, big, foreign].map(synced));
    applyWorkspaceSnapshot(a.doc, [{ path: 'a.txt', kind: 'text', text: 'start' }]);
    await until(() => textOf(b.doc, 'a.txt') === 'start', 10_000, 'the first file on b');

    change(big.doc, [{ type: 'write', path: 'big.txt', kind: 'text', text: 'x'.repeat(30_000) }]);
    foreign.doc.getText('notes').insert(0, 'not a workspace');
    await until(
      () =>
        big.closes.some((close) => close.reason.startsWith('COLLAB_DOCUMENT_TOO_LARGE: ')) &&
        foreign.closes.some((close) => close.reason.startsWith('COLLAB_UPDATE_MALFORMED: ')),
      10_000,
      'both refusals',
    );
    big.provider.destroy();
    foreign.provider.destroy();

    typeAt(b.doc, 'a.txt', '!');
    await until(() => textOf(a.doc, 'a.txt') === 'start!', 10_000, 'an edit after the refusals');
    expect(paths(a.doc)).to.deep.equal(['a.txt']);
    const late = client(url, name);
    await synced(late);
    await until(() => textOf(late.doc, 'a.txt') === 'start!', 10_000, 'the room for a late client');
    expect(paths(late.doc)).to.deep.equal(['a.txt']);
    expect(late.doc.share.has('notes')).to.equal(false);
  });

  it('loses nothing typed when the server is killed mid-typing and restarted on its persistence', async () => {
    const pool = new pg.Pool({ connectionString: postgresUrl(), max: 1 });
    const table = `collab_${randomUUID().replaceAll('-', '')}`;
    await pool.query(collabPostgresSchemaSql(table));
    try {
      const env = { COLLAB_TOKEN: TOKEN, COLLAB_POSTGRES_URL: postgresUrl(), COLLAB_TABLE: table };
      const first = await startServerProcess(env);
      const name = room();
      const a = client(first.url, name);
      const b = client(first.url, name);
      await Promise.all([synced(a), synced(b)]);
      applyWorkspaceSnapshot(a.doc, [
        { path: 'a.txt', kind: 'text', text: '' },
        { path: 'b.txt', kind: 'text', text: '' },
      ]);
      await until(() => paths(b.doc).length === 2, 10_000, 'the files on b');
      let restarted: Awaited<ReturnType<typeof startServerProcess>> | undefined;
      for (let i = 0; i < 30; i += 1) {
        typeAt(a.doc, 'a.txt', String(i % 10));
        typeAt(b.doc, 'b.txt', String(i % 10));
        if (i === 10) await stopServerProcess(first.child, 'SIGKILL');
        if (i === 20)
          restarted = await startServerProcess({ ...env, COLLAB_PORT: String(first.port) });
        await new Promise((resolve) => setTimeout(resolve, 10));
      }
      const typed = '012345678901234567890123456789';
      await until(
        () =>
          [a, b].every((c) => textOf(c.doc, 'a.txt') === typed && textOf(c.doc, 'b.txt') === typed),
        15_000,
        'both clients to hold everything typed',
      );
      // An orderly stop stores the room; a third start serves it to a client that typed nothing.
      for (const c of [a, b]) c.provider.destroy();
      await stopServerProcess(restarted!.child);
      const third = await startServerProcess(env);
      const reader = client(third.url, name);
      await synced(reader);
      expect(textOf(reader.doc, 'a.txt')).to.equal(typed);
      expect(textOf(reader.doc, 'b.txt')).to.equal(typed);
    } finally {
      await pool.query(`DROP TABLE IF EXISTS "${table}"`);
      await pool.end();
    }
  });

  it('relays edits between clients of one room on two server processes behind Redis', async () => {
    const env = {
      COLLAB_TOKEN: TOKEN,
      COLLAB_REDIS_URL: redisUrl(),
      COLLAB_REDIS_PREFIX: `t${randomUUID()}`,
    };
    const [one, two] = await Promise.all([startServerProcess(env), startServerProcess(env)]);
    const name = room();
    const a = client(one.url, name);
    const b = client(two.url, name);
    await Promise.all([synced(a), synced(b)]);
    applyWorkspaceSnapshot(a.doc, [{ path: 'shared.txt', kind: 'text', text: 'from one' }]);
    await until(() => textOf(b.doc, 'shared.txt') === 'from one', 10_000, 'one → two');
    change(b.doc, [{ type: 'rename', from: 'shared.txt', to: 'moved.txt' }]);
    typeAt(b.doc, 'moved.txt', ', and two');
    await until(() => textOf(a.doc, 'moved.txt') === 'from one, and two', 10_000, 'two → one');
    expect(paths(a.doc)).to.deep.equal(['moved.txt']);
  });
});
