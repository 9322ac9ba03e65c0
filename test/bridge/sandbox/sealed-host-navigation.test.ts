/**
 * Every way out of the navigation tests, run in today's `srcdoc` shell on a host page that
 * carries the header itself: this file's test page is served with
 * `Connection-Allowlist: (response-origin)` (test/support/sealed-host-middleware.mjs), which the
 * shell and every frame in it inherit. In Chromium no host name reaches the sink, and the status
 * says sealed, from a probe the policy refuses; Chromium's net log never holds the name either. The control is navigation.test.ts: the same
 * vectors on a page without the header, where Chromium still sends each name.
 */
import { expect } from '@open-wc/testing';
import { engine } from '../../support/engines.js';
import {
  expectCard,
  expectCardNeverReady,
  expectNetLog,
  sharedNavigation,
  type NavigationCases,
} from './navigation-run.js';
import {
  downloadPage,
  labelOf,
  literal,
  loopPage,
  nestedFrames,
  refreshes,
  selfPage,
  selfScripts,
  srcdocOnly,
} from './navigation-vectors.js';
import { readSink, sinkUrls } from './sink.js';

const urls = sinkUrls((await readSink(true)).ports);
/** Chromium enforces `Connection-Allowlist`; Firefox and WebKit do not know it. */
const enforcesAllowlists = /Chrome\//.test(navigator.userAgent);

type Vector = [label: string, page: (url: string) => string, expectation: typeof expectCard];
const vectors: Vector[] = [
  ...Object.entries(selfScripts).map(([name, script]): Vector => [
    labelOf('self', name),
    (url) => selfPage(script(url)),
    expectCardNeverReady,
  ]),
  ['selfdownload', downloadPage, expectCardNeverReady],
  ...Object.entries(refreshes).map(([name, page]): Vector => [
    labelOf('refresh', name),
    page,
    expectCard,
  ]),
  // A nested frame may navigate after the page said it was ready.
  ...Object.entries(nestedFrames).map(([name, build]): Vector => [
    labelOf('nested', name),
    (url) => `<p>secret</p>${build(url)}`,
    expectCard,
  ]),
];
/** WebKit keeps srcdoc frames empty: those vectors never start there (navigation.test.ts). */
const startsIn = (label: string) =>
  engine !== 'webkit' ||
  ![...srcdocOnly, 'a meta refresh in a nested frame'].some(
    (name) => labelOf('nested', name) === label || labelOf('refresh', name) === label,
  );

const hop = (label: string) =>
  `${location.origin}/preview-shell/hop?to=${encodeURIComponent(urls.named(label))}`;
const redirect = `${location.origin}/preview-shell/redirect?to=${encodeURIComponent(urls.named('hostredirect'))}`;

/** Every case of this file, run together on first use. */
const navigation = sharedNavigation(() => {
  const cases: NavigationCases = {};
  for (const [label, page] of vectors)
    cases[`host${label}`] = { page: page(urls.named(`host${label}`)) };
  cases.hostloop = { page: loopPage(urls.named('hostloop')) };
  cases.hosthop = {
    page: `${selfPage(`location.href = ${literal(hop('hosthop'))};`)}${nestedFrames['a static srcdoc frame']!(hop('hostnestedhop'))}`,
  };
  cases.hostredirect = { page: selfPage(`location.href = ${literal(redirect)};`) };
  return cases;
});

describe('srcdoc shell on a host page with Connection-Allowlist: no host name leaves', function () {
  // The batch waits for every card, then for the sink to settle (a second per read).
  this.timeout(30_000);
  for (const [label, , expectation] of vectors) {
    it(`${label}: 0 names at the sink, blocked with a card`, async () => {
      const result = await navigation.result(`host${label}`);
      console.log(`sealed host ${label}: ${result.counts.names.length} names`);
      expect(result.counts).to.deep.include({ names: [], http: [] });
      await expectNetLog(`host${label}`, false);
      expect(result.sealed, 'sealed').to.equal(enforcesAllowlists);
      if (startsIn(label)) expectation(result);
    });
  }

  it('a loop of 100 navigations in one task: 0 names', async () => {
    const result = await navigation.result('hostloop');
    expect(result.counts.names).to.deep.equal([]);
    await expectNetLog('hostloop', false);
    expectCardNeverReady(result);
  });

  it("a hop to a page of the host's origin served without the header: unreachable, 0 names", async () => {
    const result = await navigation.result('hosthop');
    expect(result.counts).to.deep.include({ names: [], http: [] });
    await expectNetLog('hosthop', false);
    await expectNetLog('hostnestedhop', false);
    expectCard(result);
  });

  it('a same-origin redirect out: 0 names', async () => {
    const result = await navigation.result('hostredirect');
    expect(result.counts).to.deep.include({ names: [], http: [] });
    await expectNetLog('hostredirect', false);
    expectCardNeverReady(result);
  });

  it('no name reaches the sink but those of the page that tried to leave', async () => {
    expect(await navigation.stray()).to.deep.equal([]);
  });
});
