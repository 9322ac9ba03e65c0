import { expect } from 'chai';
import { createToolApprovalQueue } from '../../../src/runtime/approval/approval-queue.js';
import { createDefaultToolPolicy } from '../../../src/runtime/registry/policy.js';
import { createToolRegistry } from '../../../src/runtime/registry/registry.js';
import { createWorkspaceTools } from '../../../src/runtime/tools/workspace/index.js';
import { createWorkspaceDocumentManager } from '../../../src/runtime/workspace/manager.js';
import { createMemoryWorkspaceRepository } from '../../../src/runtime/workspace/repository.js';
import { describe, it } from '../../support/spec.js';

// A model's call waits for approval in tab A while tab B commits to the same file. The card is
// recomputed from what A now shows, and approving a call that would now make another edit than
// the one requested fails with WORKSPACE_REVISION_CONFLICT, leaving B's commit in place.

const model = { context: { source: 'model', mode: 'agent' } } as const;

async function twoTabs(text: string) {
  const repository = createMemoryWorkspaceRepository();
  const a = createWorkspaceDocumentManager({ repository });
  await a.ready;
  await a.writeFile('index.html', text);
  const b = createWorkspaceDocumentManager({ repository });
  await b.ready;
  const approvals = createToolApprovalQueue({ workspace: a });
  const registry = createToolRegistry({
    toolPolicy: createDefaultToolPolicy(),
    approvalQueue: approvals,
  });
  for (const tool of createWorkspaceTools(a)) registry.register(tool);
  const textIn = (manager: typeof a) => {
    const file = manager.getFile('index.html');
    return file.ok && file.value.kind === 'text' ? file.value.text : null;
  };
  const card = () => approvals.store.getSnapshot()[0]!;
  /** The card's first file's text, read on demand as "Show change" does. */
  const shownBefore = () => {
    const view = approvals.getChange(card().id);
    return view.ok ? view.value.files[0]!.text!.before : undefined;
  };
  return { a, b, approvals, registry, textIn, card, shownBefore };
}

describe('an approval that stays true while it waits', () => {
  it('a whole-file write approved after another tab committed fails and keeps that commit', async () => {
    const { a, b, approvals, registry, textIn, card, shownBefore } = await twoTabs('<p>one</p>\n');
    const call = registry.callTool(
      'workspace.writeFile',
      { path: 'index.html', text: '<p>model</p>\n' },
      model,
    );
    expect(card().change).to.deep.include({ added: 1, removed: 1, stale: false });

    expect((await b.writeFile('index.html', '<p>one</p>\n<p>from tab B</p>\n')).ok).to.equal(true);
    await a.refresh();
    // The card now shows the write against B's text: it would remove B's line too.
    expect(card().change!.stale).to.equal(true);
    expect(card().change!.files[0]!.removed).to.equal(2);
    expect(shownBefore()).to.equal('<p>one</p>\n<p>from tab B</p>\n');

    approvals.resolve(card().id, 'approved');
    const result = await call;
    expect(result.error?.code).to.equal('WORKSPACE_REVISION_CONFLICT');
    expect(textIn(a)).to.equal('<p>one</p>\n<p>from tab B</p>\n');
    await a.flush();
    expect(textIn(b)).to.equal('<p>one</p>\n<p>from tab B</p>\n');
  });

  it('a patch whose edit is unchanged by the other commit still applies over it', async () => {
    const lines = ['a', 'b', 'c', 'd', 'e', 'f'].join('\n');
    const { a, b, approvals, registry, textIn, card, shownBefore } = await twoTabs(lines);
    const call = registry.callTool(
      'workspace.applyPatch',
      { path: 'index.html', search: 'a', replace: 'A' },
      model,
    );
    await b.writeFile('index.html', lines.replace('f', 'F'));
    await a.refresh();
    expect(card().change).to.deep.include({ added: 1, removed: 1, stale: false });
    expect(shownBefore()).to.equal(lines.replace('f', 'F'));
    approvals.resolve(card().id, 'approved');
    expect((await call).error).to.equal(undefined);
    expect(textIn(a)).to.equal(lines.replace('a', 'A').replace('f', 'F'));
  });

  it('a card whose file changed back is no longer stale', async () => {
    const { a, b, approvals, registry, card } = await twoTabs('x\n');
    const call = registry.callTool(
      'workspace.writeFile',
      { path: 'index.html', text: 'y\n' },
      model,
    );
    await b.writeFile('index.html', 'z\n');
    await a.refresh();
    expect(card().change!.stale).to.equal(true);
    await b.writeFile('index.html', 'x\n');
    await a.refresh();
    expect(card().change!.stale).to.equal(false);
    approvals.resolve(card().id, 'approved');
    expect((await call).error).to.equal(undefined);
  });
});
