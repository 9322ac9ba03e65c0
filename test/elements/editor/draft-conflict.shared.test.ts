import { expect } from 'chai';
import { bothVersions, reconcileDraft } from '../../../src/elements/editor/draft-conflict.js';
import { describe, it } from '../../support/spec.js';

const draft = (text: string) => ({ path: 'index.html', text, basis: 'one two three' });

describe('a draft meeting another version of its file', () => {
  it('merges edits at different places onto the other version', () => {
    expect(reconcileDraft(draft('zero one two three'), 'one two three four')).to.deep.equal({
      kind: 'merged',
      draft: {
        path: 'index.html',
        text: 'zero one two three four',
        basis: 'one two three four',
      },
    });
  });

  it('asks when both changed the same place, leaving the draft as typed', () => {
    const typed = draft('one 2 three');
    expect(reconcileDraft(typed, 'one II three')).to.deep.equal({
      kind: 'conflict',
      theirs: 'one II three',
    });
    expect(typed.text).to.equal('one 2 three');
  });

  it('keeps both versions of the same place, the rest once', () => {
    expect(bothVersions(draft('one 2 three'), 'one II three')).to.equal('one 2 II three');
    expect(bothVersions(draft('one two mine three'), 'one two theirs three')).to.equal(
      'one two mine three theirs three',
    );
    expect(bothVersions(draft('one two three\n mine'), 'one two three\n theirs')).to.equal(
      'one two three\n mine\n theirs',
    );
  });
});
