import { expect } from 'chai';
import fc from 'fast-check';
import { utf8Length } from '../../../src/runtime/observability/utf8.js';
import { plainJsonBytes } from '../../../src/runtime/registry/json-bytes.js';
import { describe, it } from '../../support/spec.js';

const serializedBytes = (value: unknown) => utf8Length(JSON.stringify(value));

describe('result byte counts (R11) and plain data (T3)', () => {
  it('R11 the byte count of plain data equals the UTF-8 length of its JSON', () => {
    fc.assert(
      fc.property(fc.jsonValue(), (value) => {
        expect(plainJsonBytes(value)).to.equal(serializedBytes(value));
      }),
      { numRuns: 500 },
    );
  });

  it('R11 escapes, multi-byte and lone surrogate characters, -0 and array holes count as JSON writes them', () => {
    const samples: unknown[] = [
      'quote " backslash \\ newline \n tab \t nul \u0000 bell \u0007',
      'é ß 中文 😀 \ud800 lone \udfff',
      { 'ké"y': ['\u001f', -0, 1e21, 1.5e-7, true, false, null] },
      // eslint-disable-next-line no-sparse-arrays -- a hole is what this checks.
      [1, , 3],
      Object.assign(Object.create(null) as object, { a: 'b' }),
      JSON.parse('{"__proto__": {"x": 1}}'),
      [],
      {},
    ];
    for (const value of samples) {
      expect(plainJsonBytes(value), JSON.stringify(value)).to.equal(serializedBytes(value));
    }
  });

  it('T3 anything but plain data measures -1, however deep it hides', () => {
    const nest = (depth: number): unknown => (depth === 0 ? 'leaf' : [nest(depth - 1)]);
    const samples: unknown[] = [
      undefined,
      () => 1,
      Number.NaN,
      Infinity,
      10n,
      Symbol('s'),
      new Date(0),
      new Map(),
      { ok: { deeper: [1, { live: new Uint8Array(1) }] } },
      [1, undefined, 3],
      { value: undefined },
      nest(66),
    ];
    for (const value of samples) expect(plainJsonBytes(value), String(value)).to.equal(-1);
    expect(plainJsonBytes(nest(64))).to.equal(serializedBytes(nest(64)));
  });
});
