import { expect } from 'chai';
import fc from 'fast-check';
import { utf8Length } from '../../../src/runtime/observability/utf8.js';
import { jsonBytes } from '../../../src/runtime/registry/json-bytes.js';
import { isPlainData } from '../../../src/runtime/registry/output.js';
import { describe, it } from '../../support/spec.js';

const serializedBytes = (value: unknown) => utf8Length(JSON.stringify(value));

describe('result byte counts (R11)', () => {
  it('R11 the byte count of plain data equals the UTF-8 length of its JSON', () => {
    fc.assert(
      fc.property(fc.jsonValue(), (value) => {
        expect(jsonBytes(value)).to.equal(serializedBytes(value));
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
      expect(isPlainData(value), JSON.stringify(value)).to.equal(true);
      expect(jsonBytes(value), JSON.stringify(value)).to.equal(serializedBytes(value));
    }
  });
});
