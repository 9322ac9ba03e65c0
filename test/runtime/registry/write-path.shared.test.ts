import { expect } from 'chai';
import { createCapabilityTable } from '../../../src/runtime/registry/capability-table.js';
import { previewHostCapability } from '../../../src/runtime/preview/preview-host.js';
import { createToolRegistry } from '../../../src/runtime/registry/registry.js';
import { createWorkspaceTools } from '../../../src/runtime/tools/workspace/index.js';
import { createWorkspaceDocumentManager } from '../../../src/runtime/workspace/manager.js';
import { createMemoryWorkspaceRepository } from '../../../src/runtime/workspace/repository.js';
import { describe, it } from '../../support/spec.js';
import { callAsPerson } from '../../../src/runtime/registry/person-call.js';

/**
 * The write path of docs/architecture.md for one call, as the steps happen: the lifecycle's
 * `started`, the workspace commit (a new revision shown), the durable store's commit, the
 * registry asking the preview for that revision, the final event.
 */
async function writePath(awaitPreview: boolean) {
  const steps: string[] = [];
  // The seed's own store commit, after hydration, is not this call's.
  let hydrated = Infinity;
  const memory = createMemoryWorkspaceRepository();
  const repository = {
    ...memory,
    async commit(change: Parameters<typeof memory.commit>[0]) {
      const result = await memory.commit(change);
      if (result.committed && change.metadata.revision > hydrated)
        steps.push(`stored ${change.metadata.revision}`);
      return result;
    },
  };
  const manager = createWorkspaceDocumentManager({ repository });
  await manager.ready;
  let shown = (hydrated = manager.getSnapshot().revision);
  manager.subscribe(() => {
    const { revision } = manager.getSnapshot();
    if (revision !== shown) steps.push(`committed ${revision}`);
    shown = revision;
  });
  const capabilities = createCapabilityTable();
  capabilities.provide(previewHostCapability, {
    async waitForRevision(revision) {
      steps.push(`preview asked ${revision}`);
      return { ok: true, value: { revision, state: 'ready' } };
    },
    refresh: async () => ({ ok: true, value: { revision: shown, state: 'ready' } }),
    getStatus: () => ({
      revision: shown,
      acknowledgedRevision: shown,
      state: 'ready',
      diagnostics: [],
    }),
  });
  const registry = createToolRegistry({ capabilityResolver: capabilities.resolve });
  for (const tool of createWorkspaceTools(manager)) registry.register(tool);
  registry.subscribe((event) => steps.push(event.type));
  const result = await callAsPerson(
    registry,
    'workspace.writeFile',
    { path: 'index.html', text: '<p>typed</p>', expectedRevision: 1 },
    { awaitPreview },
  );
  return { steps, result };
}

describe('the write path of one call', () => {
  it('runs started → workspace commit → durable store → preview acknowledgement → result', async () => {
    const { steps, result } = await writePath(true);
    expect(result.error).to.equal(undefined);
    expect(steps).to.deep.equal([
      'started',
      'committed 2',
      'stored 2',
      'preview asked 2',
      'completed',
    ]);
  });

  it('leaves the preview out for a caller that does not wait', async () => {
    const { steps } = await writePath(false);
    expect(steps).to.deep.equal(['started', 'committed 2', 'stored 2', 'completed']);
  });
});
