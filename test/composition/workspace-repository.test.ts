import { expect } from '@open-wc/testing';
import { openWorkspaceEarly } from '../../src/composition/workspace-repository.js';
import { createWorkspaceDocumentManager } from '../../src/runtime/workspace/manager.js';
import { createIndexedDbWorkspaceRepository } from '../../src/storage/workspace/indexeddb-repository.js';
import { uniqueName } from '../support/wait.js';

/**
 * The workspace database opened while the runtime's code loads, and whether it holds nothing
 * (a first visit, which shows the starter files before the runtime is there).
 */
describe('the workspace database opened early', () => {
  it('is fresh when the database does not exist yet, and the load creates it', async () => {
    const name = uniqueName('early-missing');
    const early = openWorkspaceEarly(name)!;
    expect(await early.fresh).to.equal(true);
    const repository = await early.repository;
    expect(await repository.load()).to.equal(null);
    const names = (await indexedDB.databases()).map((database) => database.name);
    expect(names).to.include(name);
    repository.close();
  });

  it('is fresh when the database exists but holds no workspace', async () => {
    const name = uniqueName('early-empty');
    const created = createIndexedDbWorkspaceRepository({ databaseName: name });
    expect(await created.load()).to.equal(null);
    created.close();
    const early = openWorkspaceEarly(name)!;
    expect(await early.fresh).to.equal(true);
    (await early.repository).close();
  });

  it('is not fresh when the database holds a workspace', async () => {
    const name = uniqueName('early-stored');
    const repository = createIndexedDbWorkspaceRepository({ databaseName: name });
    const manager = createWorkspaceDocumentManager({ repository });
    await manager.ready;
    await manager.flush();
    manager.close();
    const early = openWorkspaceEarly(name)!;
    expect(await early.fresh).to.equal(false);
    (await early.repository).close();
  });
});
