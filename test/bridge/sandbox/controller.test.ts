import { expect } from '@open-wc/testing';
import { PREVIEW_MESSAGE_TYPES } from '../../../src/bridge/sandbox/messages.js';
import { PREVIEW_ERROR_CODES } from '../../../src/runtime/preview/errors.js';
import { PIXEL_PNG } from './fixtures.js';
import { itIn } from '../../support/engines.js';
import { mountPreview, type Mounted } from './harness.js';

const never = () => new AbortController().signal;
let mounted: Mounted | undefined;
afterEach(() => {
  mounted?.dispose();
  mounted = undefined;
});

describe('preview acknowledgement (P6)', () => {
  it('acknowledges the revision it shows', async () => {
    mounted = mountPreview({ 'index.html': '<h1>Hello</h1>' });
    const outcome = await mounted.settle();
    expect(outcome).to.deep.equal({ ok: true, value: { revision: 1, state: 'ready' } });
    expect(mounted.controller.getStatus()).to.include({
      revision: 1,
      acknowledgedRevision: 1,
      state: 'ready',
    });
  });

  it('loads the iframe with sandbox="allow-scripts" exactly', async () => {
    mounted = mountPreview({ 'index.html': '<p>x</p>' });
    await mounted.settle();
    expect(mounted.controller.frame!.getAttribute('sandbox')).to.equal('allow-scripts');
  });

  it('never reports an errored revision as ready', async () => {
    mounted = mountPreview({
      'index.html': '<script>throw new Error("boom")</script><p>still loads</p>',
    });
    const outcome = await mounted.settle();
    expect(outcome.ok).to.equal(false);
    if (outcome.ok) return;
    expect(outcome.error.code).to.equal(PREVIEW_ERROR_CODES.PREVIEW_RUNTIME_ERROR);
    expect(outcome.error.retryable).to.equal(false);
    expect(outcome.error.message).to.contain('boom');
    expect(mounted.controller.getStatus()).to.include({
      state: 'error',
      acknowledgedRevision: null,
    });
  });

  itIn(
    ['chromium', 'firefox'],
    'not fixed: WebKit reports the rejection after the load acknowledgement',
  )('reports an unhandled rejection as a runtime error', async () => {
    mounted = mountPreview({ 'index.html': '<script>Promise.reject(new Error("nope"))</script>' });
    const outcome = await mounted.settle();
    expect(!outcome.ok && outcome.error.message).to.contain('Unhandled rejection');
  });

  it('fails with PREVIEW_ACK_TIMEOUT (retryable) when no acknowledgement comes', async () => {
    mounted = mountPreview({ 'index.html': '<p>x</p>' }, { ackTimeoutMs: 200 });
    await mounted.settle();
    const outcome = await mounted.controller.waitForRevision(7, never());
    expect(!outcome.ok && outcome.error).to.include({
      code: PREVIEW_ERROR_CODES.PREVIEW_ACK_TIMEOUT,
      retryable: true,
    });
  });

  it('fails with PREVIEW_REVISION_SUPERSEDED (retryable) when a newer revision replaces it', async () => {
    mounted = mountPreview({ 'index.html': '<p>1</p>' });
    await mounted.settle();
    const first = mounted.workspace.write({ 'index.html': '<p>2</p>' });
    const waiting = mounted.controller.waitForRevision(first, never());
    mounted.workspace.write({ 'index.html': '<p>3</p>' });
    const outcome = await waiting;
    expect(!outcome.ok && outcome.error).to.include({
      code: PREVIEW_ERROR_CODES.PREVIEW_REVISION_SUPERSEDED,
      retryable: true,
    });
    expect((await mounted.settle()).ok).to.equal(true);
  });

  it('stops waiting when the signal aborts', async () => {
    mounted = mountPreview({ 'index.html': '<p>1</p>' });
    await mounted.settle();
    const controller = new AbortController();
    const waiting = mounted.controller.waitForRevision(9, controller.signal);
    controller.abort();
    const outcome = await waiting;
    expect(!outcome.ok && outcome.error).to.include({ code: 'TOOL_CANCELLED', retryable: true });
  });

  it('refresh remounts the iframe and keeps the revision', async () => {
    mounted = mountPreview({ 'index.html': '<p>1</p>' });
    await mounted.settle();
    const before = mounted.controller.frame;
    const outcome = await mounted.controller.refresh(never());
    expect(outcome).to.deep.equal({ ok: true, value: { revision: 1, state: 'ready' } });
    expect(mounted.controller.frame).not.to.equal(before);
    expect(mounted.controller.getStatus().revision).to.equal(1);
  });

  it('ignores a forged ready from another window and a stale revision', async () => {
    mounted = mountPreview({ 'index.html': '<p>1</p>' }, { ackTimeoutMs: 300 });
    await mounted.settle();
    const next = mounted.workspace.write({
      'index.html': '<script>while (Date.now() < 0);</script><p>2</p>',
    });
    window.postMessage({ type: PREVIEW_MESSAGE_TYPES.ready, revision: next + 1, token: 'x' }, '*');
    const stranger = document.createElement('iframe');
    stranger.setAttribute('sandbox', 'allow-scripts');
    stranger.srcdoc = `<script>parent.postMessage({ type: '${PREVIEW_MESSAGE_TYPES.ready}', revision: ${next + 1}, token: '' }, '*')</script>`;
    document.body.append(stranger);
    const forged = await mounted.controller.waitForRevision(next + 1, never());
    stranger.remove();
    expect(!forged.ok && forged.error.code).to.equal(PREVIEW_ERROR_CODES.PREVIEW_ACK_TIMEOUT);
    expect((await mounted.controller.waitForRevision(next, never())).ok).to.equal(true);
  });
});

describe('modules and assets in the sandbox (P3, P4)', () => {
  it('runs a cyclic module graph with dynamic import', async () => {
    mounted = mountPreview({
      'index.html': '<script type="module" src="src/main.js"></script>',
      'src/main.js':
        "import { ping } from './a.js';\nconst lazy = await import('./lazy.js');\nconsole.log('result', ping(2), lazy.default);",
      'src/a.js':
        "import { pong } from './b.js';\nexport const ping = (n) => (n === 0 ? 'done' : pong(n - 1));",
      'src/b.js': "import { ping } from './a.js';\nexport const pong = (n) => ping(n);",
      'src/lazy.js': 'export default "lazy";',
    });
    expect(await mounted.consoleLine(/^result/)).to.equal('result done lazy');
    expect((await mounted.settle()).ok).to.equal(true);
  });

  it('keeps two files with identical source as two modules', async () => {
    mounted = mountPreview({
      'index.html':
        '<script type="module">import { box as a } from "./a.js"; import { box as b } from "./b.js"; console.log("same", a === b);</script>',
      'a.js': 'export const box = {};',
      'b.js': 'export const box = {};',
    });
    expect(await mounted.consoleLine(/^same/)).to.equal('same false');
  });

  it('surfaces a missing import as a runtime error of that revision', async () => {
    mounted = mountPreview({ 'index.html': '<script type="module">import "./gone.js";</script>' });
    const outcome = await mounted.settle();
    expect(!outcome.ok && outcome.error.message).to.contain('Module not found: ./gone.js');
    expect(mounted.controller.getStatus().diagnostics[0]!.code).to.equal(
      'PREVIEW_MODULE_NOT_FOUND',
    );
  });

  it('loads local assets with spaces in their names inside the sandbox', async () => {
    mounted = mountPreview({
      'index.html':
        '<img id="pic" src="my%20images/a%20b.png" alt="">' +
        '<script>addEventListener("load", () => console.log("width", document.getElementById("pic").naturalWidth))</script>',
    });
    mounted.workspace.writeAsset('my images/a b.png', PIXEL_PNG, 'image/png');
    expect(await mounted.consoleLine(/^width/)).to.equal('width 1');
  });
});

describe('fetch of local files (P4)', () => {
  it('answers relative fetch() of wasm and JSON from the workspace', async () => {
    mounted = mountPreview({
      'app/index.html': `<script type="module">
        const wasm = await WebAssembly.instantiateStreaming(fetch('lib/empty%20module.wasm'));
        const data = await fetch('../data/config.json').then((response) => response.json());
        console.log('fetched', wasm.instance instanceof WebAssembly.Instance, data.name);
      </script>`,
      'data/config.json': '{ "name": "local" }',
    });
    mounted.workspace.writeAsset(
      'app/lib/empty module.wasm',
      Uint8Array.from([0, 97, 115, 109, 1, 0, 0, 0]),
      'application/wasm',
    );
    expect(await mounted.consoleLine(/^fetched/)).to.equal('fetched true local');
  });

  it('leaves data files out of the document and serves their current body on request', async () => {
    const marker = 'ON-DEMAND-'.repeat(1000);
    mounted = mountPreview({
      'index.html': `<script>
        let seen = 0;
        setInterval(async () => {
          const response = await fetch('data/big.json');
          const body = await response.json();
          if (body.v !== seen) console.log('served', response.headers.get('content-type'), body.text.length, (seen = body.v));
        }, 30);
      </script>`,
      'data/big.json': JSON.stringify({ text: marker, v: 1 }),
    });
    expect((await mounted.settle()).ok).to.equal(true);
    // The srcdoc names the fetchable paths but carries none of their text.
    const frame = mounted.controller.frame!;
    expect(frame.srcdoc).to.contain('data/big.json');
    expect(frame.srcdoc).not.to.contain('ON-DEMAND-');
    expect(await mounted.consoleLine(/^served .* 1$/)).to.equal(
      `served application/json ${marker.length} 1`,
    );
    // An edit of a data file keeps the document (nothing in it changed) and is served as edited.
    mounted.workspace.write({ 'data/big.json': JSON.stringify({ text: marker, v: 2 }) });
    expect((await mounted.settle()).ok).to.equal(true);
    expect(mounted.controller.frame).to.equal(frame);
    expect(await mounted.consoleLine(/^served .* 2$/)).to.equal(
      `served application/json ${marker.length} 2`,
    );
  });
});

describe('stylesheet edits in place (P2, benchmark contract)', () => {
  const files = {
    'index.html':
      '<link rel="stylesheet" href="styles.css"><p id="p">x</p>' +
      '<script>const boot = Math.random(); let shown = "";' +
      'setInterval(() => { const color = getComputedStyle(document.getElementById("p")).color;' +
      ' if (color !== shown) console.log("color", (shown = color), boot); }, 20);' +
      'console.log("boot", boot);</script>',
    'styles.css': ':root { --accent: rgb(37, 99, 235); } p { color: var(--accent); }',
  };

  it('applies a CSS-only edit without reloading, identical to a fresh load', async () => {
    mounted = mountPreview(files);
    await mounted.settle();
    const boot = (await mounted.consoleLine(/^boot/)).split(' ')[1];
    const frame = mounted.controller.frame;
    mounted.workspace.write({
      'styles.css': ':root { --accent: rgb(22, 163, 74); } p { color: var(--accent); }',
    });
    expect((await mounted.settle()).ok).to.equal(true);
    const line = await mounted.consoleLine(/^color rgb\(22/);
    expect(line).to.equal(`color rgb(22, 163, 74) ${boot}`);
    expect(mounted.controller.frame).to.equal(frame);
    mounted.controller.clearConsole();
    await mounted.controller.refresh(never());
    expect(await mounted.consoleLine(/^color/)).to.match(/^color rgb\(22, 163, 74\) /);
  });

  it('reloads when the HTML changes', async () => {
    mounted = mountPreview(files);
    await mounted.settle();
    const boot = (await mounted.consoleLine(/^boot/)).split(' ')[1];
    mounted.workspace.write({ 'index.html': `${files['index.html']}<p>more</p>` });
    await mounted.settle();
    const next = (await mounted.consoleLine(/^boot/)).split(' ')[1];
    expect(next).not.to.equal(boot);
  });
});
