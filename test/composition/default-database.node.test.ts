import { expect } from 'chai';
import { describe, it } from 'node:test';
import { DEFAULT_STUDIO_DATABASE } from '../../src/composition/default-database.js';
import { DEFAULT_WORKSPACE_DATABASE } from '../../src/storage/workspace/indexeddb-repository.js';

describe('the default workspace database', () => {
  it('is the one the IndexedDB repository opens by default, though elements read it without storage code', () => {
    expect(DEFAULT_STUDIO_DATABASE).to.equal(DEFAULT_WORKSPACE_DATABASE);
  });
});
