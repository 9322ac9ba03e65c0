/**
 * The bridge that runs inside the preview frame, first thing in its document. It is injected as
 * the source text of `installPreviewBridge`, so the function must be self-contained: everything
 * it needs arrives in `config` (no imports at run time, no outer variables).
 *
 * It removes its own script element before any preview code runs, so the token that
 * authenticates its messages lives only in this closure: preview code can post to the parent,
 * but cannot forge a message the parent accepts.
 */
import type {
  ConsoleLevel,
  FrameMessage,
  ParentMessage,
  PREVIEW_MESSAGE_LIMITS,
  PREVIEW_MESSAGE_TYPES,
  PreviewSelection,
} from './messages.js';
import type { FrameModule } from './compile-modules.js';

type Distribute<T> = T extends unknown ? Omit<T, 'token' | 'revision'> : never;

export interface FrameBridgeConfig {
  token: string;
  revision: number;
  modules: Readonly<Record<string, FrameModule>>;
  types: typeof PREVIEW_MESSAGE_TYPES;
  limits: typeof PREVIEW_MESSAGE_LIMITS;
  sheetAttribute: string;
  fetchable: Readonly<Record<string, string>>;
  entryPath: string;
}

export function installPreviewBridge(config: FrameBridgeConfig): void {
  const { token, types, limits } = config;
  const host = window.parent;
  const own = document.currentScript;
  let revision = config.revision;
  let errored = false;
  let consoleCount = 0;

  const post = (message: Distribute<FrameMessage>) =>
    host.postMessage({ ...message, token, revision }, '*');
  const bound = (text: string, max: number) =>
    text.length > max ? `${text.slice(0, max - 1)}…` : text;

  const describe = (value: unknown, depth: number): string => {
    if (typeof value === 'string') return value;
    if (value instanceof Error) return `${value.name}: ${value.message}`;
    if (typeof value === 'function') return `[function ${value.name || 'anonymous'}]`;
    if (typeof Node !== 'undefined' && value instanceof Node) {
      const element = value instanceof Element ? value : null;
      return element
        ? `<${element.tagName.toLowerCase()}${element.id ? `#${element.id}` : ''}>`
        : value.nodeName;
    }
    if (typeof value !== 'object' || value === null) return String(value);
    if (depth >= 3) return Array.isArray(value) ? '[…]' : '{…}';
    if (Array.isArray(value)) {
      return `[${value
        .slice(0, 20)
        .map((item) => describe(item, depth + 1))
        .join(', ')}${value.length > 20 ? ', …' : ''}]`;
    }
    const entries = Object.entries(value as Record<string, unknown>);
    const shown = entries.slice(0, 20).map(([key, item]) => `${key}: ${describe(item, depth + 1)}`);
    return `{${shown.join(', ')}${entries.length > 20 ? ', …' : ''}}`;
  };

  const emitConsole = (level: ConsoleLevel, args: unknown[]) => {
    consoleCount += 1;
    if (consoleCount > limits.consoleMessagesPerDocument) return;
    const texts =
      consoleCount === limits.consoleMessagesPerDocument
        ? ['Console output truncated: too many messages.']
        : args
            .slice(0, limits.consoleArguments)
            .map((arg) => bound(describe(arg, 0), limits.consoleArgumentChars));
    post({ type: types.console, level, args: texts });
  };

  const fail = (message: string) => {
    const text = bound(message || 'Unknown error', limits.errorMessageChars);
    emitConsole('error', [text]);
    if (!errored) {
      errored = true;
      post({ type: types.error, message: text });
    }
  };

  for (const level of ['log', 'info', 'warn', 'error', 'debug'] as const) {
    const original = console[level].bind(console);
    console[level] = (...args: unknown[]) => {
      original(...args);
      emitConsole(level, args);
    };
  }

  window.addEventListener(
    'error',
    (event: Event) => {
      if (event instanceof ErrorEvent) fail(event.message || describe(event.error, 0));
      else if (event.target instanceof HTMLScriptElement) fail('A script failed to load.');
    },
    true,
  );
  window.addEventListener('unhandledrejection', (event) =>
    fail(`Unhandled rejection: ${describe(event.reason, 0)}`),
  );
  // Unhandled rejections of the loading scripts are reported in a task after `load`: wait one
  // task so that an errored document is never acknowledged as ready first.
  window.addEventListener('load', () =>
    setTimeout(() => {
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
  }
  if (own && Object.keys(imports).length > 0) {
    const map = document.createElement('script');
    map.type = 'importmap';
    map.textContent = JSON.stringify({ imports });
    own.after(map);
  }
  own?.remove();

  // A relative fetch() (wasm, JSON, images) resolves against the entry's folder, as it would
  // on a server, and is answered from the workspace; anything else goes to the real fetch,
  // where the Content-Security-Policy refuses the network.
  const nativeFetch = window.fetch.bind(window);
  const workspaceBase = `https://workspace.invalid/${config.entryPath}`;
  window.fetch = (input: RequestInfo | URL, init?: RequestInit) => {
    const raw = typeof input === 'string' ? input : input instanceof URL ? input.href : null;
    if (raw !== null && !/^[a-z][a-z0-9+.-]*:|^\/\//i.test(raw)) {
      const url = new URL(raw, workspaceBase);
      const local = config.fetchable[decodeURIComponent(url.pathname.slice(1))];
      if (local !== undefined) return nativeFetch(local, init);
    }
    return nativeFetch(input, init);
  };

  let overlay: HTMLDivElement | null = null;
  const selectorOf = (element: Element): string => {
    const steps: string[] = [];
    for (let node: Element | null = element; node && steps.length < 8; node = node.parentElement) {
      if (node.id && document.querySelectorAll(`#${CSS.escape(node.id)}`).length === 1) {
        steps.unshift(`#${CSS.escape(node.id)}`);
        break;
      }
      const tag = node.tagName.toLowerCase();
      if (tag === 'html' || tag === 'body') {
        steps.unshift(tag);
        break;
      }
      const siblings = node.parentElement
        ? [...node.parentElement.children].filter((sibling) => sibling.tagName === node!.tagName)
        : [];
      const index = siblings.indexOf(node) + 1;
      steps.unshift(siblings.length > 1 ? `${tag}:nth-of-type(${index})` : tag);
    }
    return bound(steps.join(' > '), limits.selectorChars);
  };
  const STYLE_NAMES = [
    'color',
    'background-color',
    'font-family',
    'font-size',
    'font-weight',
    'display',
    'position',
    'margin',
    'padding',
    'width',
    'height',
    'border-radius',
  ];
  const describeElement = (element: Element): PreviewSelection => {
    const computed = getComputedStyle(element);
    const styles: Record<string, string> = {};
    for (const name of STYLE_NAMES) styles[name] = bound(computed.getPropertyValue(name), 200);
    const box = element.getBoundingClientRect();
    return {
      selector: selectorOf(element),
      tagName: element.tagName.toLowerCase(),
      html: bound(element.outerHTML, limits.selectionHtmlChars),
      styles,
      rect: { x: box.x, y: box.y, width: box.width, height: box.height },
      viewport: {
        width: innerWidth,
        height: innerHeight,
        scrollX,
        scrollY,
        devicePixelRatio,
      },
    };
  };
  const onHover = (event: MouseEvent) => {
    if (!overlay || !(event.target instanceof Element)) return;
    const box = event.target.getBoundingClientRect();
    Object.assign(overlay.style, {
      top: `${box.top}px`,
      left: `${box.left}px`,
      width: `${box.width}px`,
      height: `${box.height}px`,
    });
  };
  const onPick = (event: MouseEvent) => {
    if (!(event.target instanceof Element)) return;
    event.preventDefault();
    event.stopImmediatePropagation();
    post({ type: types.selection, selection: describeElement(event.target) });
  };
  const setPicker = (enabled: boolean) => {
    if (enabled === (overlay !== null)) return;
    if (enabled) {
      overlay = document.createElement('div');
      overlay.setAttribute('aria-hidden', 'true');
      overlay.style.cssText =
        'position:fixed;pointer-events:none;z-index:2147483647;outline:2px solid #2563eb;background:rgba(37,99,235,.12);top:0;left:0;width:0;height:0';
      document.documentElement.append(overlay);
      document.addEventListener('mouseover', onHover, true);
      document.addEventListener('click', onPick, true);
    } else {
      overlay?.remove();
      overlay = null;
      document.removeEventListener('mouseover', onHover, true);
      document.removeEventListener('click', onPick, true);
    }
  };

  window.addEventListener('message', (event: MessageEvent) => {
    const data = event.data as Partial<ParentMessage> | null;
    if (event.source !== host || !data || data.token !== token) return;
    if (data.type === types.picker) setPicker(data.enabled === true);
    if (
      data.type === types.styles &&
      Array.isArray(data.sheets) &&
      typeof data.revision === 'number'
    ) {
      data.sheets.forEach((css, index) => {
        const element = document.querySelector(`style[${config.sheetAttribute}="${index}"]`);
        if (element && typeof css === 'string') element.textContent = css;
      });
      revision = data.revision;
      // Style recalculation happens before the acknowledgement, so it reports what is shown.
      void getComputedStyle(document.documentElement).color;
      if (errored)
        post({ type: types.error, message: 'The preview document has a runtime error.' });
      else post({ type: types.ready });
    }
  });
}
