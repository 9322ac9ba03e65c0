import { expect } from 'chai';
import fc from 'fast-check';
import {
  checkMigrationRecipe,
  createCapabilityToken,
  createMigrationRecipe,
  MIGRATION_LIVE_STATE_KINDS,
  probeMigrationTarget,
  TOOL_CALL_ERROR_CODES as CODES,
  type CapabilityToken,
  type MigrationTarget,
  type MigrationTargetReport,
  type ProbedMigration,
} from '../../../src/runtime/index.js';
import { describe, it } from '../../support/spec.js';

const WRITE_DIGEST = 'a'.repeat(64);
const READ_DIGEST = 'b'.repeat(64);
const signal = new AbortController().signal;

function token(): CapabilityToken {
  const made = createCapabilityToken({
    capability: 'workspace.saveAll',
    source: { realm: 'browser', id: 'studio-1' },
    target: { realm: 'host' },
    probes: [
      { tool: 'host.writeFile', descriptorDigest: WRITE_DIGEST },
      { tool: 'host.readTree', descriptorDigest: READ_DIGEST },
    ],
  });
  if (!made.ok) throw new Error(made.error.message);
  return made.value;
}

const target = (report: Partial<MigrationTargetReport> = {}): MigrationTarget => ({
  probe: async () => ({
    ok: true,
    value: {
      version: 1,
      realm: 'host',
      tools: { 'host.writeFile': WRITE_DIGEST, 'host.readTree': READ_DIGEST },
      ...report,
    },
  }),
});

async function probed(): Promise<ProbedMigration> {
  const result = await probeMigrationTarget(token(), target(), signal);
  if (!result.ok) throw new Error(result.error.message);
  return result.value;
}

const recipeInput = (args: Record<string, unknown>) => ({
  tool: 'host.writeFile',
  arguments: args,
  snapshot: { id: 'workspace', revision: 3 },
  artifacts: [{ kind: 'file-digest', id: 'index.html', digest: 'c'.repeat(64) }],
});

class World {}
class Renderer {
  draw() {}
}
class FiberNode {}
// One live object per kind the contract names, plus handles every realm has.
function liveObjects(): unknown[] {
  const objects: unknown[] = [
    new World(),
    new Renderer(),
    new FiberNode(),
    new Map(),
    new Set(),
    new Date(0),
    new Uint8Array(2),
    Promise.resolve(),
    new AbortController().signal,
    new MessageChannel().port1,
    () => 1,
    Symbol('live'),
  ];
  if (typeof document !== 'undefined') {
    const canvas = document.createElement('canvas');
    objects.push(canvas, canvas.getContext('2d'), document, window, document.body);
  }
  return objects;
}

// Keys get a prefix so a random key never names a live-state kind (`ui`, `page`) by chance.
function prefixKeys(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(prefixKeys);
  if (typeof value !== 'object' || value === null) return value;
  return Object.fromEntries(
    Object.entries(value).map(([key, item]) => [`k${key}`, prefixKeys(item)]),
  );
}

describe('capability migration tokens and probes (T6)', () => {
  it('T6 createCapabilityToken records the source, the target and the expected probes', () => {
    const made = token();
    expect(made.version).to.equal(1);
    expect(made.capability).to.equal('workspace.saveAll');
    expect(made.source).to.deep.equal({ realm: 'browser', id: 'studio-1' });
    expect(made.target).to.deep.equal({ realm: 'host' });
    expect(made.probes.map((probe) => probe.tool)).to.deep.equal([
      'host.writeFile',
      'host.readTree',
    ]);
    expect(Object.isFrozen(made) && Object.isFrozen(made.probes)).to.equal(true);
  });

  it('T6 createCapabilityToken refuses unknown realms, a same-realm move and missing probes', () => {
    const base = {
      capability: 'workspace.saveAll',
      source: { realm: 'browser' as const, id: 's' },
      target: { realm: 'host' as const },
      probes: [{ tool: 'host.writeFile', descriptorDigest: WRITE_DIGEST }],
    };
    const cases: [string, object][] = [
      ['target.realm', { target: { realm: 'browser' } }],
      ['target', { target: { realm: 'moon' } }],
      ['probes', { probes: [] }],
      ['probes', { probes: [{ tool: 'host.writeFile', descriptorDigest: 'not hex' }] }],
      ['capability', { capability: 'bad name!' }],
    ];
    for (const [field, change] of cases) {
      const made = createCapabilityToken({ ...base, ...change } as never);
      expect(!made.ok && made.error.details?.field, field).to.equal(field);
    }
  });

  it('T6 probeMigrationTarget succeeds only when version, realm and every descriptor match', async () => {
    expect((await probeMigrationTarget(token(), target(), signal)).ok).to.equal(true);
    const mismatches: [string, Partial<MigrationTargetReport>][] = [
      ['version', { version: 2 }],
      ['realm', { realm: 'build' }],
      ['tool:host.writeFile', { tools: { 'host.readTree': READ_DIGEST } }],
      [
        'tool:host.readTree',
        { tools: { 'host.writeFile': WRITE_DIGEST, 'host.readTree': 'f'.repeat(64) } },
      ],
    ];
    for (const [fact, report] of mismatches) {
      const result = await probeMigrationTarget(token(), target(report), signal);
      expect(result.ok, fact).to.equal(false);
      if (result.ok) continue;
      expect(result.error.code).to.equal(CODES.TOOL_CAPABILITY_UNAVAILABLE);
      expect(result.error.details?.reason).to.equal('probe-mismatch');
      const failed = result.error.details?.failed as { fact: string }[];
      expect(failed.map((entry) => entry.fact)).to.deep.equal([fact]);
    }
  });

  it('T6 a probe that fails or throws is a structured capability failure, never a throw', async () => {
    const failing: MigrationTarget = {
      probe: async () => ({
        ok: false,
        error: { code: 'carrier-unreachable', message: 'down', retryable: true },
      }),
    };
    const failed = await probeMigrationTarget(token(), failing, signal);
    expect(!failed.ok && failed.error).to.deep.include({
      code: CODES.TOOL_CAPABILITY_UNAVAILABLE,
      retryable: false,
    });
    expect(!failed.ok && failed.error.details?.probeError).to.deep.equal({
      code: 'carrier-unreachable',
      retryable: true,
    });
    const throwing: MigrationTarget = {
      probe: async () => {
        throw new TypeError('boom');
      },
    };
    const threw = await probeMigrationTarget(token(), throwing, signal);
    expect(!threw.ok && threw.error.details?.reason).to.equal('probe-threw');
  });

  it('T6 a forged token or an unprobed target cannot build a recipe', async () => {
    const forged = { ...token() } as CapabilityToken;
    const result = await probeMigrationTarget(forged, target(), signal);
    expect(!result.ok && result.error.details?.reason).to.equal('token');
    const fake = { token: token(), report: { version: 1, realm: 'host', tools: {} } };
    const recipe = createMigrationRecipe(fake as ProbedMigration, recipeInput({ path: 'a.html' }));
    expect(!recipe.ok && recipe.error.details?.reason).to.equal('unprobed');
  });

  it('T6 a recipe names only a probed tool', async () => {
    const recipe = createMigrationRecipe(await probed(), {
      ...recipeInput({}),
      tool: 'host.deleteEverything',
    });
    expect(!recipe.ok && recipe.error.details?.reason).to.equal('unprobed-tool');
  });
});

describe('migration recipes (T6)', () => {
  it('T6 a recipe carries JSON arguments, a SnapshotRef and ArtifactRef values', async () => {
    const migration = await probed();
    const recipe = createMigrationRecipe(migration, recipeInput({ path: 'a.html', text: '<p>' }));
    expect(recipe.ok).to.equal(true);
    if (!recipe.ok) return;
    expect(recipe.value).to.deep.equal({
      version: 1,
      tokenId: migration.token.tokenId,
      capability: 'workspace.saveAll',
      tool: 'host.writeFile',
      descriptorDigest: WRITE_DIGEST,
      arguments: { path: 'a.html', text: '<p>' },
      snapshot: { id: 'workspace', revision: 3 },
      artifacts: [{ kind: 'file-digest', id: 'index.html', digest: 'c'.repeat(64) }],
    });
    expect(checkMigrationRecipe(JSON.parse(JSON.stringify(recipe.value))).ok).to.equal(true);
  });

  it('T6 a snapshot or artifact with extra fields, or a non-JSON number, is recipe-invalid', async () => {
    const migration = await probed();
    const cases = [
      { ...recipeInput({}), snapshot: { id: 'w', revision: 1, files: [] } },
      { ...recipeInput({}), artifacts: [{ kind: 'k', id: 'i', payload: 'x' }] },
      recipeInput({ size: Number.NaN }),
      recipeInput({ nested: [{ size: Infinity }] }),
      recipeInput({ missing: undefined }),
    ];
    for (const input of cases) {
      const recipe = createMigrationRecipe(migration, input as never);
      expect(!recipe.ok && recipe.error.code).to.equal(CODES.TOOL_MIGRATION_RECIPE_INVALID);
    }
  });

  it('T6 each named kind of live state is rejected by key, with its kind and path', async () => {
    const migration = await probed();
    for (const kind of MIGRATION_LIVE_STATE_KINDS) {
      const recipe = createMigrationRecipe(
        migration,
        recipeInput({ files: [{ path: 'a.html', [`${kind}State`]: { id: 1 } }] }),
      );
      expect(!recipe.ok && recipe.error.code, kind).to.equal(CODES.TOOL_MIGRATION_LIVE_STATE);
      expect(!recipe.ok && recipe.error.details).to.deep.include({
        kind,
        path: `recipe.arguments.files[0].${kind}State`,
      });
    }
    // Ordinary argument names that merely start like a kind stay data.
    expect(
      createMigrationRecipe(migration, recipeInput({ pageSize: 2, contextLines: 3 })).ok,
    ).to.equal(true);
  });

  it('T6 live objects are classified: canvas, context, renderer, world, page, carrier, fiber', async () => {
    const migration = await probed();
    const kindOf = (value: unknown) => {
      const recipe = createMigrationRecipe(migration, recipeInput({ value }));
      return !recipe.ok && recipe.error.code === CODES.TOOL_MIGRATION_LIVE_STATE
        ? recipe.error.details?.kind
        : 'accepted';
    };
    expect(kindOf(new World())).to.equal('world');
    expect(kindOf(new Renderer())).to.equal('renderer');
    expect(kindOf(new FiberNode())).to.equal('fiber');
    expect(kindOf(Promise.resolve())).to.equal('fiber');
    expect(kindOf(new MessageChannel().port1)).to.equal('carrier');
    expect(kindOf(new Map())).to.equal('live-object');
    const cyclic: Record<string, unknown> = {};
    cyclic.self = cyclic;
    expect(kindOf(cyclic)).to.equal('live-object');
    if (typeof document !== 'undefined') {
      const canvas = document.createElement('canvas');
      expect(kindOf(canvas)).to.equal('canvas');
      expect(kindOf(canvas.getContext('2d'))).to.equal('context');
      expect(kindOf(document)).to.equal('page');
      expect(kindOf(window)).to.equal('page');
    }
  });

  it('T6 fuzz: a live object nested at any depth of any JSON arguments is rejected at its path', async () => {
    const migration = await probed();
    const live = liveObjects();
    // A JSON value plus a path of keys/indices to descend before the live object is placed.
    const arbitrary = fc.record({
      base: fc.dictionary(fc.string({ minLength: 1, maxLength: 6 }), fc.jsonValue({ maxDepth: 3 })),
      trail: fc.array(fc.oneof(fc.constantFrom('a', 'items', 'deep'), fc.nat({ max: 3 })), {
        maxLength: 8,
      }),
      liveIndex: fc.nat({ max: live.length - 1 }),
    });
    fc.assert(
      fc.property(arbitrary, ({ base, trail, liveIndex }) => {
        const args = prefixKeys(base) as Record<string, unknown>;
        const clean = createMigrationRecipe(migration, recipeInput(args));
        expect(clean.ok).to.equal(true);
        let container: Record<string, unknown> | unknown[] = args;
        let path = 'recipe.arguments';
        for (const step of ['slot', ...trail]) {
          const next: Record<string, unknown> | unknown[] = typeof step === 'number' ? [] : {};
          if (Array.isArray(container)) {
            container.push(next);
            path += `[${container.length - 1}]`;
          } else {
            const key = typeof step === 'number' ? `n${step}` : step;
            container[key] = next;
            path += `.${key}`;
          }
          container = next;
        }
        if (Array.isArray(container)) {
          container.push(live[liveIndex]);
          path += `[${container.length - 1}]`;
        } else {
          container.leaf = live[liveIndex];
          path += '.leaf';
        }
        const recipe = createMigrationRecipe(migration, recipeInput(args));
        expect(!recipe.ok && recipe.error.code).to.equal(CODES.TOOL_MIGRATION_LIVE_STATE);
        expect(!recipe.ok && recipe.error.details?.path).to.equal(path);
      }),
      { numRuns: 300 },
    );
  });

  it('T6 fuzz: live state hidden in the snapshot or artifacts is rejected too', async () => {
    const migration = await probed();
    const live = liveObjects();
    fc.assert(
      fc.property(
        fc.nat({ max: live.length - 1 }),
        fc.constantFrom('snapshot', 'artifacts'),
        (index, where) => {
          const input =
            where === 'snapshot'
              ? { ...recipeInput({}), snapshot: { id: 'w', digest: live[index] } }
              : { ...recipeInput({}), artifacts: [{ kind: 'k', id: live[index] }] };
          const recipe = createMigrationRecipe(migration, input as never);
          expect(!recipe.ok && recipe.error.code).to.equal(CODES.TOOL_MIGRATION_LIVE_STATE);
        },
      ),
    );
  });
});
