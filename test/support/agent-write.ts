import { expect } from '@open-wc/testing';
import { createStudioRuntime, type StudioRuntime } from '../../src/composition/studio-runtime.js';
import { waitFor } from './wait.js';

/**
 * A model's `workspace.writeFile` of `text` to `path`, approved as the person would. Its call
 * starts at once, in the caller's task; resolves once it has committed.
 */
export async function agentWrites(runtime: StudioRuntime, path: string, text: string) {
  const call = runtime.registry.callTool(
    'workspace.writeFile',
    { path, text },
    { context: { source: 'model', mode: 'agent' } },
  );
  const pending = await waitFor(() => runtime.approvals.store.getSnapshot()[0], 'the approval');
  runtime.approvals.resolve(pending.id, 'approved');
  const result = await call;
  expect(result.error).to.equal(undefined);
}

/** A memory runtime, hydrated, whose one file `index.html` an agent is about to change. */
export async function runtimeBeforeChange(): Promise<StudioRuntime> {
  const runtime = createStudioRuntime({
    workspaceRepository: null,
    seed: [{ path: 'index.html', text: '<p>before</p>\n' }],
  });
  await runtime.ready;
  return runtime;
}
