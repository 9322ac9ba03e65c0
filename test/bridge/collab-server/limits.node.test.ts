import { describe, it } from 'node:test';
import { expect } from 'chai';
import * as Y from 'yjs';
import { applyWorkspaceSnapshot } from '../../../src/runtime/collab/index.js';
import { createUpdateCheck } from '../../../src/bridge/collab-server/limits.js';

const update = (text: string) =>
  applyWorkspaceSnapshot(new Y.Doc(), [{ path: 'a.txt', kind: 'text', text }]);
const reason = (run: () => void) => {
  try {
    run();
    return 'accepted';
  } catch (error) {
    return (error as { reason: string }).reason.split(':')[0];
  }
};

describe('the collaboration server update check', () => {
  it('refuses the update past the rate limit in one second, per connection, and accepts again later', () => {
    const check = createUpdateCheck({ maxDocumentBytes: 1_000_000, maxUpdatesPerSecond: 3 });
    const doc = new Y.Doc();
    const one = {};
    const results = [0, 100, 200, 300].map((at) => reason(() => check(doc, one, update('x'), at)));
    expect(results).to.deep.equal(['accepted', 'accepted', 'accepted', 'COLLAB_RATE_LIMITED']);
    expect(reason(() => check(doc, {}, update('x'), 300))).to.equal('accepted');
    expect(reason(() => check(doc, one, update('x'), 1_100))).to.equal('accepted');
  });

  it('refuses an update that would pass the room size, measuring the room again first', () => {
    const check = createUpdateCheck({ maxDocumentBytes: 400, maxUpdatesPerSecond: 100 });
    const doc = new Y.Doc();
    const first = update('x'.repeat(200));
    expect(reason(() => check(doc, {}, first, 0))).to.equal('accepted');
    Y.applyUpdate(doc, first);
    expect(reason(() => check(doc, {}, update('y'.repeat(200)), 0))).to.equal(
      'COLLAB_DOCUMENT_TOO_LARGE',
    );
    expect(reason(() => check(doc, {}, new Uint8Array([255, 255, 255]), 0))).to.equal(
      'COLLAB_UPDATE_MALFORMED',
    );
  });
});
