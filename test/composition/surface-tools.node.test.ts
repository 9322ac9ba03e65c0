import { expect } from 'chai';
import { describe, it } from 'node:test';
import { createStudioRuntime } from '../../src/composition/studio-runtime.js';
import type { StudioSurface } from '../../src/runtime/surfaces/names.js';

const namespaces = async (surface: StudioSurface) => {
  const runtime = createStudioRuntime({ storage: 'memory', surface });
  await runtime.ready;
  const names = runtime.registry.listTools().tools.map((tool) => tool.name);
  runtime.dispose();
  return [...new Set(names.map((name) => name.slice(0, name.indexOf('.'))))].sort();
};

// Each surface's own tools are a chunk its runtime loads; `ready` waits for them.
describe('a studio runtime registers its surface’s own tools by `ready`', () => {
  it('studio: the workspace and preview catalogs, and agent.restoreRun', async () => {
    expect(await namespaces('studio')).to.deep.equal(['agent', 'preview', 'workspace']);
  });

  it('web-coding adds web.*, live-editor adds editor.*', async () => {
    expect(await namespaces('web-coding')).to.deep.equal(['agent', 'preview', 'web', 'workspace']);
    expect(await namespaces('live-editor')).to.deep.equal([
      'agent',
      'editor',
      'preview',
      'workspace',
    ]);
  });
});
