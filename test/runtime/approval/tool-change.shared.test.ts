import { expect } from 'chai';
import { changeBetween } from '../../../src/runtime/approval/tool-change.js';
import type { ToolDescriptor } from '../../../src/runtime/registry/define-tool.js';
import { createWorkspaceTools } from '../../../src/runtime/tools/workspace/index.js';
import { createWorkspaceDocumentManager } from '../../../src/runtime/workspace/manager.js';
import { createMemoryWorkspaceRepository } from '../../../src/runtime/workspace/repository.js';
import { describe, it } from '../../support/spec.js';

// Revert, undo, redo and reset say what they change: the workspace plans each step with the
// transition it runs, and the tool shows the difference, file by file.

const readme = Array.from({ length: 300 }, (_, index) => `line ${index + 1}`).join('\n');

async function workspace() {
  const manager = createWorkspaceDocumentManager({
    repository: createMemoryWorkspaceRepository(),
    seed: [
      { path: 'index.html', text: '<p>seed</p>' },
      { path: 'README.md', text: 'seed readme' },
    ],
  });
  await manager.ready;
  const tools = new Map(
    createWorkspaceTools(manager).map((tool) => [tool.name, tool as ToolDescriptor<unknown>]),
  );
  const describeCall = (name: string, args: Record<string, unknown> = {}) =>
    tools.get(name)!.describeChange!(args, manager);
  return { manager, describeCall };
}

describe('revert, undo, redo and reset describe their change', () => {
  it('a revert shows every line it discards', async () => {
    const { manager, describeCall } = await workspace();
    await manager.saveCheckpoint();
    await manager.writeFile('README.md', readme);
    const change = describeCall('workspace.revertFile', { path: 'README.md' });
    expect(change.files).to.deep.equal([
      { path: 'README.md', before: readme, after: 'seed readme', status: 'modified' },
    ]);
    // Without a path, the open file is reverted.
    await manager.openFile('README.md');
    expect(describeCall('workspace.revertFile').files[0]!.path).to.equal('README.md');
  });

  it('undo and redo show the step back and forward, a created file as added and removed', async () => {
    const { manager, describeCall } = await workspace();
    await manager.createFile('new.css', 'p {}');
    expect(describeCall('workspace.undo').files).to.deep.equal([
      { path: 'new.css', before: 'p {}', after: '', status: 'deleted' },
    ]);
    await manager.undo();
    expect(describeCall('workspace.redo').files).to.deep.equal([
      { path: 'new.css', before: '', after: 'p {}', status: 'added' },
    ]);
    await manager.redo();
    await manager.undo();
    await manager.redo();
    expect(describeCall('workspace.redo')).to.deep.include({ files: [] });
    expect(describeCall('workspace.redo').note).to.match(/^Would fail: Nothing to redo/);
  });

  it('reset shows every file it restores, adds and removes; a rename shows as one', async () => {
    const { manager, describeCall } = await workspace();
    await manager.writeFile('index.html', '<p>mine</p>');
    await manager.renameFile('README.md', 'docs.md');
    await manager.createFile('extra.js', 'run()');
    const paths = describeCall('workspace.reset').files.map((file) => [file.path, file.status]);
    expect(paths).to.deep.equal([
      ['docs.md', 'renamed'],
      ['extra.js', 'deleted'],
      ['index.html', 'modified'],
    ]);
    expect(describeCall('workspace.reset').files[0]!.to).to.equal('README.md');
    // The plan is a dry run: nothing changed.
    expect(manager.getSnapshot().files.map((file) => file.path)).to.deep.equal([
      'docs.md',
      'extra.js',
      'index.html',
    ]);
  });

  it('an asset shows its type and size, never its bytes', () => {
    const asset = { path: 'a.png', kind: 'asset', blob: new Blob(['png']), mimeType: 'image/png' };
    expect(changeBetween([], [asset as never])).to.deep.equal([
      { path: 'a.png', before: '', after: '(image/png asset, 3 bytes)', status: 'added' },
    ]);
  });
});
