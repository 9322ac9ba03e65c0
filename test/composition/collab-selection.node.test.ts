import { expect } from 'chai';
import { describe, it } from 'node:test';
import {
  createCollabStatusStore,
  selectionOf,
  type CollabPlace,
} from '../../src/composition/collab-status.js';

const options = { url: 'ws://127.0.0.1:1', room: 'selection' };

describe('a selection in presence', () => {
  it('keeps two numbers, rounded and clamped to 0–80,000', () => {
    expect(selectionOf({ anchor: 3, head: 7 })).to.deep.equal({ anchor: 3, head: 7 });
    expect(selectionOf({ anchor: -4, head: 1e12 })).to.deep.equal({ anchor: 0, head: 80_000 });
    expect(selectionOf({ anchor: 2.6, head: 2.4 })).to.deep.equal({ anchor: 3, head: 2 });
  });

  it('is none when either offset is not a finite number', () => {
    for (const value of [
      null,
      'index.html:3',
      { anchor: '3', head: 5 },
      { anchor: 3 },
      { anchor: 3, head: Number.NaN },
      { anchor: Infinity, head: 2 },
      { anchor: 3, head: { valueOf: () => 5 } },
    ])
      expect(selectionOf(value), JSON.stringify(value)).to.equal(null);
  });

  it('is published once the session takes it, the latest first, then every change', () => {
    const store = createCollabStatusStore(options);
    store.setSelection('index.html', { anchor: 1, head: 1 });
    store.setSelection('index.html', { anchor: 2, head: 5 });
    const published: Array<CollabPlace | null> = [];
    store.publishSelection((place) => published.push(place));
    store.setSelection('style.css', null);
    // A caller's bad offsets count as no selection, as another client's would.
    store.setSelection('index.html', { anchor: -1, head: 'x' as unknown as number });
    expect(published).to.deep.equal([{ path: 'index.html', anchor: 2, head: 5 }, null, null]);
  });
});
