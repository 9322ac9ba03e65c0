/**
 * How the navigation tests run a page that tries to leave: mount it, wait for the card, let the
 * loopback sink settle, and read what the host saw and the sink counted.
 */
import { expect } from '@open-wc/testing';
import type { PreviewControllerOptions } from '../../../src/bridge/sandbox/controller.js';
import {
  PREVIEW_DIAGNOSTIC_CODES,
  PREVIEW_ERROR_CODES,
} from '../../../src/runtime/preview/errors.js';
import { mountPreview } from './harness.js';
import { netLogNamesOf, readSink, type SinkCounts } from './sink.js';

/** Chromium opens the connection (DNS, TCP, TLS server name) before the policy blocks it. */
export const resolvesBeforeBlocking = /Chrome\//.test(navigator.userAgent);

/** The sink's count once no connection arrived for a second (a loaded machine is slow), reset. */
export async function settledSink(): Promise<SinkCounts> {
  let seen = -1;
  for (let round = 0; round < 20; round += 1) {
    await new Promise((resolve) => setTimeout(resolve, 1000));
    const { names, http } = await readSink();
    if (names.length + http.length === seen) break;
    seen = names.length + http.length;
  }
  return readSink(true);
}

/** Mounts `page`, waits for the card, and returns what the host saw and the sink counted. */
export async function navigateFrom(page: string, options: PreviewControllerOptions = {}) {
  const mounted = mountPreview({ 'index.html': page }, options);
  const { controller } = mounted;
  const states: string[] = [];
  controller.subscribe(() => states.push(controller.getStatus().state));
  const blocked = () =>
    controller
      .getStatus()
      .diagnostics.some((d) => d.code === PREVIEW_DIAGNOSTIC_CODES.NAVIGATION_BLOCKED);
  const deadline = Date.now() + 5000;
  while (!blocked() && Date.now() < deadline) await new Promise((r) => setTimeout(r, 25));
  const status = controller.getStatus();
  const outcome = await controller.waitForRevision(status.revision, new AbortController().signal);
  return {
    mounted,
    blocked: blocked(),
    states,
    sealed: controller.getStatus().sealed,
    card: controller.frame?.srcdoc.includes('The preview stopped') ?? false,
    code: outcome.ok ? 'ok' : outcome.error.code,
    counts: await settledSink(),
  };
}

type Navigated = Awaited<ReturnType<typeof navigateFrom>>;

/** Blocked, a card, the revision failed (a nested frame may navigate after the page was ready). */
export const expectCard = (result: Navigated) => {
  expect(result.blocked, 'PREVIEW_NAVIGATION_BLOCKED').to.equal(true);
  expect(result.card, 'a card in the frame').to.equal(true);
  expect(result.code).to.equal(PREVIEW_ERROR_CODES.PREVIEW_RUNTIME_ERROR);
};

/** The page itself navigated: also never acknowledged as ready, and no request went out. */
export const expectCardNeverReady = (result: Navigated) => {
  expectCard(result);
  expect(result.states, 'never ready').not.to.include('ready');
  expect(result.counts.http).to.deep.equal([]);
};

/**
 * Chromium's net log holds the names starting with `label` only where they `leave`: a name the
 * network stack never saw was refused before any lookup. No net log (other engines): no check.
 */
export async function expectNetLog(label: string, leave: boolean) {
  const names = await netLogNamesOf(label);
  if (names === null) return;
  if (leave) expect(names, `${label} in the net log`).not.to.deep.equal([]);
  else expect(names, `${label} in the net log`).to.deep.equal([]);
}
