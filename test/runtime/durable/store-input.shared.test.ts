import { expect } from 'chai';
import { describe, it } from '../../support/spec.js';
import {
  createDurableOperationStore,
  createMemoryDurableOperationBackend,
} from '../../../src/runtime/durable/index.js';

const claim = (fields: Record<string, unknown> = {}) => ({
  key: 'k',
  fingerprint: 'fp',
  ownerId: 'owner',
  leaseMs: 1_000,
  ...fields,
});

function setup() {
  const backend = createMemoryDurableOperationBackend();
  return { backend, store: createDurableOperationStore(backend) };
}

/** The field an invalid input names, or `accepted`. */
async function verdict(
  run: () => Promise<{ ok: boolean; error?: { code: string; details?: Record<string, unknown> } }>,
) {
  const result = await run();
  if (result.ok) return 'accepted';
  expect(result.error?.code).to.equal('DURABLE_OPERATION_INVALID_INPUT');
  return result.error?.details?.field;
}

describe('durable store input limits (D1): the exact bounds, and the field each refusal names', () => {
  it('keys and fingerprints up to 1,024 characters, owners up to 256, never NUL', async () => {
    const cases: [Record<string, unknown>, unknown][] = [
      [{ key: 'k'.repeat(1024) }, 'accepted'],
      [{ key: 'k'.repeat(1025) }, 'key'],
      [{ key: 'a\u0000b' }, 'key'],
      [{ fingerprint: 'f'.repeat(1024) }, 'accepted'],
      [{ fingerprint: 'f'.repeat(1025) }, 'fingerprint'],
      [{ fingerprint: '' }, 'fingerprint'],
      [{ ownerId: 'o'.repeat(256) }, 'accepted'],
      [{ ownerId: 'o'.repeat(257) }, 'ownerId'],
      [{ ownerId: 3 }, 'ownerId'],
    ];
    for (const [fields, expected] of cases) {
      const { store } = setup();
      expect(
        await verdict(() => store.claim(claim(fields) as never)),
        JSON.stringify(fields),
      ).to.equal(expected);
    }
  });

  it('leases in (0, one day]', async () => {
    for (const [leaseMs, expected] of [
      [86_400_000, 'accepted'],
      [86_400_001, 'leaseMs'],
      [0, 'leaseMs'],
      [0.5, 'accepted'],
      [Number.NaN, 'leaseMs'],
      ['1000', 'leaseMs'],
    ] as const) {
      const { store } = setup();
      expect(
        await verdict(() => store.claim(claim({ leaseMs }) as never)),
        String(leaseMs),
      ).to.equal(expected);
    }
  });

  it('transitions need a positive integer revision and a JSON result; a refusal writes nothing', async () => {
    const { backend, store } = setup();
    const claimed = await store.claim(claim());
    if (!claimed.ok) throw new Error(claimed.error.message);
    const { revision } = claimed.value.record;
    const owner = { key: 'k', ownerId: 'owner' };
    for (const bad of [0, -1, 1.5, '1']) {
      expect(
        await verdict(() => store.complete({ ...owner, revision: bad } as never)),
        String(bad),
      ).to.equal('revision');
    }
    const cyclic: Record<string, unknown> = {};
    cyclic.self = cyclic;
    expect(await verdict(() => store.complete({ ...owner, revision, result: cyclic }))).to.equal(
      'result',
    );
    expect((await backend.read('k'))?.state).to.equal('pending');
    expect(await verdict(() => store.complete({ ...owner, revision, result: { n: 1 } }))).to.equal(
      'accepted',
    );
    expect((await backend.read('k'))?.result).to.deep.equal({ n: 1 });
  });

  it('resolveUnknown needs an actor and a completed or failed resolution', async () => {
    const { store } = setup();
    const base = { key: 'k', revision: 1, actor: 'person' };
    expect(
      await verdict(() =>
        store.resolveUnknown({ ...base, resolution: { state: 'unknown' } } as never),
      ),
    ).to.equal('resolution');
    expect(
      await verdict(() =>
        store.resolveUnknown({ ...base, actor: '', resolution: { state: 'failed', reason: 'r' } }),
      ),
    ).to.equal('actor');
    expect(await verdict(() => store.read('k'.repeat(1025)))).to.equal('key');
  });
});
