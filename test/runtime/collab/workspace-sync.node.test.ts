import { describe, it } from 'node:test';
import { expect } from 'chai';
import * as Y from 'yjs';
import { syncWorkspaceDoc } from '../../../src/runtime/collab/index.js';
import { createTraceStore } from '../../../src/runtime/trace/index.js';
import { createWorkspaceDocumentManager } from '../../../src/runtime/workspace/index.js';

/** A tab: its workspace, its trace and its copy of the room's document. */
function tab(seed = [{ path: 'index.html', text: '<h1>Hi</h1>' }]) {
  return {
    workspace: createWorkspaceDocumentManager({ seed }),
    trace: createTraceStore(),
    doc: new Y.Doc(),
  };
}

/**
 * A network between two documents that holds what each sends until `deliver()`: both tabs can
 * change the same file before either hears of the other.
 */
function network(a: Y.Doc, b: Y.Doc) {
  const held: Array<() => void> = [];
  const link = (from: Y.Doc, to: Y.Doc) =>
    from.on('update', (update: Uint8Array, origin: unknown) => {
      if (origin !== 'network') held.push(() => Y.applyUpdate(to, update, 'network'));
    });
  link(a, b);
  link(b, a);
  return {
    deliver() {
      while (held.length) held.shift()!();
    },
  };
}

const textOf = (t: ReturnType<typeof tab>, path: string) => {
  const file = t.workspace.getSnapshot().files.find((entry) => entry.path === path);
  return file?.kind === 'text' ? file.text : undefined;
};

/** Two tabs in one room: Ada shares her files, Bo adopts them. */
async function room() {
  const ada = tab();
  const bo = tab([{ path: 'other.txt', text: 'Bo only' }]);
  const net = network(ada.doc, bo.doc);
  const adaSync = syncWorkspaceDoc({ ...ada, start: 'share', nameOf: () => 'Ada' });
  await adaSync.idle();
  net.deliver();
  const boSync = syncWorkspaceDoc({ ...bo, start: 'adopt', nameOf: () => 'Ada' });
  await boSync.idle();
  const settle = async () => {
    for (let round = 0; round < 3; round += 1) {
      net.deliver();
      await Promise.all([adaSync.idle(), boSync.idle()]);
    }
  };
  return { ada, bo, settle };
}

describe('syncWorkspaceDoc', () => {
  it('a tab adopting a room shows the room’s files, as one traced remote revision', async () => {
    const { bo } = await room();
    expect(bo.workspace.getSnapshot().files.map((file) => file.path)).to.deep.equal(['index.html']);
    const rows = bo.trace.getSnapshot();
    expect(rows).to.have.length(1);
    expect(rows[0]).to.include({ method: 'collab/remote', source: 'remote', mode: 'collab' });
    expect(rows[0]!.summary).to.match(/^2 files from Ada · revision \d+$/);
  });

  it('two tabs changing one file before hearing of each other keep both edits', async () => {
    const { ada, bo, settle } = await room();
    await ada.workspace.writeFile('index.html', 'A<h1>Hi</h1>');
    await bo.workspace.writeFile('index.html', '<h1>Hi</h1>B');
    await settle();
    expect(textOf(ada, 'index.html')).to.equal('A<h1>Hi</h1>B');
    expect(textOf(bo, 'index.html')).to.equal('A<h1>Hi</h1>B');
  });

  it('an edit that crosses a rename lands in the renamed file; a delete crosses too', async () => {
    const { ada, bo, settle } = await room();
    await ada.workspace.createFile('a.css', 'a{}');
    await ada.workspace.createFile('b.js', '1');
    await settle();
    await ada.workspace.renameFile('a.css', 'style.css');
    await bo.workspace.writeFile('a.css', 'a{color:red}');
    await bo.workspace.deleteFile('b.js');
    await settle();
    for (const t of [ada, bo])
      expect(
        t.workspace.getSnapshot().files.map((file) => [file.path, textOf(t, file.path)]),
      ).to.deep.equal([
        ['index.html', '<h1>Hi</h1>'],
        ['style.css', 'a{color:red}'],
      ]);
  });

  it('a remote change is one revision of the receiving tab', async () => {
    const { ada, bo, settle } = await room();
    const before = bo.workspace.getSnapshot().revision;
    await ada.workspace.writeFile('index.html', '<h1>Changed</h1>');
    await settle();
    expect(bo.workspace.getSnapshot().revision).to.equal(before + 1);
    expect(textOf(bo, 'index.html')).to.equal('<h1>Changed</h1>');
  });
});
