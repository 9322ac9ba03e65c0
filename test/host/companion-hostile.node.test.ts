import { expect } from 'chai';
import { mkdir, mkdtemp, readdir, readFile, realpath, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, describe, it } from 'node:test';
import { createConnection, type Socket } from 'node:net';
import {
  CARRIER_HEADERS_TIMEOUT_MS,
  CARRIER_MAX_SOCKETS,
  startCarrierHost,
} from '../../src/host/carrier-host.js';
import { createHostFolder } from '../../src/host/host-folder.js';
import { openHostJournal, type HostWritePause } from '../../src/host/host-journal.js';
import { resolveHostPath } from '../../src/host/host-paths.js';
import { connect, writeText } from '../support/host-companion-client.js';

const snapshot = { id: 'workspace', revision: 1 };
const roots: string[] = [];
async function site(): Promise<string> {
  const root = await realpath(await mkdtemp(join(tmpdir(), 'ca-hostile-')));
  roots.push(root);
  return root;
}
after(async () => {
  for (const root of roots) await rm(root, { recursive: true, force: true });
});

async function serve(root: string, pause?: HostWritePause) {
  const journal = await openHostJournal(root);
  const folder = createHostFolder({ root, journal, ...(pause ? { pause } : {}) });
  const host = await startCarrierHost({
    folderName: 'site',
    generation: 1,
    reconciled: [],
    run: folder.run,
    census: journal.census,
    offerTtlMs: 60_000,
  });
  return { host, session: await connect(host.offer) };
}

describe('host companion under hostile names and faults', () => {
  it('a rename that fails is rolled back: no intent or temporary file stays, the next save succeeds', async () => {
    const root = await site();
    let blocked = true;
    // A folder appears where the file goes, after every check: the rename itself fails.
    const { host } = await serve(root, async (step) => {
      if (step === 'before-rename' && blocked) await mkdir(join(root, 'index.html'));
    });
    try {
      const failed = await writeText(await connect(host.offer), 'index.html', 'new', snapshot);
      expect(failed.ok).to.equal(false);
      expect(await readdir(join(root, '.context-action-host/journal'))).to.deep.equal([]);
      expect(await readdir(join(root, '.context-action-host/tmp'))).to.deep.equal([]);
      blocked = false;
      await rm(join(root, 'index.html'), { recursive: true });
      const again = await writeText(await connect(host.offer), 'index.html', 'new', snapshot);
      expect(again.ok && again.value.result.ok).to.equal(true);
      expect(again.ok && again.value.cleanup.resources).to.deep.equal({
        temporaryFiles: 0,
        journalEntries: 0,
      });
      expect(await readFile(join(root, 'index.html'), 'utf8')).to.equal('new');
    } finally {
      await host.close();
    }
  });

  it('a name over 255 UTF-8 bytes is a structured error without the absolute path; the session goes on', async () => {
    const root = await site();
    const { host, session } = await serve(root);
    try {
      const long = `${'é'.repeat(200)}.html`;
      const refused = await writeText(session, long, 'x', snapshot);
      expect(JSON.stringify(refused)).to.not.contain(root);
      expect(refused.ok).to.equal(true);
      const result = refused.ok ? refused.value.result : null;
      expect(result && !result.ok && result.error.details).to.deep.include({ problem: 'too-long' });
      const next = await writeText(session, 'ok.html', 'fine', snapshot);
      expect(next.ok && next.value.result.ok).to.equal(true);
    } finally {
      await host.close();
    }
  });

  it('look-alikes are found by Unicode case folding: ſ/s, ς/σ, µ/μ, ϑ/θ, and the state folder', async () => {
    const root = await site();
    for (const name of ['s.html', 'σ.html', 'μ.html', 'θ.html'])
      await writeFile(join(root, name), '');
    for (const name of ['ſ.html', 'ς.html', 'µ.html', 'ϑ.html']) {
      const resolved = await resolveHostPath(root, name, 'writeFile');
      expect(resolved.ok, name).to.equal(false);
    }
    const state = await resolveHostPath(root, '.context-action-hoſt/journal/x.html', 'writeFile');
    expect(!state.ok && state.error.details).to.deep.include({ problem: 'reserved-name' });
  });
});

describe('host companion: what it prints and how many sockets it holds', () => {
  it('a state-folder entry named with terminal escape codes is refused with the name escaped', async () => {
    const root = await site();
    await mkdir(join(root, '.context-action-host'));
    await writeFile(join(root, '.context-action-host', '\u001b]0;owned\u0007\u001b[2J'), '');
    const refused = await openHostJournal(root).then(
      () => null,
      (error: Error) => error.message,
    );
    expect(refused).to.be.a('string');
    expect(refused).to.not.contain('\u001b').and.not.contain('\u0007');
    expect(refused).to.contain('\\u{1b}');
  });

  it('sockets past the cap are closed at once, and one that never finishes its headers is closed within seconds', async () => {
    const { host } = await serve(await site());
    const { port } = new URL(host.offer.endpoint);
    const sockets: Socket[] = [];
    let closed = 0;
    try {
      for (let i = 0; i < CARRIER_MAX_SOCKETS + 8; i++) {
        const socket = createConnection({ host: '127.0.0.1', port: Number(port) });
        socket.on('error', () => undefined);
        socket.resume();
        socket.on('close', () => (closed += 1));
        await new Promise((resolve) => socket.once('connect', resolve));
        sockets.push(socket);
      }
      sockets[0]!.write('POST /carrier/probe HTTP/1.1\r\nHost: 127.0.0.1\r\n');
      const deadline = Date.now() + CARRIER_HEADERS_TIMEOUT_MS * 3;
      while (closed < 8 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
      expect(closed).to.be.at.least(8);
      while (!sockets[0]!.destroyed && Date.now() < deadline)
        await new Promise((r) => setTimeout(r, 100));
      expect(sockets[0]!.destroyed).to.equal(true);
    } finally {
      for (const socket of sockets) socket.destroy();
      await host.close();
    }
  });
});
