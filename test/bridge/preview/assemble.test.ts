import { expect } from '@open-wc/testing';
import { assemblePreviewDocument } from '../../../src/bridge/preview/assemble.js';

/** Counts the pages parsed while `run` runs. */
function parses(run: () => void): number {
  const parse = DOMParser.prototype.parseFromString;
  let count = 0;
  DOMParser.prototype.parseFromString = function (this: DOMParser, ...args) {
    count += 1;
    return parse.apply(this, args);
  };
  try {
    run();
  } finally {
    DOMParser.prototype.parseFromString = parse;
  }
  return count;
}

describe('preview document assembly', () => {
  it('parses a page again only when its HTML changed, and never serves an earlier page', () => {
    const one = '<!doctype html><title>first</title><p>first</p>';
    const two = '<!doctype html><title>second</title><p>second</p>';
    let first = '';
    expect(parses(() => (first = assemblePreviewDocument(one, 'bridge(1)')))).to.equal(1);
    expect(first).to.match(
      /^<!DOCTYPE html><html><head><meta http-equiv="Content-Security-Policy"/,
    );
    expect(first).to.contain('<script>bridge(1)</script><title>first</title>');

    // A module edit: the same page, a new bridge.
    let again = '';
    expect(parses(() => (again = assemblePreviewDocument(one, 'bridge(2) $& $1')))).to.equal(0);
    expect(again).to.equal(first.replace('bridge(1)', () => 'bridge(2) $& $1'));

    let other = '';
    expect(parses(() => (other = assemblePreviewDocument(two, 'bridge(3)')))).to.equal(1);
    expect(other).to.equal(first.replaceAll('first', 'second').replace('bridge(1)', 'bridge(3)'));
    expect(parses(() => (again = assemblePreviewDocument(one, 'bridge(4)')))).to.equal(1);
    expect(again).to.equal(first.replace('bridge(1)', 'bridge(4)'));

    // A card runs no bridge.
    expect(assemblePreviewDocument(one, null)).to.equal(
      first.replace('<script>bridge(1)</script>', ''),
    );
  });
});
