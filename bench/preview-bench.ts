/**
 * Runs in Chromium (see preview-latency.mjs): edit-to-acknowledgement latency of the preview for
 * CSS, HTML and JS edits, and the bare sandboxed `srcdoc` floor, all in the same page and run.
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

export interface Series {
  samples: number[];
}

async function measure(count: number, run: (n: number) => Promise<void>): Promise<number[]> {
  const samples: number[] = [];
  for (let n = 1; n <= WARMUP + count; n += 1) {
    const start = performance.now();
    await run(n);
    if (n > WARMUP) samples.push(performance.now() - start);
  }
  return samples;
}

/** Replacing a sandboxed srcdoc iframe's document, timed to its load message. */
async function srcdocFloor(count: number): Promise<number[]> {
  const frame = document.createElement('iframe');
  frame.setAttribute('sandbox', 'allow-scripts');
  document.body.append(frame);
  const base = renderPreviewHtml(compilePreviewDocument(textFiles(seedWorkspace.files)));
  const samples = await measure(count, (n) => {
    const loaded = new Promise<void>((resolve) => {
      const onMessage = (event: MessageEvent) => {
        if (event.source !== frame.contentWindow || event.data !== `loaded-${n}`) return;
        window.removeEventListener('message', onMessage);
        resolve();
      };
      window.addEventListener('message', onMessage);
    });
    frame.srcdoc = base.replace(
      '</body>',
      `<script>addEventListener('load', () => parent.postMessage('loaded-${n}', '*'))</script></body>`,
    );
    return loaded;
  });
  frame.remove();
  return samples;
}

async function previewEdits(
  workspace: BenchWorkspace,
  kind: EditKind,
  count: number,
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
  const samples = await measure(count, async (n) => {
    files = { ...files, ...workspace.edit(kind, n) };
    revision += 1;
    void controller.show(snapshot());
    const outcome = await controller.waitForRevision(revision, signal);
    if (!outcome.ok) throw new Error(`${workspace.name} ${kind}: ${outcome.error.message}`);
  });
  controller.dispose();
  container.remove();
  return samples;
}

export async function runPreviewBench(count = 50) {
  // The floor is measured before and after the preview runs, so drift shows in both.
  const floor = await srcdocFloor(Math.ceil(count / 2));
  const results: Record<string, Record<EditKind, number[]>> = {};
  for (const workspace of [seedWorkspace, moduleWorkspace]) {
    results[workspace.name] = {
      css: await previewEdits(workspace, 'css', count),
      html: await previewEdits(workspace, 'html', count),
      js: await previewEdits(workspace, 'js', count),
    };
  }
  floor.push(...(await srcdocFloor(Math.floor(count / 2))));
  return { floor, results };
}

(window as unknown as { runPreviewBench: typeof runPreviewBench }).runPreviewBench =
  runPreviewBench;
