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
  /** Milliseconds of long tasks in all. */
  total: number;
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
 * host's long tasks until the page's end marker: a message carrying a port and the script's
 * result or, with `quiet`, a console line (for floods of window messages, which a listener of
 * this page would otherwise pay for; the console is capped, so not for console or fetch floods).
 */
async function flood(
  script: string,
  files: Record<string, string> = {},
  quiet = false,
): Promise<FloodReport> {
  const durations: number[] = [];
  const observer = new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) durations.push(entry.duration);
  });
  observer.observe({ type: 'longtask' });
  let controller!: PreviewController;
  const END = 'flood end ';
  let consoleEnd: (result: unknown) => void = () => {};
  const ended = new Promise<unknown>((resolve) => {
    if (quiet) {
      consoleEnd = resolve;
      return;
    }
    const onMessage = (event: MessageEvent) => {
      if (event.ports.length !== 1) return;
      if (event.source !== controller?.frame?.contentWindow?.frames[0]) return;
      window.removeEventListener('message', onMessage);
      resolve(event.data);
    };
    window.addEventListener('message', onMessage);
  });
  const watch = (created: PreviewController) => {
    controller = created;
    created.subscribe(() => {
      const line = created
        .getSnapshot()
        .console.entries.find((entry) => entry.text.startsWith(END));
      if (line) consoleEnd(JSON.parse(line.text.slice(END.length)));
    });
  };
  const end = quiet
    ? `console.log(${JSON.stringify(END)} + JSON.stringify(result ?? null));`
    : `top.postMessage(result ?? null, '*', [new MessageChannel().port2]);`;
  const page = `<p>flood</p><script>addEventListener('load', () => setTimeout(async () => {
    const result = await (async () => { ${script} })();
    ${end}
  }));</script>`;
  const { outcome, container } = await show(page, watch, files);
  const result = await ended;
  await new Promise((resolve) => setTimeout(resolve, 100));
  observer.disconnect();
  const report = {
    ok: outcome.ok,
    longest: Math.round(Math.max(0, ...durations)),
    longTasks: durations.length,
    total: Math.round(durations.reduce((sum, duration) => sum + duration, 0)),
    // Less the end marker's console line.
    consoleLog: controller.getSnapshot().console.counts.log - (quiet ? 1 : 0),
    diagnostics: controller.getStatus().diagnostics.map((diagnostic) => diagnostic.code),
    result,
  };
  controller.dispose();
  container.remove();
  return report;
}

/**
 * The same flood from a sandboxed frame no controller watches, with no message listener on
 * this page: what the browser's delivery alone costs the host.
 */
async function bareFlood(script: string): Promise<FloodReport> {
  const durations: number[] = [];
  const observer = new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) durations.push(entry.duration);
  });
  observer.observe({ type: 'longtask' });
  const frame = document.createElement('iframe');
  frame.sandbox.add('allow-scripts');
  const result = await new Promise<unknown>((resolve) => {
    const port = new MessageChannel();
    port.port1.onmessage = (event) => resolve(event.data);
    frame.addEventListener('load', () =>
      frame.contentWindow?.postMessage('start', '*', [port.port2]),
    );
    frame.srcdoc = `<script>addEventListener('message', (event) => setTimeout(async () => {
      const result = await (async () => { ${script} })();
      event.ports[0].postMessage(result ?? null);
    }));</script>`;
    document.body.append(frame);
  });
  await new Promise((resolve) => setTimeout(resolve, 100));
  observer.disconnect();
  frame.remove();
  return {
    ok: true,
    longest: Math.round(Math.max(0, ...durations)),
    longTasks: durations.length,
    total: Math.round(durations.reduce((sum, duration) => sum + duration, 0)),
    consoleLog: 0,
    diagnostics: [],
    result,
  };
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
    bareFlood,
  },
});
