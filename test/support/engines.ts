/**
 * Which engine runs the browser tests, and `it` for a test that runs only in some of them, with
 * the reason in the skipped test's title so every report says why. A test runs in every engine
 * unless something it needs is missing from an engine by design (showDirectoryPicker, WebMCP).
 */
export type Engine = 'chromium' | 'firefox' | 'webkit';

const agent = navigator.userAgent;
export const engine: Engine = /Firefox\//.test(agent)
  ? 'firefox'
  : /Chrome\//.test(agent)
    ? 'chromium'
    : 'webkit';

/** `it` in `engines`; elsewhere a skipped test titled with the reason. */
export function itIn(engines: readonly Engine[], reason: string) {
  if (engines.includes(engine)) return it;
  return (title: string, fn?: Mocha.Func | Mocha.AsyncFunc) =>
    it.skip(`${title} [skipped in ${engine}: ${reason}]`, fn);
}

/** `describe` in `engines`; elsewhere its tests are skipped, titled with the reason. */
export function describeIn(engines: readonly Engine[], reason: string) {
  if (engines.includes(engine)) return describe;
  return (title: string, fn: (this: Mocha.Suite) => void) =>
    describe.skip(`${title} [skipped in ${engine}: ${reason}]`, fn);
}

/** Tests that link a real directory handle make it in the origin private file system. */
export const WITH_OPFS: readonly Engine[] = ['chromium', 'firefox'];
export const NO_OPFS =
  'WebKitGTK has no navigator.storage.getDirectory, which makes the directory handle to link';

export const FLAT_PLACES_IN_WEBKIT =
  "not fixed: WebKit reports a flattened module graph's errors without file and line";

export const WEBMCP_IN_CHROMIUM =
  'WebMCP (document.modelContext) exists in Chromium only, behind its testing flag';
