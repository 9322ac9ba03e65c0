import { expect } from 'chai';
import { describeWorkspaceChange } from '../../../src/runtime/approval/workspace-change.js';
import type { ToolPolicyInput } from '../../../src/runtime/registry/policy.js';
import { createWorkspaceDocumentManager } from '../../../src/runtime/workspace/manager.js';
import { createMemoryWorkspaceRepository } from '../../../src/runtime/workspace/repository.js';
import { describe, it } from '../../support/spec.js';

// What the approval card says a workspace call will change, read from the real workspace; for
// every call that succeeds the "after" text is what the file holds once the call has run.

const call = (toolName: string, args: Record<string, unknown>): ToolPolicyInput => ({
  method: 'tools/call',
  toolCallId: 'change-probe',
  toolName,
  definition: { name: toolName, description: '', inputSchema: { type: 'object' } },
  arguments: args,
  argumentFingerprint: 'fp',
  context: { source: 'model', mode: 'agent' },
});

async function workspace() {
  const manager = createWorkspaceDocumentManager({ repository: createMemoryWorkspaceRepository() });
  await manager.ready;
  await manager.replaceAll(
    [
      { path: 'page.html', kind: 'text', text: '<p>a</p>\n<p>a</p>' },
      { path: 'logo.png', kind: 'asset', blob: new Blob(['png']), mimeType: 'image/png' },
    ],
    { folder: null },
  );
  const textOf = (path: string) => {
    const file = manager.getFile(path);
    return file.ok && file.value.kind === 'text' ? file.value.text : null;
  };
  return {
    manager,
    textOf,
    describe: (input: ToolPolicyInput) => describeWorkspaceChange(manager, input),
  };
}

describe('workspace change for the approval card', () => {
  it('createFile: from nothing to its text, or to an empty file without one', async () => {
    const { manager, textOf, describe } = await workspace();
    expect(describe(call('workspace.createFile', { path: 'new.css', text: 'p {}' }))).to.deep.equal(
      { before: '', after: 'p {}' },
    );
    expect(describe(call('workspace.createFile', { path: 'empty.css' }))).to.deep.equal({
      before: '',
      after: '',
    });
    await manager.createFile('new.css', 'p {}');
    expect(textOf('new.css')).to.equal('p {}');
  });

  it('writeFile: from the current text, or from nothing for a new or binary path', async () => {
    const { manager, textOf, describe } = await workspace();
    const write = call('workspace.writeFile', { path: 'page.html', text: '<p>b</p>' });
    expect(describe(write)).to.deep.equal({ before: '<p>a</p>\n<p>a</p>', after: '<p>b</p>' });
    await manager.writeFile('page.html', '<p>b</p>');
    expect(textOf('page.html')).to.equal('<p>b</p>');
    expect(describe(call('workspace.writeFile', { path: 'other.js', text: 'x' }))).to.deep.equal({
      before: '',
      after: 'x',
    });
    expect(describe(call('workspace.writeFile', { path: 'logo.png', text: 'x' }))).to.deep.equal({
      before: '',
      after: 'x',
    });
    expect(describe(call('workspace.writeFile', { path: 7, text: 'x' }))).to.deep.equal({
      before: '',
      after: 'x',
    });
  });

  it('applyPatch: the first occurrence or all of them, replaced literally', async () => {
    for (const occurrence of ['first', 'all'] as const) {
      const { manager, textOf, describe } = await workspace();
      const patch = { search: 'a', replace: '$& & $1', occurrence };
      const change = describe(call('workspace.applyPatch', { path: 'page.html', ...patch }));
      expect(change!.before).to.equal('<p>a</p>\n<p>a</p>');
      expect(change!.after).to.equal(
        occurrence === 'first' ? '<p>$& & $1</p>\n<p>a</p>' : '<p>$& & $1</p>\n<p>$& & $1</p>',
      );
      expect((await manager.applyPatch('page.html', patch)).ok).to.equal(true);
      expect(textOf('page.html')).to.equal(change!.after);
    }
  });

  it('applyPatch that would fail or is malformed shows no lines changed', async () => {
    const { describe } = await workspace();
    const before = '<p>a</p>\n<p>a</p>';
    const unchanged = (args: Record<string, unknown>) =>
      expect(describe(call('workspace.applyPatch', { path: 'page.html', ...args }))).to.deep.equal({
        before,
        after: before,
      });
    unchanged({ search: 'absent', replace: 'x' });
    unchanged({ search: '', replace: 'x', occurrence: 'all' });
    unchanged({ search: '', replace: 'x' });
    unchanged({ search: 'a' });
    unchanged({ search: 'a', replace: 1 });
    // Arguments are raw when validation only warns: a number is no search text.
    unchanged({ search: 1, replace: 'x' });
    unchanged({ replace: 'x', occurrence: 'all' });
    expect(
      describe(call('workspace.applyPatch', { path: 'gone.html', search: 'a', replace: 'b' })),
    ).to.deep.equal({ before: '', after: '' });
  });

  it('deleteFile: from the current text to nothing', async () => {
    const { describe } = await workspace();
    expect(describe(call('workspace.deleteFile', { path: 'page.html' }))).to.deep.equal({
      before: '<p>a</p>\n<p>a</p>',
      after: '',
    });
  });

  it('has no change to show for calls that move, restore or only read files', async () => {
    const { describe } = await workspace();
    for (const toolName of [
      'workspace.renameFile',
      'workspace.revertFile',
      'workspace.undo',
      'workspace.readFile',
      '',
    ]) {
      expect(describe(call(toolName, { path: 'page.html', text: 'x' })), toolName).to.equal(
        undefined,
      );
    }
  });
});
