import { expect } from 'chai';
import { describe, it } from '../../support/spec.js';
import {
  sanitizeDurableDiagnostic as sanitize,
  sanitizeDurableReason,
} from '../../../src/runtime/durable/index.js';

const limits = { maxDepth: 2, maxEntries: 3, maxStringLength: 5, maxBytes: 2048 };

describe('durable diagnostics: JSON-safe, redacted and bounded (D2)', () => {
  it('keeps JSON primitives, spells out numbers JSON cannot hold, drops what it cannot keep', () => {
    expect(sanitize(undefined)).to.equal(undefined);
    expect(
      sanitize({
        n: null,
        t: true,
        f: false,
        zero: 0,
        nan: Number.NaN,
        inf: Number.POSITIVE_INFINITY,
        big: 12n,
        fn: () => 1,
        sym: Symbol('s'),
        missing: undefined,
      }),
    ).to.deep.equal({
      n: null,
      t: true,
      f: false,
      zero: 0,
      nan: 'NaN',
      inf: 'Infinity',
      big: '12',
    });
  });

  it('cuts strings, lists, objects and depth at their exact limits', () => {
    expect(sanitize('12345', limits)).to.equal('12345');
    expect(sanitize('123456', limits)).to.equal('12345…');
    expect(sanitize([1, 2, 3], limits)).to.deep.equal([1, 2, 3]);
    expect(sanitize([1, 2, 3, 4, 5], limits)).to.deep.equal([1, 2, 3, '[+2]']);
    expect(sanitize({ a: 1, b: 2, c: 3 }, limits)).to.deep.equal({ a: 1, b: 2, c: 3 });
    expect(sanitize({ a: 1, b: 2, c: 3, d: 4 }, limits)).to.deep.equal({
      a: 1,
      b: 2,
      c: 3,
      '[truncated]': 1,
    });
    expect(sanitize({ one: { two: { three: 1 } } }, limits)).to.deep.equal({
      one: { two: '[depth limit]' },
    });
    expect(sanitize({ ['k'.repeat(70)]: 1 })).to.deep.equal({ ['k'.repeat(64) + '…']: 1 });
  });

  it('redacts secret and content fields by name, and error messages', () => {
    expect(
      sanitize({
        apiKey: 'sk-1',
        api_key: 'sk-2',
        password: 'p',
        sessionKey: 'k',
        body: '<p>',
        payload: 1,
        status: 502,
        error: new TypeError('token sk-3 in message'),
      }),
    ).to.deep.equal({
      apiKey: '[redacted]',
      api_key: '[redacted]',
      password: '[redacted]',
      sessionKey: '[redacted]',
      body: '[redacted]',
      payload: '[redacted]',
      status: 502,
      error: { name: 'TypeError', message: '[redacted]' },
    });
  });

  it('keeps only a size summary over maxBytes (UTF-8)', () => {
    const value = { note: 'é'.repeat(10) };
    const bytes = new TextEncoder().encode(JSON.stringify(value)).byteLength;
    const within = { ...limits, maxStringLength: 100, maxBytes: bytes };
    expect(sanitize(value, within)).to.deep.equal(value);
    expect(sanitize(value, { ...within, maxBytes: bytes - 1 })).to.deep.equal({
      truncated: true,
      bytes,
    });
  });

  it('reasons are trimmed, fall back when blank and stop at 256 characters', () => {
    expect(sanitizeDurableReason('  timed out  ', 'failed')).to.equal('timed out');
    expect(sanitizeDurableReason('   ', 'failed')).to.equal('failed');
    expect(sanitizeDurableReason(undefined, 'outcome unknown')).to.equal('outcome unknown');
    expect(sanitizeDurableReason('r'.repeat(256), 'failed')).to.equal('r'.repeat(256));
    expect(sanitizeDurableReason('r'.repeat(257), 'failed')).to.equal(`${'r'.repeat(256)}…`);
  });
});
