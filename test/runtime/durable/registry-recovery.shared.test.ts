import { expect } from 'chai';
import * as z from 'zod';
import {
  createDurableOperationStore,
  createMemoryDurableOperationBackend,
  createToolRegistry,
  defineTool,
  ToolCallFailure,
  TOOL_CALL_ERROR_CODES as CODES,
  type DurableOperationBackend,
  callAsPerson,
} from '../../../src/runtime/index.js';
import { describe, it } from '../../support/spec.js';

const NAME = 'workspace.saveAll';
const KEY = 'save-7';

/** A save whose outcome is unknown on its first run, so the key needs recovery. */
function unknownSave() {
  const runs = { count: 0 };
  const tool = defineTool(
    { name: NAME, description: 'Saves.', inputSchema: z.object({ revision: z.number() }) },
    () => {
      runs.count += 1;
      throw new ToolCallFailure({
        code: CODES.TOOL_EXECUTION_UNKNOWN,
        message: 'The folder write may have partly happened.',
        retryable: false,
      });
    },
  );
  return { tool, runs };
}

async function unknownOperation(
  backend: DurableOperationBackend = createMemoryDurableOperationBackend(),
) {
  const { tool, runs } = unknownSave();
  const registry = createToolRegistry({
    durableOperationStore: createDurableOperationStore(backend),
    durableOperationOwnerId: 'tab-a',
  });
  registry.register(tool);
  await callAsPerson(registry, NAME, { revision: 3 }, { idempotencyKey: KEY });
  return { registry, runs, backend };
}

describe('registry operation recovery edges (D2)', () => {
  it('D2 without a durable store every operation call is TOOL_INVALID_OPTIONS', async () => {
    const registry = createToolRegistry();
    registry.register(unknownSave().tool);
    const results = [
      await registry.getOperationStatus(NAME, KEY),
      await registry.reconcileOperation(NAME, KEY, {
        state: 'failed',
        actor: 'ana',
        expectedRevision: 2,
        reason: 'no',
      }),
      await registry.recoverOperation(NAME, KEY, async () => ({ state: 'unknown' })),
    ];
    for (const result of results) {
      expect(!result.ok && result.error).to.deep.include({
        code: CODES.TOOL_INVALID_OPTIONS,
        retryable: false,
      });
    }
  });

  it('D2 a tool hidden by the allowlist or a non-string name is not found', async () => {
    const registry = createToolRegistry({
      allowedToolNames: [],
      durableOperationStore: createDurableOperationStore(createMemoryDurableOperationBackend()),
    });
    registry.register(unknownSave().tool);
    for (const name of [NAME, 42 as never]) {
      const status = await registry.getOperationStatus(name, KEY);
      expect(!status.ok && status.error.code).to.equal(CODES.TOOL_NOT_FOUND);
    }
  });

  it('D2 a decision that is neither completed nor failed is TOOL_INVALID_OPTIONS and changes nothing', async () => {
    const { registry } = await unknownOperation();
    const result = await registry.reconcileOperation(NAME, KEY, {
      state: 'unknown',
      actor: 'ana',
      expectedRevision: 2,
    } as never);
    expect(!result.ok && result.error.code).to.equal(CODES.TOOL_INVALID_OPTIONS);
    const status = await registry.getOperationStatus(NAME, KEY);
    expect(status.ok && status.value?.state).to.equal('unknown');
  });

  it('D2 store errors come back as registry codes: bad input, stale revision, failed store', async () => {
    const { registry, backend } = await unknownOperation();
    const badActor = await registry.reconcileOperation(NAME, KEY, {
      state: 'failed',
      actor: '',
      expectedRevision: 2,
      reason: 'no',
    });
    expect(!badActor.ok && badActor.error).to.deep.include({
      code: CODES.TOOL_INVALID_OPTIONS,
      retryable: false,
    });
    expect(!badActor.ok && badActor.error.details).to.deep.equal({ field: 'actor' });
    const stale = await registry.reconcileOperation(NAME, KEY, {
      state: 'failed',
      actor: 'ana',
      expectedRevision: 1,
      reason: 'no',
    });
    expect(!stale.ok && stale.error).to.deep.include({
      code: 'DURABLE_OPERATION_REVISION_CONFLICT',
      retryable: false,
    });
    const broken: DurableOperationBackend = {
      read: async () => {
        throw new Error('offline');
      },
      compareAndSet: (change) => backend.compareAndSet(change),
    };
    const offline = createToolRegistry({
      durableOperationStore: createDurableOperationStore(broken),
    });
    offline.register(unknownSave().tool);
    const status = await offline.getOperationStatus(NAME, KEY);
    expect(!status.ok && status.error).to.deep.include({
      code: CODES.TOOL_IDEMPOTENCY_STORE_FAILED,
      retryable: true,
    });
    expect(!status.ok && status.error.details).to.deep.include({ operation: 'read' });
  });

  it('D2 a completed decision without a body replays a reconciled success', async () => {
    const { registry, runs } = await unknownOperation();
    const done = await registry.reconcileOperation(NAME, KEY, {
      state: 'completed',
      actor: 'ana',
      expectedRevision: 2,
    });
    expect(done.ok && done.value).to.deep.include({ state: 'completed', resolvedBy: 'ana' });
    expect(done.ok && 'result' in done.value).to.equal(false);
    const replay = await callAsPerson(registry, NAME, { revision: 3 }, { idempotencyKey: KEY });
    expect(replay.error).to.equal(undefined);
    expect(replay.content).to.deep.equal([
      { type: 'text', text: 'The operation was reconciled as completed.' },
    ]);
    expect(runs.count).to.equal(1);
  });

  it('D2 a failed decision replays as that failure, with its reason', async () => {
    const { registry, runs } = await unknownOperation();
    await registry.reconcileOperation(NAME, KEY, {
      state: 'failed',
      actor: 'ana',
      expectedRevision: 2,
      reason: 'folder shows no change',
    });
    const replay = await callAsPerson(registry, NAME, { revision: 3 }, { idempotencyKey: KEY });
    expect(replay.error).to.deep.include({
      code: CODES.TOOL_EXECUTION_FAILED,
      message: 'folder shows no change',
      retryable: false,
    });
    expect(runs.count).to.equal(1);
  });

  it('D2 recovery records the resolver decision as this owner, or as the actor given', async () => {
    const first = await unknownOperation();
    const asOwner = await first.registry.recoverOperation(NAME, KEY, async () => ({
      state: 'completed',
      body: { content: [{ type: 'text', text: 'found on disk' }] },
    }));
    expect(asOwner.ok && asOwner.value).to.deep.include({
      state: 'completed',
      resolvedBy: 'tab-a',
    });
    const replay = await callAsPerson(
      first.registry,
      NAME,
      { revision: 3 },
      { idempotencyKey: KEY },
    );
    expect(replay.content).to.deep.equal([{ type: 'text', text: 'found on disk' }]);

    const second = await unknownOperation();
    const controller = new AbortController();
    const seen: unknown[] = [];
    const asActor = await second.registry.recoverOperation(
      NAME,
      KEY,
      async ({ toolName, idempotencyKey, signal }) => {
        seen.push({ toolName, idempotencyKey, signal: signal === controller.signal });
        return { state: 'completed' };
      },
      { actor: 'operator:ana', signal: controller.signal },
    );
    expect(seen).to.deep.equal([{ toolName: NAME, idempotencyKey: KEY, signal: true }]);
    expect(asActor.ok && asActor.value).to.deep.include({
      state: 'completed',
      resolvedBy: 'operator:ana',
    });
  });

  it('D2 a resolver that throws or cannot tell leaves the record unknown', async () => {
    const { registry } = await unknownOperation();
    const thrown = await registry.recoverOperation(NAME, KEY, async () => {
      throw new Error('status endpoint down');
    });
    const unsure = await registry.recoverOperation(NAME, KEY, async () => ({ state: 'unknown' }));
    for (const result of [thrown, unsure])
      expect(result.ok && result.value).to.deep.include({ state: 'unknown', revision: 2 });
  });
});
