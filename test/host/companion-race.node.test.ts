import { expect } from 'chai';
import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdir, mkdtemp, readdir, readFile, realpath, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { createHostFolder } from '../../src/host/host-folder.js';
import { openHostJournal } from '../../src/host/host-journal.js';

const ROUNDS = 400;

/**
 * A process that swaps folder `a` of `root` for a link to `outside` and back, as fast as it can,
 * until killed.
 */
function swapFolderForLink(root: string, outside: string) {
  const script = `
    const { renameSync, symlinkSync, unlinkSync } = require('node:fs');
    const [a, real, outside] = process.argv.slice(1);
    for (;;) {
      try { renameSync(a, real); symlinkSync(outside, a); } catch {}
      try { unlinkSync(a); renameSync(real, a); } catch {}
    }`;
  const child = spawn(
    process.execPath,
    ['-e', script, join(root, 'a'), join(root, 'a-real'), outside],
    { stdio: 'ignore' },
  );
  const exited = new Promise((resolve) => child.once('exit', resolve));
  return async () => {
    child.kill('SIGKILL');
    await exited;
  };
}

describe('host companion under a folder swapped for a link', () => {
  it(
    `${ROUNDS} writes and deletes under a folder swapped for a link in a tight loop never touch what lies outside the root`,
    { timeout: 120_000 },
    async () => {
      const base = await realpath(await mkdtemp(join(tmpdir(), 'ca-race-')));
      const root = join(base, 'site');
      const outside = join(base, 'outside');
      try {
        await mkdir(join(root, 'a'), { recursive: true });
        await mkdir(outside);
        await writeFile(join(outside, 'victim.html'), 'keep');
        const folder = createHostFolder({ root, journal: await openHostJournal(root) });
        const stop = swapFolderForLink(root, outside);
        try {
          for (let round = 0; round < ROUNDS; round++) {
            const text = `<p>${round}</p>`;
            const digest = createHash('sha256').update(text).digest('hex');
            // A write or delete may be refused or fail mid-swap; only where it lands matters.
            await folder
              .run('host.writeFile', { path: 'a/landed.html', kind: 'text', text, digest })
              .catch(() => undefined);
            await folder.run('host.deleteFile', { path: 'a/victim.html' }).catch(() => undefined);
          }
        } finally {
          await stop();
        }
        expect(await readdir(outside)).to.deep.equal(['victim.html']);
        expect(await readFile(join(outside, 'victim.html'), 'utf8')).to.equal('keep');
      } finally {
        await rm(base, { recursive: true, force: true });
      }
    },
  );
});
