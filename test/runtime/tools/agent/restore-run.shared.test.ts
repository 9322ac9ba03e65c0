import { expect } from 'chai';
import { createRunCheckpoints } from '../../../../src/runtime/agents/run-checkpoints.js';
import { createDefaultToolPolicy } from '../../../../src/runtime/registry/policy.js';
import { createToolRegistry } from '../../../../src/runtime/registry/registry.js';
import { createAgentRunTools } from '../../../../src/runtime/tools/agent/index.js';
import { createWorkspaceDocumentManager } from '../../../../src/runtime/workspace/manager.js';
import { describe, it } from '../../../support/spec.js';
import { callAsPerson } from '../../../../src/runtime/registry/person-call.js';

// A run's checkpoint holds every file it changed; agent.restoreRun puts them all back at once.

async function setup() {
  const workspace = createWorkspaceDocumentManager({
    seed: [
      { path: 'index.html', text: '<p>one</p>\n' },
      { path: 'old.css', text: 'p {}\n' },
    ],
  });
  await workspace.ready;
  const runs = createRunCheckpoints(workspace);
  const registry = createToolRegistry({ toolPolicy: createDefaultToolPolicy() });
  for (const tool of createAgentRunTools(workspace, runs)) registry.register(tool);
  const texts = () =>
    Object.fromEntries(
      workspace.getSnapshot().files.map((file) => [file.path, file.kind === 'text' && file.text]),
    );
  return { workspace, runs, registry, texts };
}

describe('agent.restoreRun', () => {
  it('puts back a written, a created and a deleted file in one revision', async () => {
    const { workspace, runs, registry, texts } = await setup();
    const before = texts();
    runs.begin('s1');
    await workspace.writeFile('index.html', '<p>two</p>\n');
    await workspace.createFile('new.js', 'run()');
    await workspace.deleteFile('old.css');
    runs.end('s1', 'change three files');
    // A run that changed nothing is no checkpoint.
    runs.begin('s2');
    runs.end('s2', 'read only');
    expect(runs.getSnapshot().map((run) => [run.sessionId, run.files.length])).to.deep.equal([
      ['s1', 3],
    ]);
    const revision = workspace.getSnapshot().revision;

    const result = await callAsPerson(registry, 'agent.restoreRun', { sessionId: 's1' });
    expect(result.error).to.equal(undefined);
    expect(result.structuredContent).to.deep.include({
      sessionId: 's1',
      restoredPaths: ['index.html', 'new.js', 'old.css'],
      revision: revision + 1,
    });
    expect(texts()).to.deep.equal(before);
    expect(runs.get('s1')!.restored).to.equal(true);
    const again = await callAsPerson(registry, 'agent.restoreRun', { sessionId: 's1' });
    expect(again.error).to.deep.include({ code: 'WORKSPACE_HISTORY_EMPTY' });
    expect(again.error!.details).to.deep.include({ reason: 'restored' });
  });

  it('refuses, changing nothing, when one of the files changed since, and names it', async () => {
    const { workspace, runs, registry, texts } = await setup();
    runs.begin('s1');
    await workspace.writeFile('index.html', '<p>two</p>\n');
    await workspace.createFile('new.js', 'run()');
    runs.end('s1', 'two files');
    await workspace.writeFile('new.js', 'run(later)');
    const after = texts();
    const revision = workspace.getSnapshot().revision;
    const result = await callAsPerson(registry, 'agent.restoreRun', { sessionId: 's1' });
    expect(result.error).to.deep.include({ code: 'WORKSPACE_REVISION_CONFLICT' });
    expect(result.error!.details).to.deep.include({ reason: 'changed-since', paths: ['new.js'] });
    expect(texts()).to.deep.equal(after);
    expect(workspace.getSnapshot().revision).to.equal(revision);
    expect(runs.get('s1')!.restored).to.equal(false);
  });
});
