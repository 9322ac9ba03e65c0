import { describe, it } from 'node:test';
import { expect } from 'chai';
// @ts-expect-error -- plain ESM script without type declarations
import { previewHeadline } from '../../scripts/bench-headline.mjs';

const output = [
  'interleaved round by round in one Chromium 156.0.8078.114 run; ms. Ratios: median÷median / p90÷p90.',
  '| ours, four-file seed: css (in place)               |    2.2 |    3.7 | ÷ srcdoc: 0.07× |',
  '| floor: bare sandboxed srcdoc, seed                 |   33.1 |   40.4 |                 |',
  '| ours, four-file seed: html (reload)                |   29.0 |   39.6 | ÷ srcdoc: 0.94× |',
  'first writes after load (ms, in order; × the steady median):',
  '  ours, four-file seed: css (in place): 9.4, 3.5, 1.3, 1.5, 1.3 (worst 4.27×)',
  '',
  'interleaved round by round in one Firefox ESR firefox/153.8.0 run; ms. Ratios: median÷median / p90÷p90.',
  '| ours, four-file seed: css (in place)               |    2.0 |    9.0 | ÷ srcdoc: 0.11× |',
  '| ours, four-file seed: html (reload)                |   35.0 |   60.0 | ÷ srcdoc: 2.06× |',
  '',
  'interleaved round by round in one WebKitGTK MiniBrowser 2.50.6 run; ms. Ratios: median÷median / p90÷p90.',
  '| ours, four-file seed: css (in place)               |    4.0 |    8.0 | ÷ srcdoc: 0.44× |',
  '| ours, four-file seed: html (reload)                |   20.0 |   26.0 | ÷ srcdoc: 2.22× |',
];

describe("the README's headline preview figures (scripts/bench-headline.mjs)", () => {
  it('names each engine with its median CSS and HTML edit, in the order printed', () => {
    expect(previewHeadline(output)).to.equal(
      'Edit to acknowledged preview, median CSS / HTML edit of the four-file seed: ' +
        'Chromium 156 2.2 / 29.0 ms; Firefox ESR 153 2.0 / 35.0 ms; WebKitGTK 2.50 4.0 / 20.0 ms.',
    );
  });

  it('refuses output without the rows it reads', () => {
    expect(() => previewHeadline(['| floor: bare sandboxed srcdoc, seed | 33.1 |'])).to.throw(
      /No engine rows/,
    );
  });
});
