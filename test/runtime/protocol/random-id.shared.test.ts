import { expect } from 'chai';
import { describe, it } from '../../support/spec.js';
import { randomId } from '../../../src/runtime/protocol/random-id.js';

describe('randomId', () => {
  it('gives a UUID where randomUUID exists and hex of the asked length otherwise', () => {
    expect(randomId()).to.match(/^[0-9a-f-]{36}$/);
    expect(randomId(4)).to.match(/^[0-9a-f]{8}$/);
    expect(new Set(Array.from({ length: 100 }, () => randomId(8))).size).to.equal(100);
  });
});
