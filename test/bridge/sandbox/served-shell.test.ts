/**
 * The preview shell document a site serves by URL: it acknowledges like a `srcdoc` shell, tells
 * the host whether it is sealed (true only where the browser enforces the header it was served
 * with), and a shell that is not this build's is never given a page.
 */
import { expect } from '@open-wc/testing';
import { PREVIEW_DIAGNOSTIC_CODES } from '../../../src/runtime/preview/errors.js';
import { mountPreview, type Mounted } from './harness.js';

let mounted: Mounted | undefined;
afterEach(() => {
  mounted?.dispose();
  mounted = undefined;
});

/** Chromium enforces `Connection-Allowlist`; Firefox and WebKit do not know it. */
const enforcesAllowlists = /Chrome\//.test(navigator.userAgent);

const page = {
  'index.html': '<p>served</p><script>console.log("ran in the served shell")</script>',
};

/** Resolves once the status has said whether the shell is sealed, or after `ms`. */
async function sealedAfterReady(served: Mounted, ms = 3000): Promise<boolean | undefined> {
  const deadline = Date.now() + ms;
  // The probe answers within a request's time; a true value never turns up late in between.
  while (Date.now() < deadline) {
    if (served.controller.getStatus().sealed) return true;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return served.controller.getStatus().sealed;
}

describe('preview: the served shell', function () {
  this.timeout(20_000);

  it('served with its header: acknowledges, runs the page, and is sealed only where enforced', async () => {
    mounted = mountPreview(page, { shellUrl: '/preview-shell/sealed/preview-shell.html' });
    const outcome = await mounted.settle();
    expect(outcome.ok, JSON.stringify(outcome)).to.equal(true);
    expect(await mounted.consoleLine(/ran in the served shell/)).to.include('served shell');
    expect(mounted.controller.frame?.getAttribute('src')).to.match(/preview-shell\.html#\d+$/);
    expect(await sealedAfterReady(mounted)).to.equal(enforcesAllowlists);
  });

  it('served without the header: acknowledges, and is not sealed', async () => {
    mounted = mountPreview(page, { shellUrl: '/preview-shell/open/preview-shell.html' });
    expect((await mounted.settle()).ok).to.equal(true);
    expect(await sealedAfterReady(mounted)).to.equal(false);
  });

  it('a srcdoc shell is not sealed', async () => {
    mounted = mountPreview(page);
    expect((await mounted.settle()).ok).to.equal(true);
    expect(mounted.controller.getStatus().sealed).to.equal(false);
  });

  it('reloads reuse the served shell and still acknowledge', async () => {
    mounted = mountPreview(page, { shellUrl: '/preview-shell/sealed/preview-shell.html' });
    expect((await mounted.settle()).ok).to.equal(true);
    const shell = mounted.controller.frame;
    mounted.workspace.write({
      'index.html': '<p>second</p><script>console.log("second load")</script>',
    });
    expect((await mounted.settle()).ok).to.equal(true);
    expect(await mounted.consoleLine(/second load/)).to.include('second');
    expect(mounted.controller.frame).to.equal(shell);
  });

  it('a shell of another build, or no shell at the address, gets no page: a card names it', async () => {
    for (const shellUrl of [
      '/preview-shell/stale/preview-shell.html',
      '/preview-shell/missing/preview-shell.html',
    ]) {
      mounted = mountPreview(page, { shellUrl });
      const outcome = await mounted.settle();
      expect(outcome.ok).to.equal(false);
      const codes = mounted.controller.getStatus().diagnostics.map((d) => d.code);
      expect(codes).to.include(PREVIEW_DIAGNOSTIC_CODES.BRIDGE_FAILED);
      expect(mounted.controller.frame?.srcdoc).to.include('did not start');
      mounted.dispose();
      mounted = undefined;
    }
  });
});
