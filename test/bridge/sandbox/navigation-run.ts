/**
 * How the navigation tests run pages that try to leave: mount them side by side, wait for each
 * card, let the loopback sink settle once, and read what each host saw and the sink counted.
 */
import { expect } from '@open-wc/testing';
import {
  PREVIEW_DIAGNOSTIC_CODES,
  PREVIEW_ERROR_CODES,
} from '../../../src/runtime/preview/errors.js';
import { mountPreview, type MountOptions } from './harness.js';
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

/** Mounts `page` and waits for the card; what the host saw, before the sink is read. */
async function watch(page: string, options: MountOptions) {
  const mounted = mountPreview({ 'index.html': page }, options);
  const { controller } = mounted;
  const states: string[] = [];
  // Whether a shell ever carried a network origin in its policy (a site import map's).
  let networked = false;
  const look = () =>
    (networked ||= /https:\/\/[a-z.]+\.example/.test(controller.frame?.srcdoc ?? ''));
  look();
  controller.subscribe(() => {
    states.push(controller.getStatus().state);
    look();
  });
  const blocked = () =>
    controller
      .getStatus()
      .diagnostics.some((d) => d.code === PREVIEW_DIAGNOSTIC_CODES.NAVIGATION_BLOCKED);
  // Generous: a batch loads every page at once, and a case that never starts (WebKit's empty
  // srcdoc frames) waits it out, once for the whole batch.
  const deadline = Date.now() + 15000;
  while (!blocked() && Date.now() < deadline) await new Promise((r) => setTimeout(r, 25));
  const status = controller.getStatus();
  const outcome = await controller.waitForRevision(status.revision, new AbortController().signal);
  return {
    mounted,
    blocked: blocked(),
    states,
    sealed: controller.getStatus().sealed,
    networked,
    card: controller.frame?.srcdoc.includes('The preview stopped') ?? false,
    code: outcome.ok ? 'ok' : outcome.error.code,
  };
}

/** A page that tries to leave, by the label its host names start with. */
export type NavigationCases = Record<string, { page: string; options?: MountOptions }>;

/** Does this host name carry `label` (the loop numbers its names: `label0` … `label99`)? */
const carries = (label: string, name: string) =>
  new RegExp(`^${label}\\d*\\.leak\\.test$`).test(name);

/**
 * Runs every case at once, each page in a preview of its own, and lets the sink settle once for
 * all of them: the quiet wait that shows nothing left is paid once per batch, not per case. Each
 * label's result counts the names that carry it; `stray` holds names no label claims. HTTP
 * requests carry no label, so every case sees all of them (these pages aim only at host names).
 */
export async function navigateAll(cases: NavigationCases) {
  await readSink(true);
  const watched = await Promise.all(
    Object.entries(cases).map(
      async ([label, { page, options }]) => [label, await watch(page, options ?? {})] as const,
    ),
  );
  const counts = await settledSink();
  for (const [, result] of watched) result.mounted.dispose();
  const labels = watched.map(([label]) => label);
  return {
    results: new Map(
      watched.map(([label, result]) => [
        label,
        {
          ...result,
          counts: { ...counts, names: counts.names.filter((name) => carries(label, name)) },
        },
      ]),
    ),
    stray: counts.names.filter((name) => !labels.some((label) => carries(label, name))),
  };
}

/** `navigateAll` run once, on the first call, for a file's tests to share. */
export function sharedNavigation(cases: () => NavigationCases) {
  let run: ReturnType<typeof navigateAll> | undefined;
  const batch = () => (run ??= navigateAll(cases()));
  return {
    result: async (label: string) => {
      const found = (await batch()).results.get(label);
      if (!found) throw new Error(`No navigation case is labelled ${label}`);
      return found;
    },
    stray: async () => (await batch()).stray,
  };
}

type Navigated = Awaited<ReturnType<ReturnType<typeof sharedNavigation>['result']>>;

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
