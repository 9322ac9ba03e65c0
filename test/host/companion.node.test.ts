import { expect } from 'chai';
import { request as httpRequest, createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { lstat, mkdir, readdir, readFile, symlink, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import {
  CARRIER_FAILURE_CODES as C,
  connectHostCompanion,
  createAuthenticatedCarrierTransport,
  createMigrationRecipe,
  describeHostContract,
  parseCarrierOffer,
  TOOL_CALL_ERROR_CODES,
  WORKSPACE_ERROR_CODES,
  type CarrierOffer,
  type HostCompanionSession,
} from '../../src/runtime/index.js';
import { connect, sha, signal, writeText } from '../support/host-companion-client.js';
import { makeSite, startCompanion, type Companion } from '../support/host-companion.mjs';

const snapshot = { id: 'workspace', revision: 1 };

/** One raw HTTP request, so tests can send what a browser or the transport never would. */
function raw(
  offer: CarrierOffer,
  step: string,
  body: unknown,
  headers: Record<string, string> = {},
): Promise<{ status: number; json: { ok: boolean; failure?: { code: string }; value?: unknown } }> {
  const url = new URL(`${offer.endpoint}/${step}`);
  return new Promise((resolve, reject) => {
    const req = httpRequest(
      url,
      {
        method: 'POST',
        headers: { authorization: `Bearer ${offer.token}`, ...headers },
      },
      (response) => {
        let text = '';
        response.setEncoding('utf8').on('data', (chunk: string) => (text += chunk));
        response.on('end', () =>
          resolve({ status: response.statusCode ?? 0, json: JSON.parse(text) }),
        );
      },
    );
    req.on('error', reject);
    req.end(typeof body === 'string' ? body : JSON.stringify(body));
  });
}

const envelope = (offer: CarrierOffer) => ({
  offerId: offer.offerId,
  generation: offer.generation,
  descriptorDigest: offer.descriptorDigest,
  recipeDigest: offer.recipeDigest,
});

/** Leases and starts a run by raw requests; returns its lease and a readTree recipe. */
async function startedReadTree(offer: CarrierOffer, session: HostCompanionSession) {
  const leased = await raw(offer, 'lease', envelope(offer));
  const leaseId = (leased.json.value as { leaseId: string }).leaseId;
  await raw(offer, 'start', {
    ...envelope(offer),
    leaseId,
    tokenId: session.migration.token.tokenId,
    capability: 'workspace.saveAll',
  });
  const recipe = createMigrationRecipe(session.migration, {
    tool: 'host.readTree',
    arguments: {},
    snapshot,
  });
  if (!recipe.ok) throw new Error('recipe');
  return { leaseId, recipe: recipe.value };
}

describe('host companion: lease → start → execute → exit (T7)', () => {
  let site: string;
  let companion: Companion;

  before(async () => {
    site = await makeSite({ 'index.html': '<h1>Old</h1>', 'css/site.css': 'h1{}' });
    // The package bin over the built dist: what `npx context-action-host ./site` runs.
    companion = await startCompanion(site, { entry: 'bin' });
  });
  after(() => companion.kill());

  it('T7 the offer is plain data naming a loopback endpoint, token, generation, digests and expiry', async () => {
    const { offer } = companion;
    expect(Object.keys(offer).sort()).to.deep.equal([
      'descriptorDigest',
      'endpoint',
      'expiresAt',
      'generation',
      'offerId',
      'recipeDigest',
      'token',
    ]);
    expect(new URL(offer.endpoint).hostname).to.equal('127.0.0.1');
    const contract = await describeHostContract();
    expect(offer.descriptorDigest).to.equal(contract.descriptorDigest);
    expect(offer.recipeDigest).to.equal(contract.recipeDigest);
    expect(parseCarrierOffer(JSON.stringify(offer)).ok).to.equal(true);
  });

  it('T7 a save runs the full lifecycle and lands durably in the folder', async () => {
    const session = await connect(companion.offer);
    expect(session.probe.folder).to.deep.equal({ name: 'site' });
    expect(session.migration.token.target.realm).to.equal('host');
    const text = '<h1>New</h1>';
    const ran = await writeText(session, 'index.html', text, snapshot);
    expect(ran.ok).to.equal(true);
    if (!ran.ok) return;
    expect(ran.value.result).to.deep.equal({
      ok: true,
      value: { path: 'index.html', digest: sha(text), bytes: text.length },
    });
    expect(ran.value.artifacts).to.deep.equal([
      { kind: 'file', id: 'index.html', digest: sha(text) },
    ]);
    expect(ran.value.cleanup.resources).to.deep.equal({ temporaryFiles: 0, journalEntries: 0 });
    expect(await readFile(join(site, 'index.html'), 'utf8')).to.equal(text);
    const asset = Buffer.from([0x89, 0x50, 0x4e, 0x47]);
    const wroteAsset = await session.run(
      'host.writeFile',
      {
        path: 'img/logo.png',
        kind: 'asset',
        base64: asset.toString('base64'),
        mimeType: 'image/png',
        digest: sha(asset),
      },
      snapshot,
      signal(),
    );
    expect(wroteAsset.ok && wroteAsset.value.result.ok).to.equal(true);
    expect(await readFile(join(site, 'img/logo.png'))).to.deep.equal(asset);
  });

  it('T7 the tree reads back with the folder import rules; deletes are idempotent', async () => {
    const session = await connect(companion.offer);
    const tree = await session.run('host.readTree', {}, snapshot, signal());
    if (!tree.ok || !tree.value.result.ok) throw new Error(JSON.stringify(tree));
    const files = tree.value.result.value.files as { path: string; kind: string }[];
    expect(files.map((file) => file.path)).to.include.members([
      'index.html',
      'css/site.css',
      'img/logo.png',
    ]);
    // The companion's own state folder never shows up as workspace content.
    expect(files.some((file) => file.path.startsWith('.context-action-host'))).to.equal(false);
    const deleted = await session.run(
      'host.deleteFile',
      { path: 'css/site.css' },
      snapshot,
      signal(),
    );
    expect(deleted.ok && deleted.value.result).to.deep.equal({
      ok: true,
      value: { path: 'css/site.css', deleted: true },
    });
    const again = await session.run(
      'host.deleteFile',
      { path: 'css/site.css' },
      snapshot,
      signal(),
    );
    expect(again.ok && again.value.result).to.deep.equal({
      ok: true,
      value: { path: 'css/site.css', deleted: false },
    });
  });

  it('T7 the transport moves offered → leased → started → executed → exited, then refuses', async () => {
    const session = await connect(companion.offer);
    const opened = createAuthenticatedCarrierTransport(companion.offer);
    if (!opened.ok) throw new Error('transport');
    const transport = opened.value;
    const recipe = createMigrationRecipe(session.migration, {
      tool: 'host.readTree',
      arguments: {},
      snapshot,
    });
    if (!recipe.ok) throw new Error('recipe');
    const early = await transport.execute(recipe.value, signal());
    expect(!early.ok && early.failure.code).to.equal(C.CARRIER_SEQUENCE_INVALID);
    expect(transport.state).to.equal('offered');
    const states: string[] = [];
    expect((await transport.lease(signal())).ok).to.equal(true);
    states.push(transport.state);
    expect((await transport.start(session.migration, signal())).ok).to.equal(true);
    states.push(transport.state);
    expect((await transport.execute(recipe.value, signal())).ok).to.equal(true);
    states.push(transport.state);
    expect((await transport.exit(signal())).ok).to.equal(true);
    states.push(transport.state);
    expect(states).to.deep.equal(['leased', 'started', 'executed', 'exited']);
    const afterExit = await transport.execute(recipe.value, signal());
    expect(!afterExit.ok && afterExit.failure.code).to.equal(C.CARRIER_EXITED);
  });

  it('T7 failures are structured { code, expected, hint, detail? }', async () => {
    const answer = await raw(companion.offer, 'probe', envelope(companion.offer), {
      authorization: 'Bearer wrong-token-wrong-token-wrong-token',
    });
    expect(answer.status).to.equal(401);
    const failure = answer.json.failure as Record<string, unknown>;
    expect(failure.code).to.equal(C.CARRIER_AUTH_FAILED);
    expect(failure.expected).to.be.a('string').and.not.equal('');
    expect(failure.hint)
      .to.be.a('string')
      .and.match(/fresh offer/);
    expect(JSON.stringify(failure)).not.to.include(companion.offer.token);
  });

  it('T7 carrier-offer-invalid: non-loopback, named hosts, missing fields, extra fields', () => {
    const base = companion.offer;
    const cases: [unknown, string][] = [
      [{ ...base, endpoint: 'http://10.0.0.1:80/carrier' }, 'endpoint'],
      [{ ...base, endpoint: 'http://localhost:80/carrier' }, 'endpoint'],
      [{ ...base, endpoint: 'https://127.0.0.1:80/carrier' }, 'endpoint'],
      [{ ...base, endpoint: `${base.endpoint}?token=x` }, 'endpoint'],
      [{ ...base, token: 'short' }, 'token'],
      [{ ...base, generation: 0 }, 'generation'],
      [{ ...base, live: {} }, 'live'],
      ['not an offer', 'offer'],
    ];
    for (const [input, field] of cases) {
      const parsed = parseCarrierOffer(input);
      expect(!parsed.ok && parsed.failure.code, field).to.equal(C.CARRIER_OFFER_INVALID);
      expect(!parsed.ok && parsed.failure.detail?.field).to.equal(field);
    }
  });

  it('T7 carrier-auth-failed: a wrong token is refused and the session needs a fresh offer', async () => {
    const wrong = { ...companion.offer, token: 'x'.repeat(43) };
    const session = await connectHostCompanion(wrong, { sourceId: 's' });
    expect(!session.ok && session.error.code).to.equal(C.CARRIER_AUTH_FAILED);
    const opened = createAuthenticatedCarrierTransport(wrong);
    if (!opened.ok) throw new Error('transport');
    const leased = await opened.value.lease(signal());
    expect(!leased.ok && leased.failure.code).to.equal(C.CARRIER_AUTH_FAILED);
    expect(opened.value.state).to.equal('failed');
    const again = await opened.value.probe(signal());
    expect(!again.ok && again.failure.code).to.equal(C.CARRIER_EXITED);
  });

  it('T7 carrier-offer-stale: another offer id or generation', async () => {
    const { offer } = companion;
    for (const body of [
      { ...envelope(offer), offerId: 'another-offer-id' },
      { ...envelope(offer), generation: offer.generation + 1 },
    ]) {
      const answer = await raw(offer, 'probe', body);
      expect(answer.json.failure?.code).to.equal(C.CARRIER_OFFER_STALE);
    }
  });

  it('T7 carrier-digest-mismatch: in the offer, in a request, and in a recipe', async () => {
    const { offer } = companion;
    const skewed = { ...offer, descriptorDigest: 'f'.repeat(64) };
    const consumer = await connectHostCompanion(skewed, { sourceId: 's' });
    expect(!consumer.ok && consumer.error.code).to.equal(C.CARRIER_DIGEST_MISMATCH);
    const host = await raw(offer, 'probe', { ...envelope(offer), recipeDigest: 'e'.repeat(64) });
    expect(host.json.failure?.code).to.equal(C.CARRIER_DIGEST_MISMATCH);
    // A recipe naming another descriptor for its tool is refused at execute.
    const session = await connect(offer);
    const { leaseId, recipe } = await startedReadTree(offer, session);
    const executed = await raw(offer, 'execute', {
      ...envelope(offer),
      leaseId,
      recipe: { ...recipe, descriptorDigest: 'd'.repeat(64) },
    });
    expect(executed.json.failure?.code).to.equal(C.CARRIER_DIGEST_MISMATCH);
    await raw(offer, 'exit', { ...envelope(offer), leaseId });
  });

  it('T7 carrier-origin-rejected and carrier-host-rejected: foreign origins and rebinding hosts', async () => {
    const { offer } = companion;
    const origin = await raw(offer, 'probe', envelope(offer), { origin: 'https://evil.example' });
    expect([origin.status, origin.json.failure?.code]).to.deep.equal([
      403,
      C.CARRIER_ORIGIN_REJECTED,
    ]);
    const loopback = await raw(offer, 'probe', envelope(offer), {
      origin: 'http://localhost:8000',
    });
    expect(loopback.json.ok).to.equal(true);
    const port = new URL(offer.endpoint).port;
    const host = await raw(offer, 'probe', envelope(offer), { host: `evil.example:${port}` });
    expect([host.status, host.json.failure?.code]).to.deep.equal([403, C.CARRIER_HOST_REJECTED]);
    const named = await raw(offer, 'probe', envelope(offer), { host: `localhost:${port}` });
    expect(named.json.failure?.code).to.equal(C.CARRIER_HOST_REJECTED);
  });

  it('T7 carrier-request-invalid: unknown steps and bodies that are not JSON', async () => {
    const { offer } = companion;
    expect((await raw(offer, 'shell', envelope(offer))).json.failure?.code).to.equal(
      C.CARRIER_REQUEST_INVALID,
    );
    expect((await raw(offer, 'probe', '{not json')).json.failure?.code).to.equal(
      C.CARRIER_REQUEST_INVALID,
    );
  });

  it('T7 carrier-lease-conflict and host-side carrier-sequence-invalid / carrier-exited', async () => {
    const { offer } = companion;
    const first = await raw(offer, 'lease', envelope(offer));
    const leaseId = (first.json.value as { leaseId: string }).leaseId;
    const second = await raw(offer, 'lease', envelope(offer));
    expect([second.status, second.json.failure?.code]).to.deep.equal([
      409,
      C.CARRIER_LEASE_CONFLICT,
    ]);
    const early = await raw(offer, 'execute', { ...envelope(offer), leaseId, recipe: {} });
    expect(early.json.failure?.code).to.equal(C.CARRIER_SEQUENCE_INVALID);
    expect((await raw(offer, 'exit', { ...envelope(offer), leaseId })).json.ok).to.equal(true);
    const gone = await raw(offer, 'start', {
      ...envelope(offer),
      leaseId,
      tokenId: 't',
      capability: 'workspace.saveAll',
    });
    expect([gone.status, gone.json.failure?.code]).to.deep.equal([410, C.CARRIER_EXITED]);
  });

  it('T6 the host re-checks every recipe: live state is tool-migration-live-state', async () => {
    const { offer } = companion;
    const session = await connect(offer);
    const { leaseId, recipe } = await startedReadTree(offer, session);
    const executed = await raw(offer, 'execute', {
      ...envelope(offer),
      leaseId,
      recipe: { ...recipe, arguments: { undoStack: [{ op: 'insert' }] } },
    });
    const value = executed.json.value as {
      result: { ok: boolean; error: { code: string; details: unknown } };
    };
    expect(value.result.error.code).to.equal(TOOL_CALL_ERROR_CODES.TOOL_MIGRATION_LIVE_STATE);
    expect(value.result.error.details).to.deep.include({
      kind: 'undo',
      path: 'recipe.arguments.undoStack',
    });
    await raw(offer, 'exit', { ...envelope(offer), leaseId });
  });

  it('T7 carrier-unreachable before start, carrier-cancelled on abort, carrier-response-invalid', async () => {
    const server = createServer((_request, response) => response.end('<html>not a carrier</html>'));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const port = (server.address() as AddressInfo).port;
    try {
      const impostor = createAuthenticatedCarrierTransport({
        ...companion.offer,
        endpoint: `http://127.0.0.1:${port}/carrier`,
      });
      if (!impostor.ok) throw new Error('transport');
      const answer = await impostor.value.probe(signal());
      expect(!answer.ok && answer.failure.code).to.equal(C.CARRIER_RESPONSE_INVALID);
    } finally {
      await new Promise<void>((resolve) => server.close(() => resolve()));
    }
    const closed = createAuthenticatedCarrierTransport({
      ...companion.offer,
      endpoint: `http://127.0.0.1:${port}/carrier`,
    });
    if (!closed.ok) throw new Error('transport');
    const unreachable = await closed.value.lease(signal());
    expect(!unreachable.ok && unreachable.failure.code).to.equal(C.CARRIER_UNREACHABLE);
    expect(closed.value.state).to.equal('offered');
    const cancelled = await closed.value.lease(AbortSignal.abort());
    expect(!cancelled.ok && cancelled.failure.code).to.equal(C.CARRIER_CANCELLED);
  });

  it('T7 carrier-cleanup-failed: a resource still held at exit fails the run with a safe snapshot', async () => {
    const session = await connect(companion.offer);
    const stray = join(site, '.context-action-host/tmp/stray');
    await writeFile(stray, 'left behind');
    try {
      const ran = await writeText(session, 'index.html', '<h1>Cleanup</h1>', snapshot);
      expect(!ran.ok && ran.failure.code).to.equal(C.CARRIER_CLEANUP_FAILED);
      expect(!ran.ok && ran.failure.detail).to.deep.include({ safeSnapshot: snapshot });
      expect(!ran.ok && ran.failure.detail?.resources).to.deep.equal({
        temporaryFiles: 1,
        journalEntries: 0,
      });
    } finally {
      const { rm } = await import('node:fs/promises');
      await rm(stray);
    }
  });
});

describe('host companion: the folder boundary', () => {
  let root: string;
  let site: string;
  let companion: Companion;
  let session: HostCompanionSession;

  before(async () => {
    site = await makeSite({ 'index.html': '<p>x</p>', 'Café.html': 'nfc' });
    root = dirname(site);
    await mkdir(join(root, 'outside'));
    await symlink(join(root, 'outside'), join(site, 'linked'));
    await symlink(join(root, 'outside', 'x.html'), join(site, 'escape.html'));
    companion = await startCompanion(site);
    session = await connect(companion.offer);
  });
  after(() => companion.kill());

  it('never writes outside its folder: .., absolute, symlinks, NFC tricks, look-alikes, its state', async () => {
    const cases: [string, string, string][] = [
      ['../outside/x.html', WORKSPACE_ERROR_CODES.WORKSPACE_PATH_INVALID, 'parent-traversal'],
      ['/etc/x.html', WORKSPACE_ERROR_CODES.WORKSPACE_PATH_INVALID, 'absolute'],
      ['%2e%2e/x.html', WORKSPACE_ERROR_CODES.WORKSPACE_PATH_INVALID, 'encoded-traversal'],
      ['linked/x.html', WORKSPACE_ERROR_CODES.WORKSPACE_PATH_INVALID, 'symlink'],
      ['escape.html', WORKSPACE_ERROR_CODES.WORKSPACE_PATH_INVALID, 'symlink'],
      ['./index.html', WORKSPACE_ERROR_CODES.WORKSPACE_PATH_INVALID, 'not-canonical'],
      ['Cafe\u0301.html', WORKSPACE_ERROR_CODES.WORKSPACE_PATH_INVALID, 'not-nfc'],
      ['INDEX.html', WORKSPACE_ERROR_CODES.WORKSPACE_FILE_CONFLICT, 'look-alike'],
      [
        '.context-action-host/journal/x.html',
        WORKSPACE_ERROR_CODES.WORKSPACE_PATH_INVALID,
        'reserved-name',
      ],
      ['run.exe', WORKSPACE_ERROR_CODES.WORKSPACE_PATH_INVALID, 'unsupported-type'],
    ];
    for (const [path, code, problem] of cases) {
      const ran = await writeText(session, path, 'pwned', snapshot);
      if (!ran.ok) throw new Error(`${path}: ${ran.failure.code}`);
      expect(!ran.value.result.ok && ran.value.result.error.code, path).to.equal(code);
      const details = !ran.value.result.ok ? ran.value.result.error.details : {};
      expect(details?.problem ?? details?.reason, path).to.equal(problem);
    }
    expect(await readdir(join(root, 'outside'))).to.deep.equal([]);
    expect(await readFile(join(site, 'index.html'), 'utf8')).to.equal('<p>x</p>');
  });

  it('refuses content whose digest does not match, and files over the size limit', async () => {
    const ran = await session.run(
      'host.writeFile',
      { path: 'a.html', kind: 'text', text: 'one', digest: sha('two') },
      snapshot,
      signal(),
    );
    expect(ran.ok && !ran.value.result.ok && ran.value.result.error.code).to.equal(
      TOOL_CALL_ERROR_CODES.TOOL_VALIDATION_FAILED,
    );
    const big = 'x'.repeat(5 * 1024 * 1024 + 1);
    const over = await writeText(session, 'big.txt', big, snapshot);
    expect(over.ok && !over.value.result.ok && over.value.result.error.code).to.equal(
      WORKSPACE_ERROR_CODES.WORKSPACE_SOURCE_LIMIT_EXCEEDED,
    );
    const exists = await lstat(join(site, 'a.html')).then(
      () => true,
      () => false,
    );
    expect(exists).to.equal(false);
  });

  it('does not follow links when reading the tree', async () => {
    await writeFile(join(root, 'outside', 'secret.html'), 'secret');
    const tree = await session.run('host.readTree', {}, snapshot, signal());
    if (!tree.ok || !tree.value.result.ok) throw new Error('tree');
    const paths = (tree.value.result.value.files as { path: string }[]).map((file) => file.path);
    // The tree was read (its real files are there); neither link shows up in it.
    expect(paths).to.include('index.html');
    expect(paths.filter((path) => path.startsWith('linked'))).to.deep.equal([]);
    expect(paths).not.to.include('escape.html');
  });
});
