import { expect } from 'chai';
import { execFileSync } from 'node:child_process';
import { mkdir, mkdtemp, readdir, readFile, realpath, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, describe, it } from 'node:test';
import { startCarrierHost } from '../../src/host/carrier-host.js';
import { createHostFolder } from '../../src/host/host-folder.js';
import { openHostJournal, type HostWritePause } from '../../src/host/host-journal.js';
import { CARRIER_FAILURE_CODES as C } from '../../src/runtime/index.js';
import { connect, writeText } from '../support/host-companion-client.js';

const snapshot = { id: 'workspace', revision: 1 };

/** A 512 KiB tmpfs, or null where this machine grants no mount privileges. */
async function smallDisk(): Promise<string | null> {
  const dir = await mkdtemp(join(tmpdir(), 'ca-full-'));
  try {
    execFileSync('mount', ['-t', 'tmpfs', '-o', 'size=512k', 'tmpfs', dir], { stdio: 'ignore' });
    return dir;
  } catch {
    await rm(dir, { recursive: true, force: true });
    return null;
  }
}

async function serve(site: string, pause?: HostWritePause) {
  const journal = await openHostJournal(site);
  const folder = createHostFolder({ root: site, journal, ...(pause ? { pause } : {}) });
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

const state = async (site: string) => ({
  journal: await readdir(join(site, '.context-action-host/journal')),
  temporary: await readdir(join(site, '.context-action-host/tmp')),
});

describe('host companion: a full disk', () => {
  const mounted: string[] = [];
  after(async () => {
    for (const dir of mounted) {
      execFileSync('umount', [dir]);
      await rm(dir, { recursive: true });
    }
  });

  it('on a full tmpfs a failed save leaves no intent or temporary file, and the next save succeeds once space returns', async (t) => {
    const disk = await smallDisk();
    if (!disk) return t.skip('no mount privileges here: the fault-injecting test covers it');
    mounted.push(disk);
    await mkdir(join(disk, 'site'));
    const site = await realpath(join(disk, 'site'));
    const { host, session } = await serve(site);
    try {
      const big = 'a'.repeat(300 * 1024);
      expect((await writeText(session, 'one.html', big, snapshot)).ok).to.equal(true);
      const full = await writeText(session, 'two.html', big, snapshot);
      expect(!full.ok && full.failure.code).to.equal(C.CARRIER_EXITED);
      expect(!full.ok && String(full.failure.detail?.reason)).to.include('ENOSPC');
      expect(await state(site)).to.deep.equal({ journal: [], temporary: [] });
      await rm(join(site, 'one.html'));
      // The failed run ended its carrier session; the studio reconnects with the same offer.
      const again = await writeText(await connect(host.offer), 'two.html', big, snapshot);
      expect(again.ok && again.value.result.ok).to.equal(true);
      expect(again.ok && again.value.cleanup.resources).to.deep.equal({
        temporaryFiles: 0,
        journalEntries: 0,
      });
      expect(await readFile(join(site, 'two.html'), 'utf8')).to.equal(big);
    } finally {
      await host.close();
    }
  });

  it('through a fault-injecting layer: an ENOSPC before the rename rolls back, the next save succeeds', async () => {
    const root = await mkdtemp(join(tmpdir(), 'ca-full-'));
    const site = await realpath(root);
    await writeFile(join(site, 'index.html'), 'old');
    let full = true;
    const { host, session } = await serve(site, async (step) => {
      if (step === 'before-rename' && full)
        throw Object.assign(new Error('ENOSPC: no space left on device'), { code: 'ENOSPC' });
    });
    try {
      const failed = await writeText(session, 'index.html', 'new', snapshot);
      expect(!failed.ok && failed.failure.code).to.equal(C.CARRIER_EXITED);
      expect(await state(site)).to.deep.equal({ journal: [], temporary: [] });
      full = false;
      const again = await writeText(await connect(host.offer), 'index.html', 'new', snapshot);
      expect(again.ok && again.value.result.ok).to.equal(true);
      expect(again.ok && again.value.cleanup.resources).to.deep.equal({
        temporaryFiles: 0,
        journalEntries: 0,
      });
      expect(await readFile(join(site, 'index.html'), 'utf8')).to.equal('new');
    } finally {
      await host.close();
    }
  });
});
