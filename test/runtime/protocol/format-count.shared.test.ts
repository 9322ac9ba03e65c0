import { expect } from 'chai';
import { formatCount } from '../../../src/runtime/protocol/format-count.js';
import { describe, it } from '../../support/spec.js';

describe('formatCount', () => {
  it('writes whole numbers as toLocaleString("en") does', () => {
    const values = [0, 1, -1, 7, 999, 1000, -1000, 1001, 12_345, 100_000, 999_999, 1_000_000];
    for (let n = 1; n < 1e15; n = n * 7 + 3) values.push(n, -n);
    for (const value of values)
      expect(formatCount(value), String(value)).to.equal(value.toLocaleString('en'));
  });
});
