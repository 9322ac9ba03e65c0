/**
 * A studio that keeps its workspace in IndexedDB keeps the room's document there too: an edit
 * made while the server is down survives a reload and reaches the room once the server is back.
 */
import { expect } from '@open-wc/testing';
import { executeServerCommand } from '@web/test-runner-commands';
import { createStudioRuntime, type StudioRuntime } from '../../src/composition/index.js';
import { waitFor, uniqueName } from '../support/wait.js';

const TOKEN = 'collab-offline-token';
const started: StudioRuntime[] = [];
afterEach(() => {
  for (const runtime of started.splice(0)) runtime.dispose();
});

const textOf = (runtime: StudioRuntime, path: string) => {
  const file = runtime.workspace.getSnapshot().files.find((entry) => entry.path === path);
  return file?.kind === 'text' ? file.text : undefined;
};

describe('collaboration offline', () => {
  it('an edit made offline survives a reload and merges when the server is back', async function () {
    this.timeout(30_000);
    const server = await executeServerCommand<{ id: string; url: string }, object>(
      'collab-server-start',
      { token: TOKEN },
    );
    const room = uniqueName('room');
    const databaseName = uniqueName('collab-offline');
    const studio = (name: string, storage: 'indexeddb' | 'memory') => {
      const runtime = createStudioRuntime({
        storage,
        databaseName,
        seed: [{ path: 'index.html', text: '<h1>Hi</h1>' }],
        collab: { url: server.url, room, token: TOKEN, user: { name } },
      });
      started.push(runtime);
      return runtime;
    };
    const ada = studio('Ada', 'indexeddb');
    await ada.collab!.idle();
    const bo = studio('Bo', 'memory');
    await bo.collab!.idle();

    await executeServerCommand('collab-server-kill', { id: server.id });
    await waitFor(() => ada.collab!.getSnapshot().state === 'offline', 'Ada offline');
    await ada.registry.callTool(
      'workspace.writeFile',
      { path: 'index.html', text: '<h1>Hi offline</h1>' },
      { context: { source: 'local', mode: 'direct' } },
    );
    await ada.collab!.idle();
    // Ada closes the tab and opens it again while the server is still down.
    ada.dispose();
    const again = studio('Ada', 'indexeddb');
    await again.collab!.idle();
    expect(textOf(again, 'index.html')).to.equal('<h1>Hi offline</h1>');

    await executeServerCommand('collab-server-restart', { id: server.id });
    await waitFor(
      () => textOf(bo, 'index.html') === '<h1>Hi offline</h1>',
      'the offline edit on Bo',
      20_000,
    );
    expect(textOf(again, 'index.html')).to.equal('<h1>Hi offline</h1>');
  });
});
