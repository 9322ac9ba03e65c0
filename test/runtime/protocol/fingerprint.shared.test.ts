import { expect } from 'chai';
import { canonicalJson, fingerprintArguments } from '../../../src/runtime/index.js';
import { describe, it } from '../../support/spec.js';

describe('argument fingerprints (R13, R18)', () => {
  it('the same arguments in any key order share a fingerprint; different arguments do not', () => {
    expect(fingerprintArguments({ path: 'a', n: [1, { y: 2, x: 1 }] })).to.equal(
      fingerprintArguments({ n: [1, { x: 1, y: 2 }], path: 'a' }),
    );
    expect(fingerprintArguments({ path: 'a' })).not.to.equal(fingerprintArguments({ path: 'b' }));
    expect(canonicalJson({ b: 1, a: undefined, c: [undefined] })).to.equal('{"b":1,"c":[null]}');
  });

  it('values that are not plain JSON data never share a fingerprint', () => {
    const cyclic: Record<string, unknown> = {};
    cyclic.self = cyclic;
    expect(fingerprintArguments(cyclic)).not.to.equal(fingerprintArguments(cyclic));
    const handle = { h: new AbortController() };
    expect(fingerprintArguments(handle)).not.to.equal(fingerprintArguments(handle));
  });
});
