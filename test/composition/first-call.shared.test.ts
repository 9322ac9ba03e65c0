import { expect } from 'chai';
import { describe, it } from '../support/spec.js';
import { createStudioRuntime } from '../../src/composition/studio-runtime.js';
import { createMemoryWorkspaceRepository } from '../../src/runtime/workspace/index.js';
import { callAsPerson } from '../../src/runtime/registry/person-call.js';

/** A repository holding a stored workspace with `notes.md` beside the seed, at a known revision. */
async function storedWorkspace() {
  const repository = createMemoryWorkspaceRepository();
  const first = createStudioRuntime({ workspaceRepository: repository });
  await first.ready;
  const written = await callAsPerson(first.registry, 'workspace.createFile', {
    path: 'notes.md',
    text: '# stored',
  });
  expect(written.error).to.equal(undefined);
  const stored = first.workspace.getStatus();
  first.dispose();
  return { repository, revision: stored.revision, fileCount: stored.files.length };
}

describe('a call made the moment the registry exists sees the stored workspace', () => {
  it('status, read and a write with the revision just read, before hydration finished', async () => {
    const { repository, revision, fileCount } = await storedWorkspace();
    const runtime = createStudioRuntime({ workspaceRepository: repository });
    // The calls start while the runtime still holds its provisional, empty state.
    expect(runtime.workspace.getSnapshot().revision, 'not hydrated yet').to.equal(0);
    const status = callAsPerson(runtime.registry, 'workspace.getStatus', {});
    const read = runtime.agentTools.callTool('workspace.readFile', { path: 'notes.md' });

    const statusValue = (await status).structuredContent as Record<string, unknown>;
    expect(statusValue).to.deep.include({ revision, fileCount });
    const readResult = await read;
    expect(readResult.error).to.equal(undefined);
    expect(readResult.structuredContent).to.deep.include({ text: '# stored', revision });

    const write = await callAsPerson(runtime.registry, 'workspace.writeFile', {
      path: 'notes.md',
      text: '# edited',
      expectedRevision: revision,
    });
    expect(write.error, JSON.stringify(write.error)).to.equal(undefined);
    expect(runtime.workspace.getStatus().revision).to.equal(revision + 1);
    runtime.dispose();
  });
});
