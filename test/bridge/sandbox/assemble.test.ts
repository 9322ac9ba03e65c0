import { expect } from '@open-wc/testing';
import { assemblePreviewDocument } from '../../../src/bridge/sandbox/assemble.js';

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
  it('writes the policy, the configuration and the bridge before the page, and never parses it', () => {
    const one = '<!doctype html><html lang="en"><title>first</title><p>first</p>';
    let first = '';
    expect(parses(() => (first = assemblePreviewDocument(one, bridge(1))))).to.equal(0);
    expect(first).to.match(
      /^<!DOCTYPE html><html><head><meta http-equiv="Content-Security-Policy" content="default-src 'none';/,
    );
    expect(first).to.contain(`${block(1)}${one}`);

    // What the frame's parser makes of it: the policy, the data block and the bridge first in
    // the real head, the page's <html> attributes kept.
    const parsed = new DOMParser().parseFromString(first, 'text/html');
    expect([...parsed.head.children].slice(0, 4).map((e) => e.tagName)).to.deep.equal([
      'META',
      'SCRIPT',
      'SCRIPT',
      'TITLE',
    ]);
    expect(parsed.documentElement.lang).to.equal('en');

    // The configuration cannot end its data block.
    const closing = assemblePreviewDocument(one, { script: 'bridge()', config: '</script>' });
    const again = new DOMParser().parseFromString(closing, 'text/html');
    expect(JSON.parse(again.scripts[0]!.text)).to.equal('</script>');
    expect(again.scripts[1]!.text).to.equal('bridge()');

    // A card runs no bridge.
    expect(assemblePreviewDocument(one, null)).to.equal(first.replace(block(1), ''));
  });

  it('drops a byte order mark and hands declarative shadow roots to the guard', () => {
    const page = '\uFEFF<div><template ShadowRootMode="closed"><p>x</p></template></div>';
    const assembled = assemblePreviewDocument(page, null);
    expect(assembled).not.to.contain('\uFEFF');
    expect(assembled).to.contain('<template data-preview-shadowrootmode="closed">');
    expect(assembled.toLowerCase().match(/shadowrootmode/g)).to.have.length(1);
  });

  // Misnested formatting elements make the HTML parser rebuild them at every step: parsed and
  // serialized on the host, 79 kB of them took seconds and grew to 243,643 characters. The
  // page passing through unchanged shows no parser rebuilt it.
  it('assembles 79 kB of misnested formatting markup without parsing it: unchanged', () => {
    const unit = '<b><i><u><s>x</b>';
    const page = unit.repeat(Math.ceil(79_000 / unit.length));
    const assembled = assemblePreviewDocument(page, bridge(1));
    expect(assembled.endsWith(page)).to.equal(true);
    expect(assembled.length - page.length).to.be.below(1000);
  });
});
