/**
 * Runs in Chromium (see preview-latency.mjs): one edit at a time of our preview
 * (edit → acknowledgement) and one load at a time of each floor, so the driver can interleave
 * them sample by sample with each other and with playground-elements.
 *
 * Floors, each a sandboxed `srcdoc` frame timed to its `load` event, reported as our bridge
 * reports a render: over a `MessageChannel` port the page hands its parent as it starts, so
 * floors and ours pay for the same kind of message:
 * - `srcdoc`: the compiled seed page, no module;
 * - `import-map`: the 200-module page, its modules loaded natively from an import map of
 *   `data:` URLs (what the bridge does);
 * - `bundled`: the same 200 modules bundled into one classic script (scope-hoisted, as a
 *   bundler emits), the fastest any preview of that code can be.
 */
import { compilePreviewDocument, renderPreviewHtml } from '../src/bridge/sandbox/compile.js';
import { PreviewController } from '../src/bridge/sandbox/controller.js';
import type { WorkspaceSnapshot } from '../src/runtime/workspace/types.js';
import {
  benchWorkspaces,
  bundledModules,
  html,
  moduleWorkspace,
  seedWorkspace,
  textFiles,
  type EditKind,
} from './preview-workspaces.js';

type Step = () => Promise<number>;
const steps = new Map<string, { step: Step; close: () => void }>();

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

/** The compiled page of the module workspace with its module script replaced by `script`. */
const modulePage = (script: string) =>
  renderPreviewHtml(
    compilePreviewDocument(textFiles({ ...moduleWorkspace.files, 'index.html': html(0, script) })),
  );

const FLOORS = {
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
};

/** Our preview on `workspace`, one `kind` edit per step. */
async function previewEdits(workspaceName: string, kind: EditKind) {
  const workspace = benchWorkspaces.find((candidate) => candidate.name === workspaceName)!;
  const container = document.createElement('div');
  document.body.append(container);
  const controller = new PreviewController(container, { ackTimeoutMs: 30_000 });
  let files = textFiles(workspace.files);
  let revision = 1;
  const snapshot = (): WorkspaceSnapshot => ({
    revision,
    activePath: null,
    files,
    dirtyPaths: [],
    deletedPaths: [],
    storageMode: 'memory',
  });
  const signal = new AbortController().signal;
  void controller.show(snapshot());
  const first = await controller.waitForRevision(revision, signal);
  if (!first.ok) throw new Error(`${workspace.name}: ${first.error.message}`);
  let n = 0;
  const step = async (): Promise<number> => {
    n += 1;
    const changed = workspace.edit(kind, n);
    files = files.map((file) =>
      changed[file.path] === undefined ? file : { ...file, text: changed[file.path]! },
    );
    revision += 1;
    const start = performance.now();
    void controller.show(snapshot());
    const outcome = await controller.waitForRevision(revision, signal);
    const elapsed = performance.now() - start;
    if (!outcome.ok) throw new Error(`${workspace.name} ${kind}: ${outcome.error.message}`);
    return elapsed;
  };
  const close = () => {
    controller.dispose();
    container.remove();
  };
  return { step, close };
}

let opened = 0;
const previewBench = {
  /** Opens our preview on a workspace (`kind` edits) or a floor (`kind` null); returns its id. */
  async open(name: string, kind: EditKind | null): Promise<string> {
    const id = `case-${(opened += 1)}`;
    steps.set(
      id,
      kind === null ? FLOORS[name as keyof typeof FLOORS]() : await previewEdits(name, kind),
    );
    return id;
  },
  step: (id: string) => steps.get(id)!.step(),
  close(id: string) {
    steps.get(id)?.close();
    steps.delete(id);
  },
};

Object.assign(globalThis, { previewBench });
