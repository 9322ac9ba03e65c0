/**
 * The floors of the preview bench (preview-bench.ts opens them by name), each a sandboxed
 * `srcdoc` frame reporting as our bridge reports a render: over a `MessageChannel` port the
 * page hands its parent as it starts, so floors and ours pay for the same kind of message.
 * Loads, each step timed to the frame's `load` event:
 * - `srcdoc`: the compiled seed page, no module;
 * - `import-map`: the 200-module page, its modules loaded natively from an import map of
 *   `data:` URLs (what the bridge does);
 * - `bundled`: the same 200 modules bundled into one classic script (scope-hoisted, as a
 *   bundler emits), the fastest any preview of that code can be.
 * A write, each step timed to the frame's answer:
 * - `stylesheet`: the compiled seed page, loaded once; each step replaces its stylesheet's text
 *   and the frame answers after a forced style read, as our bridge acknowledges a CSS edit.
 */
import { renderPreviewHtml } from '../src/bridge/sandbox/compile.js';
import { compilePreviewDocument } from '../src/bridge/sandbox/compile-preview.js';
import { SHEET_ATTRIBUTE } from '../src/bridge/sandbox/compile-html.js';
import {
  bundledModules,
  html,
  moduleWorkspace,
  seedWorkspace,
  textFiles,
} from './preview-workspaces.js';

export interface BenchCase {
  /** One sample: ms from the change to the frame's report. */
  step: () => Promise<number>;
  close: () => void;
}

/** A sandboxed srcdoc frame that loads `page(n)` on every step, timed to its load message. */
function srcdocLoads(page: (n: number) => string) {
  const frame = document.createElement('iframe');
  frame.setAttribute('sandbox', 'allow-scripts');
  document.body.append(frame);
  let load = 0;
  const step = async (): Promise<number> => {
    load += 1;
    const id = `loaded-${load}`;
    const loaded = new Promise<void>((resolve) => {
      const onMessage = (event: MessageEvent) => {
        const port = event.ports[0];
        if (event.source !== frame.contentWindow || event.data !== id || !port) return;
        window.removeEventListener('message', onMessage);
        port.onmessage = () => {
          port.close();
          resolve();
        };
      };
      window.addEventListener('message', onMessage);
    });
    const source = page(load);
    if (!source.includes('<head>')) throw new Error('A floor page needs a <head> for its probe.');
    const start = performance.now();
    frame.srcdoc = source.replace(
      '<head>',
      `<head><script>{const channel = new MessageChannel();
parent.postMessage('${id}', '*', [channel.port2]);
addEventListener('load', () => channel.port1.postMessage('loaded'));}</script>`,
    );
    await loaded;
    return performance.now() - start;
  };
  return { step, close: () => frame.remove() };
}

/**
 * A sandboxed srcdoc frame holding `page`, loaded once (resolves when it has): each step
 * sends it `sheet(n)` and is timed to its answer. The frame writes the text into the page's
 * first stylesheet and reads a computed style before answering, the signal our bridge
 * acknowledges a stylesheet change with, so the engine's style recalculation is in the time.
 */
async function srcdocStyleWrites(page: string, sheet: (n: number) => string) {
  if (!page.includes('<head>')) throw new Error('A floor page needs a <head> for its probe.');
  const frame = document.createElement('iframe');
  frame.setAttribute('sandbox', 'allow-scripts');
  const opened = new Promise<MessagePort>((resolve) => {
    const onMessage = (event: MessageEvent) => {
      const port = event.ports[0];
      if (event.source !== frame.contentWindow || event.data !== 'stylesheet-floor' || !port)
        return;
      window.removeEventListener('message', onMessage);
      port.onmessage = () => resolve(port);
    };
    window.addEventListener('message', onMessage);
  });
  frame.srcdoc = page.replace(
    '<head>',
    `<head><script>{const channel = new MessageChannel();
parent.postMessage('stylesheet-floor', '*', [channel.port2]);
channel.port1.onmessage = (event) => {
  document.querySelector('style[${SHEET_ATTRIBUTE}="0"]').textContent = event.data;
  void getComputedStyle(document.documentElement).color;
  channel.port1.postMessage('applied');
};
addEventListener('load', () => channel.port1.postMessage('loaded'));}</script>`,
  );
  document.body.append(frame);
  const port = await opened;
  let n = 0;
  const step = async (): Promise<number> => {
    n += 1;
    const css = sheet(n);
    const applied = new Promise<void>((resolve) => {
      port.onmessage = () => resolve();
    });
    const start = performance.now();
    port.postMessage(css);
    await applied;
    return performance.now() - start;
  };
  const close = () => {
    port.close();
    frame.remove();
  };
  return { step, close };
}

/** The compiled page of the module workspace with its module script replaced by `script`. */
const modulePage = (script: string) =>
  renderPreviewHtml(
    compilePreviewDocument(textFiles({ ...moduleWorkspace.files, 'index.html': html(0, script) })),
  );

/** Each floor by name; opening one resolves once it can step. */
export const FLOORS: Record<string, () => BenchCase | Promise<BenchCase>> = {
  srcdoc: () => {
    const base = renderPreviewHtml(compilePreviewDocument(textFiles(seedWorkspace.files)));
    return srcdocLoads(() => base);
  },
  'import-map': () => {
    const compiled = compilePreviewDocument(textFiles(moduleWorkspace.files));
    const imports = Object.fromEntries(
      Object.entries(compiled.modules).map(([specifier, [type, source]]) => [
        specifier,
        `data:${type},${encodeURIComponent(source)}`,
      ]),
    );
    const page = renderPreviewHtml(compiled).replace(
      '<head>',
      `<head><script type="importmap">${JSON.stringify({ imports })}</script>`,
    );
    return srcdocLoads(() => page);
  },
  bundled: () => srcdocLoads((n) => modulePage(`<script>${bundledModules(n)}</script>`)),
  // The seed's CSS edits, the same texts our preview is sent.
  stylesheet: () =>
    srcdocStyleWrites(
      renderPreviewHtml(compilePreviewDocument(textFiles(seedWorkspace.files))),
      (n) => seedWorkspace.edit('css', n)['styles.css']!,
    ),
};
