/**
 * The WebRTC guard against page code that tries to disarm it: every variant runs an
 * RTCPeerConnection attempt in a nested document (STUN to a loopback UDP port, TURN over TLS to
 * a `*.leak.test` name the raw TCP sink reads) and reports what happened to the test page.
 */
import { expect } from '@open-wc/testing';
import { itIn } from '../../support/engines.js';
import { mountPreview, type Mounted } from './harness.js';
import { readSink, settleSink, type SinkCounts } from './sink.js';

let mounted: Mounted | undefined;
const { ports } = await readSink(true);
afterEach(async () => {
  mounted?.dispose();
  mounted = undefined;
  await readSink(true);
});

/** JavaScript that tries WebRTC and posts `rtc <label> <outcome>` to the top window. */
const attempt = (label: string) =>
  `try { const pc = new RTCPeerConnection({ iceServers: [{ urls: 'stun:127.0.0.1:${ports.udp}' }, { urls: 'turns:${label}.leak.test:${ports.tls}?transport=tcp', username: 'u', credential: 'c' }] }); pc.createDataChannel('x'); pc.createOffer().then((o) => pc.setLocalDescription(o)); top.postMessage('rtc ${label} created', '*'); } catch (e) { top.postMessage('rtc ${label} ' + e.name, '*'); }`;
/** A nested document that runs the attempt. */
const nestedPage = (label: string) => `<script>${attempt(label)}</script>`;
/** A value as a JavaScript literal safe inside an inline script. */
const literal = (value: string) => JSON.stringify(value).replace(/</g, '\\u003c');
const attribute = (value: string) => value.replace(/&/g, '&amp;').replace(/"/g, '&quot;');
/** A declarative shadow root of `mode` holding a frame whose document is `nested`. */
const declared = (mode: string, nested: string) =>
  `<div><template shadowrootmode="${mode}"><p>inside</p><iframe srcdoc="${attribute(nested)}"></iframe></template></div>`;

async function run(
  page: string,
  labels: string[],
): Promise<{ seen: string[]; counts: SinkCounts }> {
  const seen: string[] = [];
  const listen = (event: MessageEvent) =>
    typeof event.data === 'string' && event.data.startsWith('rtc ') && seen.push(event.data);
  window.addEventListener('message', listen);
  try {
    mounted = mountPreview({ 'index.html': page });
    const deadline = Date.now() + 4000;
    while (labels.some((label) => !seen.some((line) => line.startsWith(`rtc ${label} `)))) {
      if (Date.now() > deadline) break;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    return { seen, counts: await settleSink(1000) };
  } finally {
    window.removeEventListener('message', listen);
  }
}

const nothingOut = ({ seen, counts }: { seen: string[]; counts: SinkCounts }) => {
  expect(seen.filter((line) => line.endsWith(' created'))).to.deep.equal([]);
  expect({ udp: counts.udp, tcp: counts.tcp, names: counts.names }).to.deep.equal({
    udp: 0,
    tcp: 0,
    names: [],
  });
};

/** Appends a frame whose document is `nested`, made with `make` (`f` is the frame). */
const frameScript = (nested: string, make = 'f.srcdoc = nested;') =>
  `<script>{ const nested = ${literal(nested)}; const f = document.createElement('iframe'); ${make} document.body.append(f); }</script>`;

// The WebKitGTK build the tests run has no WebRTC: there is nothing for the guard to hold.
const withWebRTC = itIn(
  ['chromium', 'firefox'],
  "WebKitGTK's MiniBrowser has no RTCPeerConnection, so there is no WebRTC to guard",
);

itIn(['webkit'], 'Chromium and Firefox have WebRTC')(
  'WebKitGTK has no RTCPeerConnection for a page to reach the network with',
  () => {
    expect('RTCPeerConnection' in window || 'webkitRTCPeerConnection' in window).to.equal(false);
  },
);

describe('preview WebRTC guard: page code cannot disarm it', function () {
  // The control waits up to 15 s for its STUN and TLS name on a loaded machine.
  this.timeout(30_000);
  const variants: Record<string, (label: string) => string> = {
    'String.prototype.includes replaced': (label) =>
      `<p>x</p><script>String.prototype.includes = () => true; String.prototype.startsWith = () => true;</script>${frameScript(nestedPage(label))}`,
    'Element.prototype.setAttribute and getAttribute replaced': (label) =>
      `<p>x</p><script>Element.prototype.setAttribute = function () {}; Element.prototype.getAttribute = () => null;</script>${frameScript(nestedPage(label))}`,
    'Function.prototype.call and apply replaced': (label) =>
      `<p>x</p><script>Function.prototype.call = function () {}; Function.prototype.apply = function () {};
        const holder = document.createElement('div'); document.body.append(holder);
        holder.attachShadow({ mode: 'closed' }).innerHTML = ${literal(`<iframe srcdoc="${attribute(nestedPage(label))}"></iframe>`)};</script>`,
    'iteration, RegExp and MutationRecord built-ins replaced': (label) =>
      `<p>x</p><script>Array.prototype[Symbol.iterator] = function* () {}; NodeList.prototype.forEach = () => {};
        RegExp.prototype.exec = () => null; RegExp.prototype.test = () => false;
        Object.defineProperty(MutationRecord.prototype, 'addedNodes', { get: () => [] });
        Object.defineProperty(NodeList.prototype, 'length', { get: () => 0 });
        Object.defineProperty(Element, Symbol.hasInstance, { value: () => false });</script>${frameScript(nestedPage(label))}`,
    "the guard's own tag inside a template": (label) =>
      `<p>x</p><iframe id="first" srcdoc="<p>first</p>"></iframe><script>
        setTimeout(() => {
          const tag = document.getElementById('first').getAttribute('srcdoc').replace('<p>first</p>', '');
          const f = document.createElement('iframe');
          f.srcdoc = '<template>' + tag + '</template>' + ${literal(nestedPage(label))};
          document.body.append(f);
        }, 100);</script>`,
    'a closed declarative shadow root from setHTMLUnsafe': (label) =>
      `<div id="host"></div><script>document.getElementById('host').setHTMLUnsafe(${literal(declared('closed', nestedPage(label)))});</script>`,
    'an open declarative shadow root from setHTMLUnsafe': (label) =>
      `<div id="host"></div><script>document.getElementById('host').setHTMLUnsafe(${literal(declared('open', nestedPage(label)))});</script>`,
    'a closed declarative shadow root in the page markup': (label) =>
      declared('closed', nestedPage(label)),
    'a closed declarative shadow root from Document.parseHTMLUnsafe, adopted': (label) =>
      `<p>x</p><script>const parsed = Document.parseHTMLUnsafe(${literal(declared('closed', nestedPage(label)))});
        document.body.append(document.adoptNode(parsed.body.firstElementChild));</script>`,
    'a custom element reaching its closed declarative root through ElementInternals': (label) =>
      `<x-box><template shadowrootmode="closed"><p>box</p></template></x-box><script>
        customElements.define('x-box', class extends HTMLElement { connectedCallback() {
          const f = document.createElement('iframe'); f.srcdoc = ${literal(nestedPage(label))};
          this.attachInternals().shadowRoot.append(f); } });</script>`,
    'a nested frame two deep': (label) =>
      `<p>x</p>${frameScript(frameScript(nestedPage(label)).replace('document.body.append', 'document.documentElement.append'))}`,
    'a nested frame in static markup': (label) =>
      `<iframe srcdoc="${attribute(nestedPage(label))}"></iframe>`,
    'a javascript: frame URL': (label) =>
      `<p>x</p>${frameScript(nestedPage(label), "f.src = 'javascript:' + encodeURIComponent(JSON.stringify(nested));")}`,
  };
  for (const [name, build] of Object.entries(variants)) {
    withWebRTC(`holds with ${name}: no STUN, TURN or TLS name leaves`, async () => {
      const label = name
        .replace(/[^a-z]+/gi, '')
        .slice(0, 40)
        .toLowerCase();
      const result = await run(build(label), [label]);
      // The attempt ran, in a document where the constructor was gone (a javascript: URL
      // document never runs).
      expect(result.seen).to.deep.equal(
        name.includes('javascript:') ? [] : [`rtc ${label} ReferenceError`],
      );
      nothingOut(result);
    });
  }

  it('refuses a declarative shadow root written with document.write, also split over two calls', async () => {
    const label = 'documentwrite';
    const markup = `<div><template shadowrootmode="closed"><iframe srcdoc="${attribute(nestedPage(label))}"></iframe></template></div>`;
    const at = markup.indexOf('shadowroot') + 6;
    const result = await run(
      `<script>try { document.write(${literal(markup.slice(0, at))}); document.write(${literal(markup.slice(at))}); top.postMessage('rtc ${label} written', '*'); } catch (e) { top.postMessage('rtc ${label} refused ' + e.name, '*'); }</script>`,
      [label],
    );
    expect(result.seen).to.deep.equal([`rtc ${label} refused NotSupportedError`]);
    nothingOut(result);
  });

  it('leaves workers without WebRTC', async () => {
    const result = await run(
      `<script>const w = new Worker(URL.createObjectURL(new Blob(['postMessage(typeof RTCPeerConnection)']))); w.onmessage = (e) => top.postMessage('rtc worker ' + e.data, '*');</script>`,
      ['worker'],
    );
    expect(result.seen).to.deep.equal(['rtc worker undefined']);
    nothingOut(result);
  });

  withWebRTC(
    'control: the same attempt without the guard sends STUN and a TLS server name',
    async () => {
      const label = 'control';
      const seen: string[] = [];
      const listen = (event: MessageEvent) =>
        typeof event.data === 'string' && seen.push(event.data);
      window.addEventListener('message', listen);
      const frame = document.createElement('iframe');
      frame.setAttribute('sandbox', 'allow-scripts');
      frame.srcdoc = nestedPage(label);
      document.body.append(frame);
      try {
        // Both arrive unless the guard is there; the TLS name comes after the STUN, once ICE
        // reaches its TURN server, which a loaded machine takes seconds to do.
        let counts = await readSink();
        const deadline = Date.now() + 15_000;
        while ((counts.udp === 0 || counts.names.length === 0) && Date.now() < deadline) {
          await new Promise((resolve) => setTimeout(resolve, 50));
          counts = await readSink();
        }
        expect(seen).to.include(`rtc ${label} created`);
        expect(counts.udp).to.be.greaterThan(0);
        expect(counts.names).to.include(`${label}.leak.test`);
      } finally {
        frame.remove();
        window.removeEventListener('message', listen);
      }
    },
  );
});

describe('preview WebRTC guard: declarative shadow roots still work', () => {
  it('attaches open and closed declared roots, reachable as the parser would make them', async () => {
    mounted = mountPreview({
      'index.html': `<div id="h"><template shadowrootmode="open"><p id="in">inside</p></template></div>
        <x-b><template shadowrootmode="closed"><b>closed content</b></template></x-b>
        <script>
          console.log('open', document.getElementById('h').shadowRoot.getElementById('in').textContent);
          customElements.define('x-b', class extends HTMLElement {
            constructor() { super(); console.log('internals', this.attachInternals().shadowRoot.textContent); }
          });
        </script>`,
    });
    expect((await mounted.settle()).ok).to.equal(true);
    expect(await mounted.consoleLine(/^open /)).to.equal('open inside');
    expect(await mounted.consoleLine(/^internals /)).to.equal('internals closed content');
  });
});
