/**
 * A tiny host page for the built-bundle tests: imports the package the way an app does and
 * exposes a preview to drive from Playwright. Built by Vite with an es2017 target, so the host
 * code is down-levelled (helpers for spread and friends) as Angular and old targets do.
 */
import { PreviewController } from '../../../../src/index.js';
import { createTestWorkspace } from '../fixtures.js';

interface FloodReport {
  ok: boolean;
  longest: number;
  longTasks: number;
  consoleLog: number;
  diagnostics: string[];
  /** What the page's script returned (sent with its end marker). */
  result: unknown;
}

async function show(
  html: string,
  onController?: (controller: PreviewController) => void,
  files: Record<string, string> = {},
) {
  const container = document.createElement('div');
  document.body.append(container);
  const controller = new PreviewController(container, { ackTimeoutMs: 20_000 });
  onController?.(controller);
  const workspace = createTestWorkspace({ ...files, 'index.html': html });
  await controller.show(workspace.getSnapshot());
  const outcome = await controller.waitForRevision(1, new AbortController().signal);
  return { controller, container, outcome };
}

/**
 * Loads a page whose script (an async function body) floods the host after load, measures the
 * host's long tasks until the page's end marker (a message carrying a port and the script's
 * result).
 */
async function flood(script: string, files: Record<string, string> = {}): Promise<FloodReport> {
  const durations: number[] = [];
  const observer = new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) durations.push(entry.duration);
  });
  observer.observe({ type: 'longtask' });
  let controller!: PreviewController;
  const ended = new Promise<unknown>((resolve) => {
    const onMessage = (event: MessageEvent) => {
      if (event.ports.length !== 1) return;
      if (event.source !== controller?.frame?.contentWindow?.frames[0]) return;
      window.removeEventListener('message', onMessage);
      resolve(event.data);
    };
    window.addEventListener('message', onMessage);
  });
  const page = `<p>flood</p><script>addEventListener('load', () => setTimeout(async () => {
    const result = await (async () => { ${script} })();
    top.postMessage(result ?? null, '*', [new MessageChannel().port2]);
  }));</script>`;
  const { outcome, container } = await show(page, (created) => (controller = created), files);
  const result = await ended;
  await new Promise((resolve) => setTimeout(resolve, 100));
  observer.disconnect();
  const report = {
    ok: outcome.ok,
    longest: Math.round(Math.max(0, ...durations)),
    longTasks: durations.length,
    consoleLog: controller.getSnapshot().console.counts.log,
    diagnostics: controller.getStatus().diagnostics.map((diagnostic) => diagnostic.code),
    result,
  };
  controller.dispose();
  container.remove();
  return report;
}

Object.assign(window, {
  previewHost: {
    async acknowledge(html: string) {
      const { controller, container, outcome } = await show(html);
      controller.dispose();
      container.remove();
      return outcome;
    },
    flood,
  },
});
