import { expect } from 'chai';
import { spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { chown, mkdir, readdir, readFile, symlink, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, it } from 'node:test';
import { connect, sha } from '../support/host-companion-client.js';
import { makeSite, startCompanion } from '../support/host-companion.mjs';

const repo = fileURLToPath(new URL('../..', import.meta.url));

/** Runs the companion CLI on `site` and waits for it to exit on its own (a refusal). */
function runToRefusal(site: string): Promise<{ code: number | null; stderr: string }> {
  const child = spawn(process.execPath, ['--import', 'tsx', join(repo, 'src/host/cli.ts'), site], {
    cwd: repo,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stderr = '';
  let stdout = '';
  child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
  child.stdout.setEncoding('utf8').on('data', (chunk: string) => {
    stdout += chunk;
    // It started serving: the refusal this helper waits for did not happen.
    if (stdout.includes('\n')) child.kill();
  });
  return new Promise((resolve) => child.once('exit', (code) => resolve({ code, stderr })));
}

/** A served folder and, beside it, an `outside` folder holding a file the attack aims at. */
async function siteWithOutside() {
  const site = await makeSite({ 'index.html': '<h1>Site</h1>' });
  const outside = join(dirname(site), 'outside');
  await mkdir(outside);
  await writeFile(join(outside, 'victim.txt'), 'precious');
  const state = join(site, '.context-action-host');
  return { site, outside, state };
}

const plantIntent = async (state: string, intent: Record<string, unknown>, name = randomUUID()) => {
  await mkdir(join(state, 'journal'), { recursive: true });
  await mkdir(join(state, 'tmp'), { recursive: true });
  await writeFile(join(state, 'journal', `${name}.json`), JSON.stringify({ id: name, ...intent }));
};

describe('host companion: a state folder found on disk is not trusted', () => {
  it('an intent whose id climbs out of the state folder deletes nothing and the companion refuses to start', async () => {
    const { site, outside, state } = await siteWithOutside();
    await plantIntent(state, {
      id: '../../../outside/victim.txt',
      path: 'index.html',
      digest: sha('x'),
    });
    const run = await runToRefusal(site);
    expect(run.code).to.equal(3);
    expect(run.stderr).to.include('refusing to use');
    expect(await readFile(join(outside, 'victim.txt'), 'utf8')).to.equal('precious');
  });

  it('tmp/ as a link to another folder leaves that folder untouched', async () => {
    const { site, outside, state } = await siteWithOutside();
    await mkdir(join(state, 'journal'), { recursive: true });
    await symlink(outside, join(state, 'tmp'));
    const run = await runToRefusal(site);
    expect(run.code).to.equal(3);
    expect(run.stderr).to.include('symlink');
    expect(await readdir(outside)).to.deep.equal(['victim.txt']);
  });

  it('journal/ as a link to another folder leaves that folder untouched', async () => {
    const { site, outside, state } = await siteWithOutside();
    await mkdir(state);
    await symlink(outside, join(state, 'journal'));
    const run = await runToRefusal(site);
    expect(run.code).to.equal(3);
    expect(await readdir(outside)).to.deep.equal(['victim.txt']);
  });

  it('the state folder as a link creates no journal, temporary or generation file outside', async () => {
    const { site, outside, state } = await siteWithOutside();
    await symlink(outside, state);
    const run = await runToRefusal(site);
    expect(run.code).to.equal(3);
    expect(await readdir(outside)).to.deep.equal(['victim.txt']);
  });

  it('an intent naming an absolute file never has that file hashed or reported', async () => {
    const { site, outside, state } = await siteWithOutside();
    const victim = join(outside, 'victim.txt');
    await plantIntent(state, { path: 'index.html', absolute: victim, digest: sha('precious') });
    const companion = await startCompanion(site);
    try {
      const session = await connect(companion.offer);
      // The report names the served file, resolved again under the root; `absolute` is ignored.
      expect(session.probe.reconciled).to.deep.equal([
        { path: 'index.html', outcome: 'rolled-back', digest: sha('<h1>Site</h1>') },
      ]);
    } finally {
      await companion.kill();
    }
  });

  it('an intent whose path leaves the folder is refused before anything is hashed', async () => {
    const { site, state } = await siteWithOutside();
    await plantIntent(state, { path: '../outside/victim.txt', digest: sha('precious') });
    const run = await runToRefusal(site);
    expect(run.code).to.equal(3);
  });

  it(
    'a state entry owned by another user is refused',
    { skip: process.getuid?.() !== 0 },
    async () => {
      const { site, state } = await siteWithOutside();
      await plantIntent(state, { path: 'index.html', digest: sha('x') });
      const [entry] = await readdir(join(state, 'journal'));
      await chown(join(state, 'journal', entry!), 65534, 65534);
      const run = await runToRefusal(site);
      expect(run.code).to.equal(3);
      expect(run.stderr).to.include('owner');
    },
  );
});
