import { expect } from 'chai';
import { describe, it } from '../../support/spec.js';
import { compareNames } from '../../../src/runtime/workspace/name-order.js';

const collator = new Intl.Collator('en', { numeric: true });

/** A small deterministic generator (mulberry32), so a failure names a case that repeats. */
function random(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function names(alphabet: string, count: number, seed: number): string[] {
  const next = random(seed);
  return Array.from({ length: count }, () =>
    Array.from({ length: Math.floor(next() * 7) }, () =>
      alphabet.charAt(Math.floor(next() * alphabet.length)),
    ).join(''),
  );
}

describe('name order (E3)', () => {
  it('orders plain names exactly as the numeric collator does', () => {
    const list = names('aAbBzZ0019_-.', 400, 1);
    const wrong: string[] = [];
    for (const a of list.slice(0, 200)) {
      for (const b of list.slice(200)) {
        if (Math.sign(compareNames(a, b)) !== Math.sign(collator.compare(a, b))) {
          wrong.push(`${JSON.stringify(a)} vs ${JSON.stringify(b)}`);
        }
      }
    }
    expect(wrong.slice(0, 5)).to.deep.equal([]);
  });

  it('sorts numbers by value, punctuation before digits before letters, lower case first', () => {
    const sorted = ['b', 'B', 'a10', 'a9', 'a09', '10', '_x', '-x', '.x', 'A', 'a'].sort(
      compareNames,
    );
    expect(sorted).to.deep.equal(['_x', '-x', '.x', '10', 'a', 'A', 'a9', 'a09', 'a10', 'b', 'B']);
  });

  it('hands names with other characters to the collator', () => {
    const list = ['zebra.js', 'Äpfel.js', 'apple.js', 'ñame.js', 'naïve.js', 'a b.js', 'a+b.js'];
    expect([...list].sort(compareNames)).to.deep.equal([...list].sort(collator.compare));
  });
});
