import { describe, it } from 'node:test';
import { expect } from 'chai';
import * as Y from 'yjs';
import { syncWorkspaceDoc } from '../../../src/runtime/collab/index.js';
import { createTraceStore } from '../../../src/runtime/trace/index.js';
import { createWorkspaceDocumentManager } from '../../../src/runtime/workspace/index.js';

const LINES = ['one', 'two', 'three', 'four', 'five'];

/** A tab: its workspace, its trace and its copy of the room's document. */
function tab(seed = [{ path: 'index.html', text: LINES.join('\n') }]) {
  return {
    workspace: createWorkspaceDocumentManager({ seed }),
    trace: createTraceStore(),
    doc: new Y.Doc(),
  };
}
type Tab = ReturnType<typeof tab>;

/** Two documents that hear each other's updates at once. */
function link(a: Y.Doc, b: Y.Doc) {
  const relay = (from: Y.Doc, to: Y.Doc) =>
    from.on('update', (update: Uint8Array, origin: unknown) => {
      if (origin !== 'network') Y.applyUpdate(to, update, 'network');
    });
  relay(a, b);
  relay(b, a);
}

/** Two tabs in one room: Ada shares her files, Bo adopts them. */
async function room() {
  const ada = tab();
  const bo = tab([{ path: 'other.txt', text: 'Bo only' }]);
  link(ada.doc, bo.doc);
  const syncs = [
    syncWorkspaceDoc({ ...ada, start: 'share', nameOf: () => 'Ada' }),
    syncWorkspaceDoc({ ...bo, start: 'adopt', nameOf: () => 'Bo' }),
  ];
  const settle = async () => {
    for (let round = 0; round < 3; round += 1) await Promise.all(syncs.map((s) => s.idle()));
  };
  await settle();
  return { ada, bo, settle };
}

const lines = (t: Tab) => {
  const file = t.workspace.getSnapshot().files.find((entry) => entry.path === 'index.html');
  return file?.kind === 'text' ? file.text.split('\n') : [];
};
/** Writes `text` as line `n` (1-based) of index.html. */
const editLine = (t: Tab, n: number, text: string) =>
  t.workspace.writeFile(
    'index.html',
    lines(t)
      .with(n - 1, text)
      .join('\n'),
  );

describe('undo in a shared workspace', () => {
  it('a tab’s undo reverts its own latest change only, keeping another’s later change, on both tabs', async () => {
    const { ada, bo, settle } = await room();
    await editLine(ada, 1, 'ONE by Ada');
    await settle();
    await editLine(bo, 5, 'FIVE by Bo');
    await settle();
    const undone = await ada.workspace.undo();
    expect(undone.ok).to.equal(true);
    await settle();
    for (const t of [ada, bo]) expect(lines(t)).to.deep.equal(LINES.with(4, 'FIVE by Bo'));
  });

  it('a remote change is not on the receiving tab’s undo stack', async () => {
    const { ada, bo, settle } = await room();
    expect(bo.workspace.getStatus().canUndo, 'joining is not Bo’s change').to.equal(false);
    expect(ada.workspace.getStatus().canUndo, 'sharing is not Ada’s change').to.equal(false);
    // The Undo button redraws on the workspace's notice; the change joins the stack after it.
    let shown = false;
    ada.workspace.subscribe(() => (shown ||= ada.workspace.getStatus().canUndo));
    await editLine(ada, 1, 'ONE by Ada');
    await settle();
    expect(shown, 'a notice once Undo is possible').to.equal(true);
    expect(bo.workspace.getStatus().canUndo).to.equal(false);
    const refused = await bo.workspace.undo();
    expect(refused.ok).to.equal(false);
    if (!refused.ok) expect(refused.error.code).to.equal('WORKSPACE_HISTORY_EMPTY');
    expect(lines(bo)[0]).to.equal('ONE by Ada');
  });

  it('the undo reaches the other tab as one remote revision, and redo brings the change back', async () => {
    const { ada, bo, settle } = await room();
    await editLine(ada, 1, 'ONE by Ada');
    await settle();
    await editLine(bo, 5, 'FIVE by Bo');
    await settle();
    const revision = bo.workspace.getSnapshot().revision;
    const rows = bo.trace.getSnapshot().length;
    await ada.workspace.undo();
    await settle();
    for (const t of [ada, bo]) expect(lines(t)).to.deep.equal(LINES.with(4, 'FIVE by Bo'));
    expect(bo.workspace.getSnapshot().revision).to.equal(revision + 1);
    expect(bo.trace.getSnapshot()).to.have.length(rows + 1);
    expect(bo.trace.getSnapshot().at(-1)).to.include({ source: 'remote', status: 'completed' });
    expect(ada.workspace.getStatus().canRedo).to.equal(true);
    expect((await ada.workspace.redo()).ok).to.equal(true);
    await settle();
    const both = LINES.with(0, 'ONE by Ada').with(4, 'FIVE by Bo');
    for (const t of [ada, bo]) expect(lines(t)).to.deep.equal(both);
  });

  it('undoing an earlier change of one’s own after a later one of another’s keeps both of theirs', async () => {
    const { ada, bo, settle } = await room();
    await editLine(ada, 1, 'ONE by Ada');
    await settle();
    await editLine(bo, 2, 'TWO by Bo');
    await settle();
    await editLine(ada, 3, 'THREE by Ada');
    await settle();
    await editLine(bo, 4, 'FOUR by Bo');
    await settle();
    await ada.workspace.undo();
    await ada.workspace.undo();
    await settle();
    const bos = LINES.with(1, 'TWO by Bo').with(3, 'FOUR by Bo');
    for (const t of [ada, bo]) expect(lines(t)).to.deep.equal(bos);
    expect(ada.workspace.getStatus().canUndo).to.equal(false);
  });

  it('a planned undo shows what the undo leaves', async () => {
    const { ada, bo, settle } = await room();
    await editLine(ada, 1, 'ONE by Ada');
    await settle();
    await editLine(bo, 5, 'FIVE by Bo');
    await settle();
    const plan = ada.workspace.plan.undo();
    expect(plan.ok).to.equal(true);
    const planned = plan.ok ? plan.value.find((file) => file.path === 'index.html') : undefined;
    expect(planned?.kind === 'text' && planned.text.split('\n')).to.deep.equal(
      LINES.with(4, 'FIVE by Bo'),
    );
    expect(lines(ada)[0], 'planning changes nothing').to.equal('ONE by Ada');
  });

  it('a planned undo after an undo that brought text back shows that text gone too', async () => {
    const { ada, settle } = await room();
    await ada.workspace.writeFile('index.html', 'aXYZ');
    await settle();
    await ada.workspace.writeFile('index.html', 'aX');
    await settle();
    await ada.workspace.undo();
    await settle();
    expect(lines(ada)).to.deep.equal(['aXYZ']);
    const plan = ada.workspace.plan.undo();
    const planned = plan.ok ? plan.value.find((file) => file.path === 'index.html') : undefined;
    await ada.workspace.undo();
    await settle();
    expect(lines(ada)).to.deep.equal(LINES);
    expect(planned?.kind === 'text' && planned.text).to.equal(LINES.join('\n'));
  });
});
