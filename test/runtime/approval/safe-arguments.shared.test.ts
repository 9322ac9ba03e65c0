import { expect } from 'chai';
import { summarizeSafeArguments } from '../../../src/runtime/approval/safe-arguments.js';
import { describe, it } from '../../support/spec.js';

const safe = (args: Record<string, unknown>, names: string[]) =>
  summarizeSafeArguments(args, new Set(names));

describe('safe argument summary of an approval card (R18)', () => {
  it('R18 keeps allow-listed primitives as they are and drops every other name', () => {
    expect(
      safe({ path: 'a.css', count: 0, force: false, parent: null, other: 'x' }, [
        'path',
        'count',
        'force',
        'parent',
      ]),
    ).to.deep.equal({ path: 'a.css', count: 0, force: false, parent: null });
  });

  it('R18 drops objects, arrays and undefined even when their name is allow-listed', () => {
    expect(
      safe({ range: { from: 1 }, paths: ['a'], missing: undefined }, ['range', 'paths', 'missing']),
    ).to.deep.equal({});
  });

  it('R18 never shows a credential or source-like field, allow-listed or not', () => {
    expect(
      safe({ apiKey: 'sk-1', token: 't', text: '<p>', source: 's', path: 'p' }, [
        'apiKey',
        'token',
        'text',
        'source',
        'path',
      ]),
    ).to.deep.equal({ path: 'p' });
  });

  it('R18 bounds strings at 120 characters with an ellipsis', () => {
    const exact = 'a'.repeat(120);
    const long = `${'b'.repeat(120)}cut`;
    expect(safe({ exact, long }, ['exact', 'long'])).to.deep.equal({
      exact,
      long: `${'b'.repeat(120)}…`,
    });
  });
});
