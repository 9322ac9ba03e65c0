import { expect } from 'chai';
import type { WorkspaceFolder } from '../../../src/runtime/workspace/folder-port.js';
import { createWorkspaceDocumentManager } from '../../../src/runtime/workspace/manager.js';
import { createMemoryWorkspaceRepository } from '../../../src/runtime/workspace/repository.js';
import { createWorkspaceTools } from '../../../src/runtime/tools/workspace/index.js';
import { createToolRegistry } from '../../../src/runtime/registry/registry.js';
import { describe, it } from '../../support/spec.js';
import { structured } from '../tools/workspace/support.js';
import { callAsPerson } from '../../../src/runtime/registry/person-call.js';

/** A writable folder object as a linked folder is kept; nothing here touches a disk. */
const folder = (name: string): WorkspaceFolder => ({
  name,
  kind: 'file-system-access',
  writable: true,
  persistableHandle: { stored: name },
  queryPermission: async () => 'granted',
  requestPermission: async () => 'granted',
  read: async () => ({ ok: false, error: { code: 'X', message: 'x', retryable: false } }),
  writeFile: async () => ({ ok: true, value: undefined }),
  deleteFile: async () => ({ ok: true, value: undefined }),
});

/** A workspace linked to `site`, then reloaded where its handle cannot be restored. */
async function reloadedWithoutHandle() {
  const repository = createMemoryWorkspaceRepository();
  const first = createWorkspaceDocumentManager({ repository });
  await first.ready;
  const files = first.getSnapshot().files;
  expect((await first.replaceAll(files, { folder: folder('site') })).ok).to.equal(true);
  await first.flush();
  first.close();
  const second = createWorkspaceDocumentManager({ repository, restoreFolder: () => null });
  await second.ready;
  return second;
}

describe('a folder link that cannot be restored after reload is announced, not dropped', () => {
  it('names the lost folder in the status while the browser workspace stays', async () => {
    const manager = await reloadedWithoutHandle();
    const status = manager.getStatus();
    expect(status.folder.connected).to.equal(false);
    expect(status.folderLinkLost).to.equal('site');
    expect(status.files.length).to.be.greaterThan(0);
  });
  it('workspace.getStatus reports it to a model', async () => {
    const manager = await reloadedWithoutHandle();
    const registry = createToolRegistry();
    for (const tool of createWorkspaceTools(manager)) registry.register(tool);
    const result = structured(await callAsPerson(registry, 'workspace.getStatus', {}));
    expect(result.folderLinkLost).to.equal('site');
  });
  it('is no longer news once a folder is opened again', async () => {
    const manager = await reloadedWithoutHandle();
    const files = manager.getSnapshot().files;
    expect((await manager.replaceAll(files, { folder: folder('site') })).ok).to.equal(true);
    expect(manager.getStatus().folderLinkLost).to.equal(null);
  });
  it('a workspace that never had a folder has nothing to announce', async () => {
    const manager = createWorkspaceDocumentManager({
      repository: createMemoryWorkspaceRepository(),
    });
    await manager.ready;
    expect(manager.getStatus().folderLinkLost).to.equal(null);
  });
});
