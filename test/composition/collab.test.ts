/**
 * Two studios in one room of a real collaboration server (a Hocuspocus process on loopback):
 * their workspaces converge, each remote change arrives as one traced revision with source
 * `remote`, and a server killed mid-typing loses nothing.
 */
import { expect } from '@open-wc/testing';
import { executeServerCommand } from '@web/test-runner-commands';
import { createStudioRuntime, type StudioRuntime } from '../../src/composition/index.js';
import { collabStudios, crossRenameEditDelete, textOf } from '../support/collab-studios.js';
import { waitFor, uniqueName } from '../support/wait.js';

const TOKEN = 'collab-test-token';
const collab = collabStudios(TOKEN);
const studio = (room: string, name: string, seed?: Array<{ path: string; text: string }>) =>
  collab.studio(room, { name }, seed);

const direct = { context: { source: 'local', mode: 'direct' } } as const;

/** Two studios in a fresh room, the second joined once the first shared its files. */
async function pair() {
  const room = uniqueName('room');
  const ada = studio(room, 'Ada');
  await ada.collab!.idle();
  const bo = studio(room, 'Bo', [{ path: 'index.html', text: 'Bo was here first' }]);
  await bo.collab!.idle();
  return { ada, bo };
}

describe('collaboration between two studios', () => {
  it('a studio joining a room with files shows the room’s files, and both see each other', async () => {
    const { ada, bo } = await pair();
    expect(textOf(bo, 'index.html')).to.equal('<h1>Hi</h1>');
    await waitFor(() => bo.collab!.getSnapshot().peers.length === 2, 'two peers');
    const peers = bo.collab!.getSnapshot().peers;
    expect(peers.map((peer) => [peer.name, peer.self])).to.deep.equal([
      ['Bo', true],
      ['Ada', false],
    ]);
    expect(peers[1]!.activePath).to.equal(ada.workspace.getSnapshot().activePath);
  });

  it('typing on both at once converges, each remote change one traced revision', async () => {
    const { ada, bo } = await pair();
    await ada.registry.callTool(
      'workspace.writeFile',
      { path: 'index.html', text: 'A<h1>Hi</h1>' },
      direct,
    );
    await bo.registry.callTool(
      'workspace.writeFile',
      { path: 'index.html', text: '<h1>Hi</h1>B' },
      direct,
    );
    await waitFor(
      () =>
        textOf(ada, 'index.html') === 'A<h1>Hi</h1>B' &&
        textOf(bo, 'index.html') === textOf(ada, 'index.html'),
      'both edits on both studios',
    );
    const remote = bo.trace.getSnapshot().filter((row) => row.source === 'remote');
    expect(remote.length).to.be.greaterThan(0);
    expect(remote.every((row) => row.method === 'collab/remote' && row.mode === 'collab')).to.equal(
      true,
    );
    const last = remote.at(-1)!;
    expect(last.status).to.equal('completed');
    expect(last.summary).to.match(/from Ada · revision \d+/);
    const details = last.details as { authors: Array<{ clientId: number; name?: string }> };
    const adaPeer = ada.collab!.getSnapshot().peers.find((peer) => peer.self)!;
    expect(details.authors).to.deep.include({ clientId: adaPeer.clientId, name: 'Ada' });
  });

  it('a rename on one and a delete on the other cross, an edit follows the rename', async () => {
    const { ada, bo } = await pair();
    await crossRenameEditDelete(ada, bo);
  });

  it('a person’s undo takes back their own change only, on both studios', async () => {
    const room = uniqueName('room');
    const lines = ['one', 'two', 'three', 'four', 'five'];
    const ada = studio(room, 'Ada', [{ path: 'index.html', text: lines.join('\n') }]);
    await ada.collab!.idle();
    const bo = studio(room, 'Bo');
    await waitFor(() => textOf(bo, 'index.html') === lines.join('\n'), 'five lines on Bo');
    const write = (runtime: StudioRuntime, text: string[]) =>
      runtime.registry.callTool(
        'workspace.writeFile',
        { path: 'index.html', text: text.join('\n') },
        direct,
      );
    await write(ada, lines.with(0, 'ONE by Ada'));
    await waitFor(() => textOf(bo, 'index.html')!.startsWith('ONE by Ada'), 'Ada’s edit on Bo');
    await write(bo, lines.with(0, 'ONE by Ada').with(4, 'FIVE by Bo'));
    await waitFor(() => textOf(ada, 'index.html')!.endsWith('FIVE by Bo'), 'Bo’s edit on Ada');
    const boRows = bo.trace.getSnapshot().length;
    const undone = await ada.registry.callTool('workspace.undo', {}, direct);
    expect(undone.error).to.equal(undefined);
    const expected = lines.with(4, 'FIVE by Bo').join('\n');
    expect(textOf(ada, 'index.html')).to.equal(expected);
    await waitFor(() => textOf(bo, 'index.html') === expected, 'the undo on Bo');
    const arrived = bo.trace.getSnapshot().slice(boRows);
    expect(arrived.map((row) => [row.method, row.source, row.status])).to.deep.equal([
      ['collab/remote', 'remote', 'completed'],
    ]);
    // Bo's change was never on Ada's stack: there is nothing left for her to undo.
    expect(ada.workspace.getStatus().canUndo).to.equal(false);
    const again = await ada.registry.callTool('workspace.undo', {}, direct);
    expect(again.error?.code).to.equal('WORKSPACE_HISTORY_EMPTY');
    expect(textOf(ada, 'index.html')).to.equal(expected);
    expect(bo.workspace.getStatus().canUndo).to.equal(true);
  });

  it('a model’s change approved on one studio arrives on the other traced as remote', async () => {
    const { ada, bo } = await pair();
    // The person at Ada's studio approves (a connected surface, as <ca-approval> is).
    const disconnect = ada.approvals.connect();
    const stop = ada.approvals.store.subscribe(() => {
      for (const request of ada.approvals.store.getSnapshot())
        ada.approvals.resolve(request.id, 'approved');
    });
    const result = await ada.registry.callTool(
      'workspace.writeFile',
      { path: 'index.html', text: '<h1>From the model</h1>' },
      { context: { source: 'model', mode: 'agent' } },
    );
    stop();
    disconnect();
    expect(result.error).to.equal(undefined);
    expect(ada.trace.getSnapshot().some((row) => row.approval === 'approved')).to.equal(true);
    await waitFor(() => textOf(bo, 'index.html') === '<h1>From the model</h1>', 'the change on Bo');
    const row = bo.trace.getSnapshot().findLast((entry) => entry.source === 'remote')!;
    expect(row.summary).to.match(/from Ada/);
    expect((row.details as { paths: string[] }).paths).to.deep.equal(['index.html']);
  });

  it('a server killed mid-typing and started again loses nothing', async function () {
    // Both studios wait out their reconnect delay (at most 2.5 s) after the restart.
    this.timeout(30_000);
    const { ada, bo } = await pair();
    let text = '<h1>Hi</h1>';
    for (const letter of 'abc') {
      text += letter;
      await ada.registry.callTool('workspace.writeFile', { path: 'index.html', text }, direct);
    }
    await executeServerCommand('collab-server-kill', { id: collab.server().id });
    await waitFor(() => ada.collab!.getSnapshot().state === 'offline', 'Ada offline');
    for (const letter of 'def') {
      text += letter;
      await ada.registry.callTool('workspace.writeFile', { path: 'index.html', text }, direct);
    }
    await executeServerCommand('collab-server-restart', { id: collab.server().id });
    await waitFor(() => textOf(bo, 'index.html') === text, 'every letter on Bo', 20_000);
    expect(textOf(ada, 'index.html')).to.equal('<h1>Hi</h1>abcdef');
  });
});

describe('collaboration options', () => {
  it('bad options are refused with a stable code, and the studio works alone', async () => {
    const runtime = createStudioRuntime({
      storage: 'memory',
      collab: { url: 'https://example.test', room: 'room' },
    });
    collab.track(runtime);
    expect(runtime.collab!.getSnapshot()).to.include({ state: 'refused' });
    expect(runtime.collab!.getSnapshot().error!.code).to.equal('COLLAB_URL_INVALID');
    const room = createStudioRuntime({
      storage: 'memory',
      collab: { url: collab.server().url, room: 'a b' },
    });
    collab.track(room);
    expect(room.collab!.getSnapshot().error!.code).to.equal('COLLAB_ROOM_INVALID');
    const outcome = await runtime.registry.callTool(
      'workspace.createFile',
      { path: 'alone.txt', text: 'x' },
      direct,
    );
    expect(outcome.error).to.equal(undefined);
  });

  it('a wrong token is refused with the server’s code', async () => {
    const runtime = createStudioRuntime({
      storage: 'memory',
      collab: { url: collab.server().url, room: uniqueName('room'), token: 'wrong' },
    });
    collab.track(runtime);
    await waitFor(() => runtime.collab!.getSnapshot().state === 'refused', 'the refusal');
    expect(runtime.collab!.getSnapshot().error!.code).to.equal('COLLAB_FORBIDDEN');
  });

  it('without collab options the runtime has no room', () => {
    const runtime = createStudioRuntime({ storage: 'memory' });
    collab.track(runtime);
    expect(runtime.collab).to.equal(null);
  });
});
