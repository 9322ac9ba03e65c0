import { expect } from 'chai';
import { readdir, readFile, realpath } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { startCarrierHost } from '../../src/host/carrier-host.js';
import { createHostFolder } from '../../src/host/host-folder.js';
import { openHostJournal } from '../../src/host/host-journal.js';
import {
  CARRIER_FAILURE_CODES as C,
  connectHostCompanion,
  createAuthenticatedCarrierTransport,
  createMigrationRecipe,
  createServiceRoute,
  parseCarrierOffer,
  type Outcome,
} from '../../src/runtime/index.js';
import { connect, sha, signal, writeText } from '../support/host-companion-client.js';
import { makeSite, startCompanion } from '../support/host-companion.mjs';

const snapshot = { id: 'workspace', revision: 7 };
const FAULT = { CONTEXT_ACTION_HOST_FAULT: 'pause-before-rename' };
const FAULT_AFTER_RENAME = { CONTEXT_ACTION_HOST_FAULT: 'pause-after-rename' };

const stateOf = async (site: string) => ({
  journal: await readdir(join(site, '.context-action-host/journal')),
  temporary: await readdir(join(site, '.context-action-host/tmp')),
});

describe('host companion: provider exit and crashes (T7)', () => {
  it('T7 a provider exit after start is terminal: one carrier-provider-exit, then carrier-exited, no fallback', async () => {
    const site = await makeSite({ 'index.html': 'old' });
    const companion = await startCompanion(site);
    const session = await connect(companion.offer);
    const opened = createAuthenticatedCarrierTransport(companion.offer);
    if (!opened.ok) throw new Error('transport');
    const transport = opened.value;
    expect((await transport.lease(signal())).ok).to.equal(true);
    expect((await transport.start(session.migration, signal())).ok).to.equal(true);
    await companion.kill('SIGKILL');
    const recipe = createMigrationRecipe(session.migration, {
      tool: 'host.readTree',
      arguments: {},
      snapshot,
    });
    if (!recipe.ok) throw new Error('recipe');
    const executed = await transport.execute(recipe.value, signal());
    expect(!executed.ok && executed.failure.code).to.equal(C.CARRIER_PROVIDER_EXIT);
    expect(transport.state).to.equal('failed');
    expect(transport.failure?.code).to.equal(C.CARRIER_PROVIDER_EXIT);
    const exited = await transport.exit(signal());
    expect(!exited.ok && exited.failure.code).to.equal(C.CARRIER_EXITED);
    expect(!exited.ok && exited.failure.detail?.after).to.equal(C.CARRIER_PROVIDER_EXIT);
  });

  it('T5 a save routed to the carrier service never reruns through the private executor', async () => {
    const site = await makeSite({ 'index.html': 'old' });
    const companion = await startCompanion(site, { env: FAULT });
    const session = await connect(companion.offer);
    const expected = {
      workload: 'folder-save',
      tool: 'workspace.saveAll',
      descriptorDigest: companion.offer.descriptorDigest,
      recipeDigest: companion.offer.recipeDigest,
      codeDigest: 'companion',
      browser: 'any',
      backend: 'host-companion',
    };
    let privateRuns = 0;
    const route = createServiceRoute<string, unknown>({
      expected,
      privateExecutor: async () => {
        privateRuns += 1;
        return { ok: true, value: 'kept in the browser' };
      },
    });
    const service = async (text: string): Promise<Outcome<unknown>> => {
      const ran = await writeText(session, 'index.html', text, snapshot);
      return ran.ok
        ? { ok: true, value: ran.value.result }
        : {
            ok: false,
            error: { code: ran.failure.code, message: ran.failure.hint, retryable: false },
          };
    };
    const admitted = route.admit(
      {
        ...expected,
        sample: { frames: 300, correct: true, p95Ms: 1 },
        threshold: { maxP95Ms: 16 },
        cleanup: { resources: { temporaryFiles: 0 } },
        eviction: { idleMs: 1000 },
      },
      service,
    );
    expect(admitted.ok).to.equal(true);
    const running = route.run('new', signal());
    await companion.waitForStderr('fault: paused before rename');
    await companion.kill('SIGKILL');
    const ran = await running;
    expect(ran.route).to.equal('service');
    expect(!ran.outcome.ok && ran.outcome.error.code).to.equal(C.CARRIER_PROVIDER_EXIT);
    expect(privateRuns).to.equal(0);
    // The host deletes the service it lost; only later calls use the private executor.
    route.delete();
    expect((await route.run('later', signal())).route).to.equal('private');
    expect(privateRuns).to.equal(1);
  });

  it('T7 SIGKILL mid-save leaves no unreported partial file; the save resumes only through a fresh offer', async () => {
    const site = await makeSite({ 'index.html': 'old' });
    const first = await startCompanion(site, { env: FAULT });
    const session = await connect(first.offer);
    const saving = writeText(session, 'index.html', 'new content', snapshot);
    await first.waitForStderr('fault: paused before rename');
    await first.kill('SIGKILL');
    const saved = await saving;
    expect(!saved.ok && saved.failure.code).to.equal(C.CARRIER_PROVIDER_EXIT);
    // The target is whole: the old bytes, never a mix. The new bytes wait in the journal.
    expect(await readFile(join(site, 'index.html'), 'utf8')).to.equal('old');
    const pending = await stateOf(site);
    expect([pending.journal.length, pending.temporary.length]).to.deep.equal([1, 1]);
    // The ended session reports its one failure and sends nothing more.
    const again = await writeText(session, 'index.html', 'new content', snapshot);
    expect(!again.ok && again.failure.code).to.equal(C.CARRIER_EXITED);
    const stale = await connectHostCompanion(first.offer, { sourceId: 'crash-test' });
    expect(!stale.ok && stale.error.code).to.equal(C.CARRIER_UNREACHABLE);

    const second = await startCompanion(site);
    try {
      expect(second.stderr()).to.include(
        'Reconciled interrupted write of index.html: rolled-back.',
      );
      expect(second.offer.generation).to.equal(first.offer.generation + 1);
      expect(await stateOf(site)).to.deep.equal({ journal: [], temporary: [] });
      // The old offer does not open the new host, even at its new address.
      const moved = await connectHostCompanion(
        { ...first.offer, endpoint: second.offer.endpoint },
        { sourceId: 'crash-test' },
      );
      expect(!moved.ok && moved.error.code).to.equal(C.CARRIER_AUTH_FAILED);
      const fresh = await connect(second.offer);
      expect(fresh.probe.reconciled).to.deep.equal([
        { path: 'index.html', outcome: 'rolled-back', digest: sha('old') },
      ]);
      const resumed = await writeText(fresh, 'index.html', 'new content', snapshot);
      expect(resumed.ok && resumed.value.result.ok).to.equal(true);
      expect(await readFile(join(site, 'index.html'), 'utf8')).to.equal('new content');
    } finally {
      await second.kill();
    }
  });

  it('T7 SIGKILL after the rename, before the journal entry goes: the restart reports the write completed', async () => {
    const site = await makeSite({ 'index.html': 'old' });
    const first = await startCompanion(site, { env: FAULT_AFTER_RENAME });
    const session = await connect(first.offer);
    const saving = writeText(session, 'index.html', 'new content', snapshot);
    await first.waitForStderr('fault: paused after rename');
    await first.kill('SIGKILL');
    const saved = await saving;
    // The consumer never heard back: to it the save failed with the provider's exit.
    expect(!saved.ok && saved.failure.code).to.equal(C.CARRIER_PROVIDER_EXIT);
    expect(await readFile(join(site, 'index.html'), 'utf8')).to.equal('new content');
    expect((await stateOf(site)).journal).to.have.length(1);

    const second = await startCompanion(site);
    try {
      expect(second.stderr()).to.include('Reconciled interrupted write of index.html: completed.');
      expect(await stateOf(site)).to.deep.equal({ journal: [], temporary: [] });
      const fresh = await connect(second.offer);
      // The reconciled report tells the consumer its failed save did land, with the digest.
      expect(fresh.probe.reconciled).to.deep.equal([
        { path: 'index.html', outcome: 'completed', digest: sha('new content') },
      ]);
    } finally {
      await second.kill();
    }
  });

  it('T7 token expiry: an expired offer is carrier-offer-expired for the consumer and the host', async () => {
    const site = await makeSite({ 'index.html': 'old' });
    const companion = await startCompanion(site, { args: ['--ttl-minutes', '0.02'] });
    try {
      const { offer } = companion;
      let clock = offer.expiresAt - 1;
      const opened = createAuthenticatedCarrierTransport(offer, { now: () => clock });
      if (!opened.ok) throw new Error('transport');
      while (Date.now() <= offer.expiresAt)
        await new Promise((resolve) => setTimeout(resolve, 100));
      clock = Date.now();
      const leased = await opened.value.lease(signal());
      expect(!leased.ok && leased.failure.code).to.equal(C.CARRIER_OFFER_EXPIRED);
      expect(opened.value.state).to.equal('failed');
      const parsed = parseCarrierOffer(offer);
      expect(!parsed.ok && parsed.failure.code).to.equal(C.CARRIER_OFFER_EXPIRED);
      // The host checks expiry itself, whatever the consumer's clock says.
      const lying = createAuthenticatedCarrierTransport(offer, { now: () => offer.expiresAt - 1 });
      if (!lying.ok) throw new Error('transport');
      const probed = await lying.value.probe(signal());
      expect(!probed.ok && probed.failure.code).to.equal(C.CARRIER_OFFER_EXPIRED);
    } finally {
      await companion.kill();
    }
  });

  it('T7 carrier-capture-failed: bytes on disk that differ from the digest fail with a safe snapshot', async () => {
    const site = await realpath(await makeSite({ 'index.html': 'old' }));
    const journal = await openHostJournal(site);
    // A disk that loses the last byte of every write.
    const lossy = {
      ...journal,
      write: (path: string, bytes: Uint8Array, digest: string) =>
        journal.write(path, bytes.subarray(0, -1), digest),
    };
    const folder = createHostFolder({ root: site, journal: lossy });
    const host = await startCarrierHost({
      folderName: 'site',
      generation: 1,
      reconciled: [],
      run: folder.run,
      census: journal.census,
      offerTtlMs: 60_000,
    });
    try {
      const session = await connect(host.offer);
      const ran = await writeText(session, 'index.html', 'new', snapshot);
      expect(!ran.ok && ran.failure.code).to.equal(C.CARRIER_CAPTURE_FAILED);
      expect(!ran.ok && ran.failure.detail).to.deep.include({
        path: 'index.html',
        expected: sha('new'),
        actual: sha('ne'),
        safeSnapshot: snapshot,
      });
    } finally {
      await host.close();
    }
  });
});
