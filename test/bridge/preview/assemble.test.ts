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

const bridge = (n: number | string) => ({ script: 'bridge()', config: { n } });
const block = (n: number | string) =>
  `<script type="application/json">{"n":${JSON.stringify(n)}}</script><script>bridge()</script>`;

describe('preview document assembly', () => {
  it('parses a page again only when its HTML changed, and never serves an earlier page', () => {
    const one = '<!doctype html><title>first</title><p>first</p>';
    const two = '<!doctype html><title>second</title><p>second</p>';
    let first = '';
    expect(parses(() => (first = assemblePreviewDocument(one, bridge(1))))).to.equal(1);
    expect(first).to.match(
      /^<!DOCTYPE html><html><head><meta http-equiv="Content-Security-Policy"/,
    );
    expect(first).to.contain(`${block(1)}<title>first</title>`);

    // A module edit: the same page, a new configuration.
    let again = '';
    expect(parses(() => (again = assemblePreviewDocument(one, bridge('$& $1'))))).to.equal(0);
    expect(again).to.equal(first.replace(block(1), () => block('$& $1')));

    let other = '';
    expect(parses(() => (other = assemblePreviewDocument(two, bridge(3))))).to.equal(1);
    expect(other).to.equal(first.replaceAll('first', 'second').replace(block(1), block(3)));
    expect(parses(() => (again = assemblePreviewDocument(one, bridge(4))))).to.equal(1);
    expect(again).to.equal(first.replace(block(1), block(4)));

    // Another bridge script: the page is assembled again around it.
    const otherScript = { script: 'other()', config: { n: 5 } };
    expect(parses(() => (again = assemblePreviewDocument(one, otherScript)))).to.equal(1);
    expect(again).to.equal(first.replace(block(1), block(5).replace('bridge()', 'other()')));

    // The configuration cannot end its data block.
    const closing = assemblePreviewDocument(one, { script: 'bridge()', config: '</script>' });
    const parsed = new DOMParser().parseFromString(closing, 'text/html');
    expect(JSON.parse(parsed.scripts[0]!.text)).to.equal('</script>');
    expect(parsed.scripts[1]!.text).to.equal('bridge()');

    // A card runs no bridge.
    expect(assemblePreviewDocument(one, null)).to.equal(first.replace(block(1), ''));
  });
});
