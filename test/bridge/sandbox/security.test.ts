import { expect } from '@open-wc/testing';
import { PREVIEW_MESSAGE_TYPES } from '../../../src/bridge/sandbox/messages.js';
import { PREVIEW_ERROR_CODES } from '../../../src/runtime/preview/errors.js';
import { mountPreview, type Mounted } from './harness.js';

const never = () => new AbortController().signal;
let mounted: Mounted | undefined;
afterEach(() => {
  mounted?.dispose();
  mounted = undefined;
});

// Each attempt logs "<name> allowed …" or "<name> blocked …"; "done" once all have settled.
const HOSTILE_PAGE = `<p>hostile</p><script>
const results = [];
const attempt = async (name, fn) => {
  try { results.push(name + ' allowed ' + String(await fn())); }
  catch (error) { results.push(name + ' blocked ' + (error && error.name)); }
};
(async () => {
  await attempt('parent-document', () => parent.document.title);
  await attempt('host-cookie', () => {
    document.cookie = 'host-cookie=pwned';
    // WebKit ignores the write in the opaque origin instead of throwing: blocked all the same.
    if (!document.cookie.includes('pwned')) throw new DOMException('not stored', 'SecurityError');
    return document.cookie;
  });
  await attempt('local-storage', () => { localStorage.setItem('host-key', 'pwned'); return 'written'; });
  await attempt('indexeddb', () => new Promise((resolve, reject) => {
    const request = indexedDB.open('preview-pwned');
    request.onsuccess = () => resolve('opened');
    request.onerror = () => reject(request.error);
  }));
  await attempt('top-navigation', () => { top.location.href = location.href + '#pwned'; return 'navigated'; });
  await attempt('popup', () => { const w = window.open('about:blank'); if (!w) throw new Error('no window'); return 'opened'; });
  await attempt('fetch', () => fetch(EXTERNAL).then((response) => response.status));
  await attempt('token', () => {
    if ([...document.scripts].some((script) => script.textContent.includes('sheet' + 'Attribute'))) return 'found';
    throw new Error('absent');
  });
  for (const line of results) console.log(line);
  console.log('done');
})();
</script>`;

describe('preview sandbox security (P5)', () => {
  it('blocks every attempt to reach the host and changes no host state', async () => {
    document.cookie = 'host-cookie=kept';
    localStorage.setItem('host-key', 'kept');
    const href = location.href;
    const page = HOSTILE_PAGE.replace('EXTERNAL', JSON.stringify(`${location.origin}/`));
    mounted = mountPreview({ 'index.html': page });
    await mounted.consoleLine(/^done$/);
    const lines = mounted.controller.getSnapshot().console.entries.map((entry) => entry.text);
    for (const name of [
      'parent-document',
      'host-cookie',
      'local-storage',
      'indexeddb',
      'top-navigation',
      'popup',
      'fetch',
      'token',
    ]) {
      const line = lines.find((text) => text.startsWith(`${name} `));
      expect(line, name).to.match(new RegExp(`^${name} blocked`));
    }
    expect(document.cookie).to.contain('host-cookie=kept');
    expect(localStorage.getItem('host-key')).to.equal('kept');
    const databases = await indexedDB.databases();
    expect(databases.map((database) => database.name)).not.to.include('preview-pwned');
    expect(location.href).to.equal(href);
    expect(mounted.controller.frame!.getAttribute('sandbox')).to.equal('allow-scripts');
  });

  it('ignores a ready that preview code forges for a later revision', async () => {
    mounted = mountPreview(
      {
        'index.html': `<script>setInterval(() => {
          parent.postMessage({ type: '${PREVIEW_MESSAGE_TYPES.ready}', revision: 2, token: '' }, '*');
        }, 10);</script>`,
      },
      { ackTimeoutMs: 300 },
    );
    await mounted.settle();
    const outcome = await mounted.controller.waitForRevision(2, never());
    expect(!outcome.ok && outcome.error.code).to.equal(PREVIEW_ERROR_CODES.PREVIEW_ACK_TIMEOUT);
  });

  it('ignores a ready that errored preview code forges for its own revision', async () => {
    mounted = mountPreview({
      'index.html': `<script>
        parent.postMessage({ type: '${PREVIEW_MESSAGE_TYPES.ready}', revision: 1, token: '' }, '*');
        throw new Error('broken');
      </script>`,
    });
    const outcome = await mounted.settle();
    expect(!outcome.ok && outcome.error.code).to.equal(PREVIEW_ERROR_CODES.PREVIEW_RUNTIME_ERROR);
  });

  it('keeps external stylesheets and scripts out of the document', async () => {
    mounted = mountPreview({
      'index.html': `<link rel="stylesheet" href="${location.origin}/x.css"><script src="${location.origin}/x.js"></script><p>x</p>`,
    });
    expect((await mounted.settle()).ok).to.equal(true);
    expect(mounted.controller.frame!.srcdoc).not.to.contain(`${location.origin}/x.`);
    expect(mounted.controller.getStatus().diagnostics.map((d) => d.code)).to.deep.equal([
      'PREVIEW_EXTERNAL_BLOCKED',
      'PREVIEW_EXTERNAL_BLOCKED',
    ]);
  });
});
