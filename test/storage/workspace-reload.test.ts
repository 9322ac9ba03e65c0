import { expect } from '@open-wc/testing';
import { createWorkspaceDocumentManager } from '../../src/runtime/workspace/manager.js';
import { createIndexedDbWorkspaceRepository } from '../../src/storage/workspace/indexeddb-repository.js';

/**
 * A real page reload in the middle of a burst of writes: a same-origin frame runs the workspace
 * against IndexedDB and is torn down while transactions are still in flight.
 */
function burstInFrame(databaseName: string): Promise<number> {
  const frame = document.createElement('iframe');
  const script = `
    import { createWorkspaceDocumentManager } from '/src/runtime/workspace/manager.ts';
    import { createIndexedDbWorkspaceRepository } from '/src/storage/workspace/indexeddb-repository.ts';
    const manager = createWorkspaceDocumentManager({
      repository: createIndexedDbWorkspaceRepository({ databaseName: ${JSON.stringify(databaseName)} }),
    });
    await manager.ready;
    const writes = [];
    for (let i = 0; i < 60; i += 1) writes.push(manager.writeFile('app.js', 'v' + i));
    const acknowledged = await writes[24];
    parent.postMessage({ burst: ${JSON.stringify(databaseName)}, revision: acknowledged.value.revision }, '*');
  `;
  frame.srcdoc = `<script type="module">${script}</script>`;
  return new Promise((resolve) => {
    const onMessage = (event: MessageEvent) => {
      if (event.data?.burst !== databaseName) return;
      window.removeEventListener('message', onMessage);
      // Unload the frame at once: its later transactions are cut off mid-flight.
      frame.remove();
      resolve(event.data.revision as number);
    };
    window.addEventListener('message', onMessage);
    document.body.append(frame);
  });
}

describe('a page reload in the middle of a burst of writes', () => {
  it('keeps every acknowledged write and hydrates exactly one whole state', async () => {
    const databaseName = `workspace-reload-${crypto.randomUUID()}`;
    const acknowledged = await burstInFrame(databaseName);
    const manager = createWorkspaceDocumentManager({
      repository: createIndexedDbWorkspaceRepository({ databaseName }),
    });
    await manager.ready;
    const snapshot = manager.getSnapshot();
    expect(snapshot.storageMode).to.equal('indexeddb');
    expect(snapshot.revision).to.be.at.least(acknowledged);
    const app = snapshot.files.find((file) => file.path === 'app.js');
    // Revision r is the state after write r - 2 (the seed is revision 1).
    expect(app?.kind === 'text' && app.text).to.equal(`v${snapshot.revision - 2}`);
    expect(snapshot.dirtyPaths).to.deep.equal(['app.js']);
    manager.close();
  });
});
