import { expect } from 'chai';
import { describe, it } from 'node:test';
import { createStudioRuntime } from '../../src/composition/studio-runtime.js';

// Node has no IndexedDB: the default storage falls back to memory, as a browser without it does.
describe('a workspace in memory says why only when memory was not chosen', () => {
  it('storage "memory" is a choice: memory mode, no storage error', async () => {
    const runtime = createStudioRuntime({ storage: 'memory' });
    await runtime.ready;
    const status = runtime.workspace.getStatus();
    expect([status.storageMode, status.storageError]).to.deep.equal(['memory', undefined]);
    runtime.dispose();
  });

  it('the default storage without IndexedDB falls back to memory and says so', async () => {
    const runtime = createStudioRuntime();
    await runtime.ready;
    const status = runtime.workspace.getStatus();
    expect(status.storageMode).to.equal('memory');
    expect(status.storageError).to.equal(
      'IndexedDB is unavailable; edits are kept for this session only.',
    );
    runtime.dispose();
  });
});
