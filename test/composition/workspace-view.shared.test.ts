import { expect } from 'chai';
import { describe, it } from '../support/spec.js';
import { createStudioRuntime } from '../../src/composition/studio-runtime.js';
import { callAsPerson } from '../../src/runtime/registry/person-call.js';

describe('runtime.workspace is a read-only view', () => {
  it('exposes snapshot, status, file reads, subscribe and the cold-start snapshot, and no mutating method', async () => {
    const runtime = createStudioRuntime({ workspaceRepository: null });
    await runtime.ready;
    const view = runtime.workspace as unknown as Record<string, unknown>;
    expect(Object.keys(view).sort()).to.deep.equal([
      'getFile',
      'getSnapshot',
      'getStatus',
      'provisionalSnapshot',
      'ready',
      'subscribe',
    ]);
    for (const name of ['writeFile', 'replaceAll', 'disconnectFolder', 'reset', 'getFolder'])
      expect(name in view, name).to.equal(false);
    expect(Object.isFrozen(view)).to.equal(true);
    expect(() => Object.assign(view, { writeFile: () => undefined })).to.throw(TypeError);
    runtime.dispose();
  });

  it('still sees every change made through the registry', async () => {
    const runtime = createStudioRuntime({ workspaceRepository: null });
    await runtime.ready;
    let notified = 0;
    const unsubscribe = runtime.workspace.subscribe(() => notified++);
    const before = runtime.workspace.getSnapshot().revision;
    const result = await callAsPerson(runtime.registry, 'workspace.writeFile', {
      path: 'index.html',
      text: '<p>through the registry</p>',
    });
    expect(result.error).to.equal(undefined);
    expect(runtime.workspace.getSnapshot().revision).to.equal(before + 1);
    expect(runtime.workspace.getFile('index.html')).to.deep.include({ ok: true });
    expect(runtime.workspace.getStatus().dirtyPaths).to.include('index.html');
    expect(notified).to.be.greaterThan(0);
    unsubscribe();
    runtime.dispose();
  });
});
