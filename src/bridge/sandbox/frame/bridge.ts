/**
 * The bridge: the first script of every preview document, compiled at our build into a string
 * (`scripts/frame-sources.mjs`), so no host bundler can rewrite it. Its configuration (the
 * load's nonce, modules, limits) comes from the data block before it, which the wrapper removes
 * before this runs (`frameScriptReadingConfig`).
 *
 * Its first act opens a private `MessageChannel` and sends one port to the shell with the
 * load's nonce; every later message travels on the other port, held only in this closure. Then
 * it removes its own script element, so preview code finds neither the nonce nor the port, and
 * it keeps the built-ins it relies on (`setTimeout`, the port's `postMessage`) before preview
 * code can replace them. A failure to start is reported on the port as `failed`.
 */
import type { ConsoleLevel, FrameMessage, HostMessage } from '../messages.js';
import type { BridgeConfig } from './config.js';
import { MODULE_LOADER, WORKSPACE_URL } from '../module-names.js';
import { bound, describe } from './describe.js';
import { createErrorLocator } from './error-location.js';
import { installFrameGuard } from './guard.js';
import { createModuleLoader } from './module-loader.js';
import { createPicker } from './picker.js';

declare const CONFIG: BridgeConfig;

type Outgoing = FrameMessage extends infer T
  ? T extends unknown
    ? Omit<T, 'revision'>
    : never
  : never;

const channel = new MessageChannel();
window.parent.postMessage({ type: CONFIG.types.hello, nonce: CONFIG.nonce }, '*', [channel.port2]);
const send: (message: FrameMessage) => void = channel.port1.postMessage.bind(channel.port1);
const own = document.currentScript;

try {
  start(CONFIG);
} catch (error) {
  own?.remove();
  const message = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
  send({
    type: CONFIG.types.failed,
    revision: CONFIG.revision,
    message: bound(message, CONFIG.limits.errorMessageChars),
  });
}

function start(config: BridgeConfig): void {
  const { types, limits } = config;
  const defer = window.setTimeout.bind(window);
  let revision = config.revision;
  let errored = false;
  let sent = 0;
  let bytes = 0;
  let capped = false;

  // A navigation of this document (its `beforeunload` comes first, before any request) or of a
  // nested frame is reported once, and no ready follows it.
  let left = false;
  const leave = () => {
    if (left) return;
    left = true;
    send({ type: types.blocked, revision });
  };
  installFrameGuard(config, leave);
  window.addEventListener('beforeunload', leave, true);

  // Console, selection, escape and fetch messages count against the per-revision caps; the
  // outcome messages (ready, error) are at most a few per revision and always go through.
  const admit = (size: number): boolean => {
    if (capped) return false;
    if (sent + 1 > limits.messagesPerRevision || bytes + size > limits.bytesPerRevision) {
      capped = true;
      send({ type: types.capped, revision, messages: sent, bytes });
      return false;
    }
    sent += 1;
    bytes += size;
    return true;
  };
  const post = (message: Outgoing, size = 0) => {
    if (left) return;
    const counted = message.type !== types.ready && message.type !== types.error;
    if (counted && !admit(size)) return;
    send({ ...message, revision } as FrameMessage);
  };

  const emitConsole = (level: ConsoleLevel, args: unknown[]) => {
    if (capped) return;
    const texts = args
      .slice(0, limits.consoleArguments)
      .map((arg) => bound(describe(arg), limits.consoleArgumentChars));
    post(
      { type: types.console, level, args: texts },
      texts.reduce((sum, text) => sum + text.length * 2, 0),
    );
  };

  const fail = (message: string) => {
    const text = bound(locator.named(message) || 'Unknown error', limits.errorMessageChars);
    emitConsole('error', [text]);
    if (!errored) {
      errored = true;
      post({ type: types.error, message: text });
    }
  };

  // A module's data: URL → its specifier; while a flattened graph's script is inserted, an error
  // event carries the document's URL and a line of that script.
  const NativeError = Error;
  const specifierOf = new Map<string, string>();
  const locator = createErrorLocator(config, specifierOf);
  const loader = createModuleLoader();
  let defining: string | null = null;
  const at = (message: string, place: string | null) => (place ? `${message} (${place})` : message);

  for (const level of ['log', 'info', 'warn', 'error', 'debug'] as const) {
    const original = console[level].bind(console);
    console[level] = (...args: unknown[]) => {
      original(...args);
      // A warning or an error names the workspace file and line that logged it.
      const place =
        level === 'warn' || level === 'error' ? locator.fromStack(new NativeError()) : null;
      emitConsole(level, place ? [...args, `(${place})`] : args);
    };
  }

  // Our own words for a thrown value: engines word the event's message differently (V8 prefixes
  // "Uncaught "); the message alone is left when the value is missing.
  const errorText = (event: ErrorEvent) =>
    event.error !== undefined && event.error !== null
      ? describe(event.error)
      : event.message.replace(/^Uncaught /, '');

  window.addEventListener(
    'error',
    (event: Event) => {
      if (event instanceof ErrorEvent) {
        // A flattened graph's script that does not compile stops the graph, as natively.
        if (defining !== null) loader.halt(event.error);
        const place =
          locator.locate(defining ?? event.filename, event.lineno, event.colno) ??
          locator.fromStack(event.error);
        fail(at(errorText(event), place));
      } else if (event.target instanceof HTMLScriptElement) fail('A script failed to load.');
    },
    true,
  );
  window.addEventListener('unhandledrejection', (event) =>
    fail(at(`Unhandled rejection: ${describe(event.reason)}`, locator.fromStack(event.reason))),
  );
  // Unhandled rejections of the loading scripts are reported in a task after `load`: wait one
  // task so that an errored document is never acknowledged as ready first.
  window.addEventListener('load', () =>
    defer(() => {
      if (!errored) post({ type: types.ready });
    }),
  );
  document.addEventListener(
    'keydown',
    (event) => {
      if (event.key === 'Escape') post({ type: types.escape });
    },
    true,
  );

  // Modules load from data: URLs: measured in Chromium, a 200-module graph loads about five
  // times faster than from object URLs, whose creation and fetches each cost a browser IPC.
  // The sourceURL comment names the file in stack traces and keeps two identical sources two
  // distinct modules.
  const imports: Record<string, string> = {};
  for (const [specifier, [type, source]] of Object.entries(config.modules)) {
    const named = type === 'text/javascript' ? `${source}\n//# sourceURL=${specifier}` : source;
    imports[specifier] = `data:${type},${encodeURIComponent(named)}`;
    specifierOf.set(imports[specifier], specifier);
  }
  // One map: engines that take a single import map per document take this one.
  const site = config.siteImports;
  if (own && (site || Object.keys(imports).length > 0)) {
    const map = document.createElement('script');
    map.type = 'importmap';
    map.textContent = JSON.stringify(
      site ? { imports: { ...site.imports, ...imports }, scopes: site.scopes } : { imports },
    );
    own.after(map);
  }
  // A flattened graph: a few classic scripts hand the module functions to the loader, and run
  // at once (they only define them); the page's module scripts then run their entries through it.
  if (own && config.flat) {
    Object.defineProperty(window, MODULE_LOADER, { value: loader });
    for (const { name, script: text } of config.flat) {
      const script = document.createElement('script');
      script.textContent = `${text}\n//# sourceURL=${name}`;
      defining = name;
      own.after(script);
      script.remove();
    }
    defining = null;
  }
  own?.remove();

  // A relative fetch() (wasm, JSON, images) resolves against the entry's folder, as it would
  // on a server, and is answered from the workspace: the host sends the file's body on the
  // private port when asked, so the document carries no data file it does not use. Anything
  // else goes to the real fetch, where the Content-Security-Policy refuses the network.
  const nativeFetch = window.fetch.bind(window);
  const NativeResponse = Response;
  const NativePromise = Promise;
  const NativeTypeError = TypeError;
  const fetchable = new Set(config.fetchable);
  const awaited = new Map<
    number,
    (answer: { body: string | Blob | null; mimeType: string }) => void
  >();
  let fetches = 0;
  const workspaceBase = `${WORKSPACE_URL}${config.entryPath}`;
  window.fetch = (input: RequestInfo | URL, init?: RequestInit) => {
    const raw = typeof input === 'string' ? input : input instanceof URL ? input.href : null;
    // Relative, or absolute inside the workspace (`new URL('data.json', import.meta.url)`).
    if (
      raw !== null &&
      (raw.startsWith(WORKSPACE_URL) || !/^[a-z][a-z0-9+.-]*:|^\/\//i.test(raw))
    ) {
      const url = new URL(raw, workspaceBase);
      const path = decodeURIComponent(url.pathname.slice(1));
      if (fetchable.has(path)) {
        // Past the caps a fetch fails as a refused request does, without reaching the host.
        if (left || !admit(path.length * 2))
          return NativePromise.reject(new NativeTypeError('Too many requests in this revision.'));
        const id = (fetches += 1);
        send({ type: types.fetch, revision, id, path });
        return new NativePromise<Response>((resolve) =>
          awaited.set(id, ({ body, mimeType }) =>
            resolve(
              body === null
                ? new NativeResponse(null, { status: 404 })
                : new NativeResponse(body, { headers: { 'content-type': mimeType } }),
            ),
          ),
        );
      }
    }
    return nativeFetch(input, init);
  };

  const setPicker = createPicker(limits, (selection) =>
    post(
      { type: types.selection, selection },
      (selection.html.length + selection.selector.length) * 2,
    ),
  );

  channel.port1.onmessage = (event: MessageEvent<HostMessage>) => {
    const data = event.data;
    if (data.type === types.picker) setPicker(data.enabled === true);
    if (data.type === types.file) {
      awaited.get(data.id)?.(data);
      awaited.delete(data.id);
    }
    if (data.type === types.styles) {
      data.sheets.forEach((css, index) => {
        const element = document.querySelector(`style[${config.sheetAttribute}="${index}"]`);
        if (element) element.textContent = css;
      });
      revision = data.revision;
      sent = 0;
      bytes = 0;
      capped = false;
      // Style recalculation happens before the acknowledgement, so it reports what is shown.
      void getComputedStyle(document.documentElement).color;
      if (errored)
        post({ type: types.error, message: 'The preview document has a runtime error.' });
      else post({ type: types.ready });
    }
  };
}
