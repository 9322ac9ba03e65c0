import { expect } from 'chai';
import { createHash, randomUUID } from 'node:crypto';
import {
  link,
  mkdir,
  mkdtemp,
  readdir,
  readFile,
  readlink,
  realpath,
  rm,
  symlink,
  writeFile,
} from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { openHostJournal } from '../../src/host/host-journal.js';
import { HostStateRefused } from '../../src/host/host-state.js';

const FOLDERS = 1000;

/** A small deterministic generator, so a failing folder can be rebuilt from its seed. */
function generator(seed: number) {
  let state = seed >>> 0 || 1;
  const next = () => {
    state ^= state << 13;
    state ^= state >>> 17;
    state ^= state << 5;
    return (state >>> 0) / 2 ** 32;
  };
  return {
    chance: (p: number) => next() < p,
    pick: <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)]!,
  };
}

/** Every entry under `dir`, links read but never followed, with a digest of each file. */
async function fingerprint(dir: string, prefix = ''): Promise<Record<string, string>> {
  const out: Record<string, string> = {};
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    const key = `${prefix}${entry.name}`;
    if (entry.isSymbolicLink()) out[key] = `link:${await readlink(path)}`;
    else if (entry.isDirectory()) Object.assign(out, await fingerprint(path, `${key}/`));
    else
      out[key] = createHash('sha256')
        .update(await readFile(path))
        .digest('hex');
  }
  return out;
}

/** Builds one hostile or honest state folder in `site`, aimed at files in `outside`. */
async function plant(site: string, outside: string, seed: number) {
  const g = generator(seed);
  const state = join(site, '.context-action-host');
  const target = g.pick([outside, join(outside, 'nested'), site]);
  if (g.chance(0.08)) return symlink(target, state);
  await mkdir(state);
  // Entries are planted only in real folders: planting through a link would itself write outside.
  const real = { journal: true, tmp: true };
  for (const name of ['journal', 'tmp'] as const) {
    real[name] = !g.chance(0.08);
    if (real[name]) await mkdir(join(state, name));
    else await symlink(target, join(state, name));
  }
  const generation = join(state, 'generation');
  const kind = g.pick(['symlink', 'hard-link', 'file', 'none', 'none', 'none', 'none']);
  if (kind === 'symlink') await symlink(join(outside, 'victim.txt'), generation);
  if (kind === 'hard-link') await link(join(outside, 'victim.txt'), generation);
  if (kind === 'file') await writeFile(generation, g.pick(['7', 'x', '-3']));
  if (g.chance(0.05)) await symlink(outside, join(site, 'escape'));
  const entries = 1 + Math.floor(g.pick([0, 1, 2, 3]));
  for (let i = 0; i < entries; i++) {
    const uuid = randomUUID();
    const id = g.pick([
      uuid,
      uuid,
      '../../../outside/victim.txt',
      `../../${outside}/victim.txt`,
      join(outside, 'victim.txt'),
      '..',
      '',
    ]);
    const intent = {
      id,
      path: g.pick([
        'index.html',
        'new/page.html',
        '../outside/victim.txt',
        join(outside, 'victim.txt'),
        'escape/victim.txt',
        '.context-action-host/generation',
        'a/../../outside/victim.txt',
      ]),
      ...(g.chance(0.5) ? { absolute: g.pick([join(outside, 'victim.txt'), '/etc/passwd']) } : {}),
      digest: g.pick([createHash('sha256').update('x').digest('hex'), 'nope']),
    };
    const name = g.pick([`${uuid}.json`, `${uuid}.json`, 'evil.json', '..json']);
    const body = g.chance(0.1) ? '{"torn' : JSON.stringify(intent);
    const journal = join(state, 'journal');
    if (!real.journal) continue;
    if (g.chance(0.05)) await symlink(join(outside, 'victim.txt'), join(journal, name)).catch(noop);
    else await writeFile(join(journal, name), body, { flag: 'wx' }).catch(noop);
    if (real.tmp && g.chance(0.5)) {
      const temp = join(state, 'tmp', g.pick([uuid, 'stray']));
      const made = g.pick(['hard-link', 'symlink', 'file', 'file', 'file']);
      if (made === 'hard-link') await link(join(outside, 'victim.txt'), temp).catch(noop);
      if (made === 'symlink') await symlink(join(outside, 'nested'), temp).catch(noop);
      if (made === 'file') await writeFile(temp, 'partial', { flag: 'wx' }).catch(noop);
    }
  }
}

const noop = () => undefined;

describe('host companion: journal fuzz', () => {
  it(`across ${FOLDERS} generated state folders it reconciles inside the root or refuses; nothing outside changes`, async () => {
    const base = await realpath(await mkdtemp(join(tmpdir(), 'ca-fuzz-')));
    const outside = join(base, 'outside');
    await mkdir(join(outside, 'nested'), { recursive: true });
    await writeFile(join(outside, 'victim.txt'), 'precious');
    await writeFile(join(outside, 'nested', 'also.txt'), 'also precious');
    const outsideDigests = new Set(Object.values(await fingerprint(outside)));
    const before = await fingerprint(outside);
    let refused = 0;
    try {
      for (let seed = 1; seed <= FOLDERS; seed++) {
        const site = join(base, `site-${seed}`);
        await mkdir(site);
        await writeFile(join(site, 'index.html'), 'inside');
        await plant(site, outside, seed);
        try {
          const journal = await openHostJournal(site);
          const reconciled = await journal.reconcile();
          await journal.nextGeneration();
          for (const write of reconciled) {
            expect(
              outsideDigests.has(write.digest),
              `seed ${seed} reported an outside digest`,
            ).to.equal(false);
          }
          expect(await journal.census(), `seed ${seed}`).to.deep.equal({
            temporaryFiles: 0,
            journalEntries: 0,
          });
        } catch (error) {
          if (!(error instanceof HostStateRefused)) throw new Error(`seed ${seed}: ${error}`);
          refused++;
        }
        expect(await fingerprint(outside), `seed ${seed} changed a file outside`).to.deep.equal(
          before,
        );
        await rm(site, { recursive: true });
      }
    } finally {
      await rm(base, { recursive: true, force: true });
    }
    // Both outcomes occur: the generator makes honest folders and hostile ones.
    expect(refused).to.be.within(1, FOLDERS - 1);
  });
});
