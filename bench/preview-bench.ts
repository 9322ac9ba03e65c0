/**
 * Runs in Chromium (see preview-latency.mjs): edit-to-acknowledgement latency of the preview for
 * CSS, HTML and JS edits. The bare sandboxed `srcdoc` floor is measured interleaved with them
 * (one floor load after every preview edit), so machine drift affects both alike.
 */
import { compilePreviewDocument, renderPreviewHtml } from '../src/bridge/preview/compile.js';
import { PreviewController } from '../src/bridge/preview/controller.js';
import type { WorkspaceSnapshot } from '../src/runtime/workspace/types.js';
import {
  moduleWorkspace,
  seedWorkspace,
  textFiles,
  type BenchWorkspace,
  type EditKind,
} from './preview-workspaces.js';

const WARMUP = 5;

/** Replaces a sandboxed srcdoc iframe's document with the seed, timed to its load message. */
function createSrcdocFloor() {
  const frame = document.createElement('iframe');
  frame.setAttribute('sandbox', 'allow-scripts');
  document.body.append(frame);
  const base = renderPreviewHtml(compilePreviewDocument(textFiles(seedWorkspace.files)));
  let load = 0;
  return async (): Promise<number> => {
    load += 1;
    const id = `loaded-${load}`;
    const loaded = new Promise<void>((resolve) => {
      const onMessage = (event: MessageEvent) => {
        if (event.source !== frame.contentWindow || event.data !== id) return;
        window.removeEventListener('message', onMessage);
        resolve();
      };
      window.addEventListener('message', onMessage);
    });
    const start = performance.now();
    frame.srcdoc = base.replace(
      '</body>',
      `<script>addEventListener('load', () => parent.postMessage('${id}', '*'))</script></body>`,
    );
    await loaded;
    return performance.now() - start;
  };
}

async function previewEdits(
  workspace: BenchWorkspace,
  kind: EditKind,
  count: number,
  floor: () => Promise<number>,
  floorSamples: number[],
): Promise<number[]> {
  const container = document.createElement('div');
  document.body.append(container);
  const controller = new PreviewController(container, { ackTimeoutMs: 30_000 });
  let files = { ...workspace.files };
  let revision = 1;
  const snapshot = (): WorkspaceSnapshot => ({
    revision,
    activePath: null,
    files: textFiles(files),
    dirtyPaths: [],
    deletedPaths: [],
    storageMode: 'memory',
  });
  const signal = new AbortController().signal;
  void controller.show(snapshot());
  const first = await controller.waitForRevision(revision, signal);
  if (!first.ok) throw new Error(`${workspace.name}: ${first.error.message}`);
  const samples: number[] = [];
  for (let n = 1; n <= WARMUP + count; n += 1) {
    files = { ...files, ...workspace.edit(kind, n) };
    revision += 1;
    const start = performance.now();
    void controller.show(snapshot());
    const outcome = await controller.waitForRevision(revision, signal);
    const elapsed = performance.now() - start;
    if (!outcome.ok) throw new Error(`${workspace.name} ${kind}: ${outcome.error.message}`);
    const floorSample = await floor();
    if (n > WARMUP) {
      samples.push(elapsed);
      floorSamples.push(floorSample);
    }
  }
  controller.dispose();
  container.remove();
  return samples;
}

export async function runPreviewBench(count = 50) {
  const floorLoad = createSrcdocFloor();
  const floor: number[] = [];
  const results: Record<string, Record<EditKind, number[]>> = {};
  for (const workspace of [seedWorkspace, moduleWorkspace]) {
    results[workspace.name] = {
      css: await previewEdits(workspace, 'css', count, floorLoad, floor),
      html: await previewEdits(workspace, 'html', count, floorLoad, floor),
      js: await previewEdits(workspace, 'js', count, floorLoad, floor),
    };
  }
  return { floor, results };
}

(window as unknown as { runPreviewBench: typeof runPreviewBench }).runPreviewBench =
  runPreviewBench;
