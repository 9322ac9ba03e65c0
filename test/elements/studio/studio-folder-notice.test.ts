import { expect, fixture, html } from '@open-wc/testing';
import '../../../src/elements/studio/studio.js';
import type { CaStudio } from '../../../src/elements/studio/studio.element.js';
import type { WorkspaceFolder } from '../../../src/runtime/workspace/folder-port.js';
import { createWorkspaceDocumentManager } from '../../../src/runtime/workspace/manager.js';
import { createMemoryWorkspaceRepository } from '../../../src/runtime/workspace/repository.js';
import { createStudioRuntime } from '../../../src/composition/index.js';
import { waitFor } from '../../support/wait.js';

/** A stored folder link whose handle is not a directory handle: it cannot be restored. */
async function repositoryWithLostLink() {
  const repository = createMemoryWorkspaceRepository();
  const manager = createWorkspaceDocumentManager({ repository });
  await manager.ready;
  const folder: WorkspaceFolder = {
    name: 'site',
    kind: 'file-system-access',
    writable: true,
    persistableHandle: { gone: true },
    queryPermission: async () => 'granted',
    requestPermission: async () => 'granted',
    read: async () => ({ ok: false, error: { code: 'X', message: 'x', retryable: false } }),
    writeFile: async () => ({ ok: true, value: undefined }),
    deleteFile: async () => ({ ok: true, value: undefined }),
  };
  await manager.replaceAll(manager.getSnapshot().files, { folder });
  await manager.flush();
  manager.close();
  return repository;
}

describe('<ca-studio> announces a folder link lost in the reload', () => {
  it('shows the header notice with Open folder, and nothing without a lost link', async () => {
    const runtime = createStudioRuntime({ workspaceRepository: await repositoryWithLostLink() });
    const studio = await fixture<CaStudio>(html`<ca-studio .runtime=${runtime}></ca-studio>`);
    await runtime.ready;
    const notice = await waitFor(
      () => studio.shadowRoot!.querySelector<HTMLElement>('[part="folder-notice"]'),
      'the folder notice',
    );
    expect(notice.textContent).to.contain('“site” is unavailable');
    expect(notice.querySelector('button')?.textContent?.trim()).to.equal('Open folder');
    await expect(studio).to.be.accessible();
    runtime.dispose();

    const fresh = createStudioRuntime({ workspaceRepository: null });
    const plain = await fixture<CaStudio>(html`<ca-studio .runtime=${fresh}></ca-studio>`);
    await fresh.ready;
    await plain.updateComplete;
    expect(plain.shadowRoot!.querySelector('[part="folder-notice"]')).to.equal(null);
    fresh.dispose();
  });
});
