/**
 * Every way out of the navigation tests, run in the preview shell document the site serves by
 * URL. Served with `Connection-Allowlist: ()`, no host name reaches the sink in any engine: in
 * Chromium the header refuses the connection itself, before the name is resolved or sent. The
 * same shell served without the header is the control: there Chromium still sends each name.
 * Chromium's net log (what its network stack saw) is read too: with the header, no name is there.
 * Also: a hop to a page of the shell's own origin served without the header, and a same-origin
 * redirect out, stay unreachable.
 */
import { expect } from '@open-wc/testing';
import { engine } from '../../support/engines.js';
import {
  expectCard,
  expectCardNeverReady,
  expectNetLog,
  resolvesBeforeBlocking,
  sharedNavigation,
  type NavigationCases,
} from './navigation-run.js';
import {
  downloadPage,
  labelOf,
  literal,
  loopPage,
  nestedFrames,
  selfPage,
  selfScripts,
  srcdocOnly,
} from './navigation-vectors.js';
import { readSink, sinkUrls } from './sink.js';

const urls = sinkUrls((await readSink(true)).ports);
const SEALED = '/preview-shell/sealed/preview-shell.html';
const OPEN = '/preview-shell/open/preview-shell.html';

/** Every vector that leaves by navigating, as a page, by label. */
const vectors: [string, (url: string) => string][] = [
  ...Object.entries(selfScripts).map(([name, script]): [string, (url: string) => string] => [
    labelOf('self', name),
    (url) => selfPage(script(url)),
  ]),
  ['selfdownload', downloadPage],
  ...Object.entries(nestedFrames).map(([name, build]): [string, (url: string) => string] => [
    labelOf('nested', name),
    (url) => `<p>secret</p>${build(url)}`,
  ]),
];
/** WebKit keeps srcdoc frames empty: those vectors never start there (navigation.test.ts). */
const startsIn = (label: string) =>
  engine !== 'webkit' || ![...srcdocOnly].some((name) => labelOf('nested', name) === label);

const hop = (label: string) =>
  `${location.origin}/preview-shell/hop?to=${encodeURIComponent(urls.named(label))}`;
const redirect = `${location.origin}/preview-shell/redirect?to=${encodeURIComponent(urls.named('sealedredirect'))}`;

/** Every page in the shell served with the header, run together on first use. */
const sealed = sharedNavigation(() => {
  const options = { shellUrl: SEALED };
  const cases: NavigationCases = {};
  for (const [label, page] of vectors)
    cases[`sealed${label}`] = { page: page(urls.named(`sealed${label}`)), options };
  cases.sealedloop = { page: loopPage(urls.named('sealedloop')), options };
  cases.sealedhop = {
    page: `${selfPage(`location.href = ${literal(hop('sealedhop'))};`)}${nestedFrames['a static srcdoc frame']!(hop('sealednestedhop'))}`,
    options,
  };
  cases.sealedredirect = { page: selfPage(`location.href = ${literal(redirect)};`), options };
  return cases;
});

/** Every page in the same shell served without the header. */
const open = sharedNavigation(() =>
  Object.fromEntries(
    vectors.map(([label, page]) => [
      `open${label}`,
      { page: page(urls.named(`open${label}`)), options: { shellUrl: OPEN } },
    ]),
  ),
);

describe('served shell with Connection-Allowlist: no host name leaves', function () {
  // The batch waits for every card, then for the sink to settle (a second per read).
  this.timeout(30_000);
  for (const [label] of vectors) {
    const sealedLabel = `sealed${label}`;
    it(`${label}: 0 names at the sink, blocked with a card`, async () => {
      const result = await sealed.result(sealedLabel);
      console.log(`sealed ${label}: ${result.counts.names.length} names`);
      expect(result.counts.names).to.deep.equal([]);
      expect(result.counts.http).to.deep.equal([]);
      await expectNetLog(sealedLabel, false);
      // As in a srcdoc shell, a nested frame may navigate after the page said it was ready.
      if (!startsIn(label)) return;
      if (label.startsWith('nested')) expectCard(result);
      else expectCardNeverReady(result);
    });
  }

  it('a loop of 100 navigations in one task: 0 names', async () => {
    const result = await sealed.result('sealedloop');
    expect(result.counts.names).to.deep.equal([]);
    await expectNetLog('sealedloop', false);
    expectCardNeverReady(result);
  });

  it("a hop to a page of the shell's origin served without the header: unreachable, 0 names", async () => {
    const result = await sealed.result('sealedhop');
    expect(result.counts).to.deep.include({ names: [], http: [] });
    await expectNetLog('sealedhop', false);
    await expectNetLog('sealednestedhop', false);
    expectCard(result);
  });

  it('a same-origin redirect out: 0 names', async () => {
    const result = await sealed.result('sealedredirect');
    expect(result.counts).to.deep.include({ names: [], http: [] });
    await expectNetLog('sealedredirect', false);
    expectCardNeverReady(result);
  });

  it('no name reaches the sink but those of the page that tried to leave', async () => {
    expect(await sealed.stray()).to.deep.equal([]);
  });
});

describe('served shell without the header (the control)', function () {
  this.timeout(30_000);
  for (const [label] of vectors) {
    const openLabel = `open${label}`;
    const expected = resolvesBeforeBlocking ? 'its name reaches the sink' : '0 names';
    it(`${label}: ${expected}`, async () => {
      const result = await open.result(openLabel);
      console.log(`open ${label}: ${result.counts.names.length} names`);
      if (resolvesBeforeBlocking) expect(result.counts.names.length).to.be.greaterThan(0);
      else expect(result.counts.names).to.deep.equal([]);
      expect(result.counts.names.filter((name) => name !== `${openLabel}.leak.test`)).to.deep.equal(
        [],
      );
      await expectNetLog(openLabel, resolvesBeforeBlocking);
      expect(result.sealed).to.equal(false);
    });
  }

  it('no name reaches the sink but those of the page that tried to leave', async () => {
    expect(await open.stray()).to.deep.equal([]);
  });
});
