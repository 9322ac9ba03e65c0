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
import type { Mounted } from './harness.js';
import {
  expectCard,
  expectCardNeverReady,
  expectNetLog,
  navigateFrom,
  resolvesBeforeBlocking,
  settledSink,
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
let mounted: Mounted | undefined;

afterEach(async () => {
  mounted?.dispose();
  mounted = undefined;
  await settledSink();
});

async function navigateIn(shellUrl: string, page: string) {
  const result = await navigateFrom(page, { shellUrl });
  mounted = result.mounted;
  return result;
}

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

describe('served shell with Connection-Allowlist: no host name leaves', function () {
  // Each case waits for the card and then for the sink to settle, a second per read.
  this.timeout(30_000);
  for (const [label, page] of vectors) {
    const sealedLabel = `sealed${label}`;
    it(`${label}: 0 names at the sink, blocked with a card`, async () => {
      const result = await navigateIn(SEALED, page(urls.named(sealedLabel)));
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
    const result = await navigateIn(SEALED, loopPage(urls.named('sealedloop')));
    expect(result.counts.names).to.deep.equal([]);
    await expectNetLog('sealedloop', false);
    expectCardNeverReady(result);
  });

  it("a hop to a page of the shell's origin served without the header: unreachable, 0 names", async () => {
    const hop = `${location.origin}/preview-shell/hop?to=${encodeURIComponent(urls.named('sealedhop'))}`;
    const nestedHop = `${location.origin}/preview-shell/hop?to=${encodeURIComponent(urls.named('sealednestedhop'))}`;
    const result = await navigateIn(
      SEALED,
      `${selfPage(`location.href = ${literal(hop)};`)}${nestedFrames['a static srcdoc frame']!(nestedHop)}`,
    );
    expect(result.counts).to.deep.include({ names: [], http: [] });
    await expectNetLog('sealedhop', false);
    await expectNetLog('sealednestedhop', false);
    expectCard(result);
  });

  it('a same-origin redirect out: 0 names', async () => {
    const redirect = `${location.origin}/preview-shell/redirect?to=${encodeURIComponent(urls.named('sealedredirect'))}`;
    const result = await navigateIn(SEALED, selfPage(`location.href = ${literal(redirect)};`));
    expect(result.counts).to.deep.include({ names: [], http: [] });
    await expectNetLog('sealedredirect', false);
    expectCardNeverReady(result);
  });
});

describe('served shell without the header (the control)', function () {
  this.timeout(30_000);
  for (const [label, page] of vectors) {
    const openLabel = `open${label}`;
    const expected = resolvesBeforeBlocking ? 'its name reaches the sink' : '0 names';
    it(`${label}: ${expected}`, async () => {
      const result = await navigateIn(OPEN, page(urls.named(openLabel)));
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
});
