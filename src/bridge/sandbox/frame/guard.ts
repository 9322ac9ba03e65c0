/**
 * Switches WebRTC off in a preview document and in every frame nested in it, and reports every
 * navigation the document's policy blocks. The Content Security Policy does not cover WebRTC
 * (Chromium ignores `webrtc 'block'`), and a STUN or TURN server name carries data to any host.
 * So the guard deletes the RTC constructors before any preview code runs, and writes itself
 * first into the `srcdoc` of every nested frame the document gains (a `javascript:` frame URL,
 * which would run without it, becomes about:blank). Nested frames have their own opaque origin:
 * preview code cannot reach their constructors from outside, only run code inside them, which
 * the guard then precedes.
 *
 * Page code runs after the guard and may replace any built-in: every one the guard calls later
 * is taken now and called with `Reflect.apply`. No document is skipped because of what it
 * contains. Closed shadow roots the guard cannot watch are never made: declarative ones become
 * guard-attached (see `DECLARED_SHADOW_ROOT`) or open, and `attachShadow` roots are watched as
 * they are made.
 */
import type { GuardConfig } from './config.js';
import { getter, method } from './builtins.js';
import { DECLARED_SHADOW_ROOT } from './declared-shadow.js';
import { frameScriptTag } from './script-tag.js';

const { apply, getOwnPropertyDescriptor, deleteProperty } = Reflect;

const FRAME_NAMES: Record<string, true> = { iframe: true, frame: true };
const MODE = 'shadowrootmode';

/** `report` is called, at most once, when a navigation of a frame nested in this document is
 * blocked (a nested guard relays its own nested frames' blocks). */
export function installFrameGuard(config: GuardConfig, report: () => void): void {
  const scope = window as unknown as Record<string, unknown>;
  for (const name of Object.getOwnPropertyNames(window)) {
    if (!/^(webkit)?RTC/.test(name)) continue;
    if (!deleteProperty(window, name)) scope[name] = undefined;
  }

  const E = Element.prototype;
  const nodeType = getter(Node.prototype, 'nodeType');
  const localName = getter(E, 'localName');
  const openRoot = getter(E, 'shadowRoot');
  const getAttribute = method(E, 'getAttribute');
  const setAttribute = method(E, 'setAttribute');
  const hasAttribute = method(E, 'hasAttribute');
  const removeElement = method(E, 'remove');
  const startsWith = method(String.prototype, 'startsWith');
  const toLowerCase = method(String.prototype, 'toLowerCase');
  const includes = method(String.prototype, 'includes');
  const slice = method(String.prototype, 'slice');
  const all = {
    element: method(E, 'querySelectorAll'),
    fragment: method(DocumentFragment.prototype, 'querySelectorAll'),
    document: method(Document.prototype, 'querySelectorAll'),
  };
  const listLength = getter(NodeList.prototype, 'length');
  const item = method(NodeList.prototype, 'item');
  const recordType = getter(MutationRecord.prototype, 'type');
  const recordTarget = getter(MutationRecord.prototype, 'target');
  const recordAdded = getter(MutationRecord.prototype, 'addedNodes');
  const observe = method(MutationObserver.prototype, 'observe');
  const NativeURL = URL;
  const protocol = getter(URL.prototype, 'protocol');
  const documentElement = getter(Document.prototype, 'documentElement');
  const templateContent = getter(HTMLTemplateElement.prototype, 'content');
  const innerHTML = getOwnPropertyDescriptor(E, 'innerHTML')!;
  const createElement = method(Document.prototype, 'createElement');
  const watched = new WeakSet<Node>();
  const isWatched = method(WeakSet.prototype, 'has');
  const markWatched = method(WeakSet.prototype, 'add');
  const violationDirective = getter(SecurityPolicyViolationEvent.prototype, 'effectiveDirective');
  const messageData = getter(MessageEvent.prototype, 'data');
  const marker = document;
  const parentNode = getter(Node.prototype, 'parentNode');
  const appendChild = method(Node.prototype, 'appendChild');
  const readyState = getter(Document.prototype, 'readyState');
  const removeAttribute = method(E, 'removeAttribute');
  const outerHTML = getter(E, 'outerHTML');
  const NativeDOMParser = DOMParser;
  const parseFromString = method(DOMParser.prototype, 'parseFromString');
  const attachShadow = method(E, 'attachShadow');
  const NativeString = String;
  const NativeDOMException = DOMException;
  const stopLoading = method(window, 'stop');

  let reported = false;
  const once = () => {
    if (reported) return;
    reported = true;
    report();
  };

  // The tag itself is built now: JSON and String methods are page code's to replace later.
  const prefix = frameScriptTag(config.guardSource, {
    guardSource: config.guardSource,
    blockedType: config.blockedType,
  } satisfies GuardConfig);

  const isJavaScriptUrl = (src: unknown): boolean => {
    if (typeof src !== 'string') return false;
    // The URL parser decides (it drops spaces, controls and tabs a pattern would have to know).
    try {
      return protocol(new NativeURL(src)) === 'javascript:';
    } catch {
      return false;
    }
  };

  // Every template of a tree, also those inside templates' content.
  const eachTemplate = (root: unknown, act: (template: Element) => void) => {
    const list = (nodeType(root) === 9 ? all.document : all.fragment)(root, 'template') as NodeList;
    const count = listLength(list) as number;
    for (let index = 0; index < count; index += 1) {
      const template = item(list, index) as Element;
      act(template);
      eachTemplate(templateContent(template), act);
    }
  };

  // Chromium connects to a frame's `src` host before the policy blocks the frame: frames in a
  // nested document's markup lose `src` (the policy blocks every nested navigation anyway).
  const dropFrameSrc = (root: unknown) => {
    const select = nodeType(root) === 9 ? all.document : all.fragment;
    const frames = select(root, 'iframe[src], frame[src]') as NodeList;
    for (let index = listLength(frames) as number; index-- > 0;)
      removeAttribute(item(frames, index), 'src');
  };

  // A nested document's declarative roots are handed to its guard, as the assembler does.
  const handOver = (markup: string): string => {
    const lower = toLowerCase(markup) as string;
    if (!includes(lower, MODE) && !includes(lower, 'frame')) return markup;
    const parsed = parseFromString(new NativeDOMParser(), markup, 'text/html') as Document;
    dropFrameSrc(parsed);
    eachTemplate(parsed, (template) => {
      dropFrameSrc(templateContent(template));
      const mode = getAttribute(template, MODE);
      if (mode === null) return;
      removeAttribute(template, MODE);
      setAttribute(template, DECLARED_SHADOW_ROOT, mode);
    });
    // A srcdoc document is never in quirks mode: its doctype changes nothing.
    return outerHTML(documentElement(parsed)) as string;
  };

  // The guard's tag first means the guard runs first; the rest is checked whatever it holds.
  const secure = (frame: Element) => {
    const srcdoc = getAttribute(frame, 'srcdoc');
    if (typeof srcdoc === 'string') {
      const body = startsWith(srcdoc, prefix) ? (slice(srcdoc, prefix.length) as string) : srcdoc;
      const secured = prefix + handOver(body);
      if (secured !== srcdoc) setAttribute(frame, 'srcdoc', secured);
    }
    if (isJavaScriptUrl(getAttribute(frame, 'src'))) setAttribute(frame, 'src', 'about:blank');
  };

  const visit = (node: unknown) => {
    if (nodeType(node) !== 1) return;
    const element = node as Element;
    const name = localName(element) as string;
    if (FRAME_NAMES[name] === true) secure(element);
    if (name === 'template' && hasAttribute(element, DECLARED_SHADOW_ROOT)) declare(element);
    // A refresh navigates once the document has loaded, and its navigation would send the
    // host name out before the policy blocks it: stopping the document cancels the refresh (and
    // the rest of the load, which the card replaces). Reported now, before any ready.
    if (name === 'meta') {
      const equiv = getAttribute(element, 'http-equiv');
      if (typeof equiv === 'string' && toLowerCase(equiv) === 'refresh') {
        stopLoading(window);
        once();
      }
    }
    const root = openRoot(element) as ShadowRoot | null;
    if (root && !isWatched(watched, root)) watchRoot(root);
  };

  // A declared root, attached once its template is complete, and watched before its content
  // (and any frame in it) moves in.
  // As with the parser's roots, a custom element finds its declared root through its internals,
  // and its own first `attachShadow` of the same mode takes it over, emptied.
  const declaredRoots = new WeakMap<Element, ShadowRoot>();
  const hostOf = new WeakMap<ElementInternals, Element>();
  const getDeclared = method(WeakMap.prototype, 'get');
  const setDeclared = method(WeakMap.prototype, 'set');
  const forgetDeclared = method(WeakMap.prototype, 'delete');
  const rootMode = getter(ShadowRoot.prototype, 'mode');
  const replaceChildren = method(ShadowRoot.prototype, 'replaceChildren');
  const pending = new Set<Element>();
  const wait = method(Set.prototype, 'add');
  const done = method(Set.prototype, 'delete');
  const eachPending = method(Set.prototype, 'forEach');
  const nextSibling = getter(Node.prototype, 'nextSibling');
  // The parser fills a template until its end tag; once it has put anything after the template
  // in document order (or finished), the template is complete.
  const complete = (template: Element) => {
    if (readyState(marker) !== 'loading') return true;
    for (let node: unknown = template; node !== null; node = parentNode(node))
      if (nextSibling(node) !== null) return true;
    return false;
  };
  const declare = (template: Element) => {
    if (!complete(template)) {
      wait(pending, template);
      return;
    }
    done(pending, template);
    const host = parentNode(template);
    // Already attached (a record about a template since moved out) or not under an element.
    if (host === null || nodeType(host) !== 1) return;
    let root: ShadowRoot;
    try {
      root = attachShadow(host, {
        mode: getAttribute(template, DECLARED_SHADOW_ROOT) === 'closed' ? 'closed' : 'open',
        delegatesFocus: hasAttribute(template, 'shadowrootdelegatesfocus'),
        clonable: hasAttribute(template, 'shadowrootclonable'),
        serializable: hasAttribute(template, 'shadowrootserializable'),
      }) as ShadowRoot;
    } catch {
      return; // The host already has a root: as with markup, the template stays a template.
    }
    setDeclared(declaredRoots, host, root);
    watchRoot(root);
    appendChild(root, templateContent(template));
    removeElement(template);
  };

  // Every element of a tree, including those of the open shadow roots it holds.
  const secureTree = (node: unknown) => {
    const type = nodeType(node);
    let list: NodeList;
    if (type === 1) {
      visit(node);
      list = all.element(node, '*') as NodeList;
    } else if (type === 11) list = all.fragment(node, '*') as NodeList;
    else if (type === 9) list = all.document(node, '*') as NodeList;
    else return;
    const count = listLength(list) as number;
    for (let index = 0; index < count; index += 1) visit(item(list, index));
  };

  // Mutation records arrive in a microtask, before a nested frame's navigation commits.
  const observer = new MutationObserver((records: MutationRecord[]) => {
    const count = records.length;
    for (let index = 0; index < count; index += 1) {
      const record = records[index];
      if (recordType(record) === 'attributes') visit(recordTarget(record));
      const added = recordAdded(record) as NodeList;
      const addedCount = listLength(added) as number;
      for (let at = 0; at < addedCount; at += 1) {
        try {
          secureTree(item(added, at));
        } catch {
          // One node the guard cannot read must not leave the rest unsecured.
        }
      }
    }
    eachPending(pending, declare);
  });
  const options: MutationObserverInit = {
    subtree: true,
    childList: true,
    attributes: true,
    attributeFilter: ['srcdoc', 'src', 'http-equiv'],
  };
  function watchRoot(root: Node) {
    markWatched(watched, root);
    observe(observer, root, options);
    secureTree(root);
  }
  watchRoot(document);

  // Shadow roots are outside the document's subtree: each one is watched as it is created, or
  // when a custom element reaches its own through its internals.
  E.attachShadow = function (this: Element, init: ShadowRootInit) {
    const declared = getDeclared(declaredRoots, this) as ShadowRoot | undefined;
    if (declared && rootMode(declared) === init?.mode) {
      forgetDeclared(declaredRoots, this);
      replaceChildren(declared);
      return declared;
    }
    const root = attachShadow(this, init) as ShadowRoot;
    if (!isWatched(watched, root)) watchRoot(root);
    return root;
  };
  const attachInternals = method(HTMLElement.prototype, 'attachInternals');
  HTMLElement.prototype.attachInternals = function (this: HTMLElement) {
    const internals = attachInternals(this) as ElementInternals;
    setDeclared(hostOf, internals, this);
    return internals;
  };

  const internalsRoot = getOwnPropertyDescriptor(ElementInternals.prototype, 'shadowRoot');
  if (internalsRoot?.get) {
    const get = internalsRoot.get;
    Object.defineProperty(ElementInternals.prototype, 'shadowRoot', {
      configurable: true,
      get(this: ElementInternals) {
        const root =
          (apply(get, this, []) as ShadowRoot | null) ??
          (getDeclared(declaredRoots, getDeclared(hostOf, this)) as ShadowRoot | undefined) ??
          null;
        if (root && !isWatched(watched, root)) watchRoot(root);
        return root;
      },
    });
  }
  addEventListener(
    'DOMContentLoaded',
    () => {
      secureTree(marker);
      eachPending(pending, declare);
    },
    true,
  );

  // Markup that declares shadow roots declares open ones, which the guard finds and watches.
  const template = createElement(document, 'template') as HTMLTemplateElement;
  const openDeclared = (markup: unknown): unknown => {
    if (typeof markup !== 'string' || !includes(toLowerCase(markup), MODE)) return markup;
    apply(innerHTML.set!, template, [markup]);
    eachTemplate(templateContent(template), (inner) => {
      if (hasAttribute(inner, MODE)) setAttribute(inner, MODE, 'open');
    });
    return apply(innerHTML.get!, template, []);
  };
  const wrapMarkup = (owner: object | undefined, name: string) => {
    const original = owner && (getOwnPropertyDescriptor(owner, name)?.value as unknown);
    if (typeof original !== 'function') return;
    Object.defineProperty(owner, name, {
      configurable: true,
      writable: true,
      value: function (this: unknown, markup: unknown, options: unknown) {
        return apply(original, this, [openDeclared(markup), options]);
      },
    });
  };
  wrapMarkup(E, 'setHTMLUnsafe');
  wrapMarkup(E, 'setHTML');
  wrapMarkup(ShadowRoot.prototype, 'setHTMLUnsafe');
  wrapMarkup(ShadowRoot.prototype, 'setHTML');
  wrapMarkup(Document, 'parseHTMLUnsafe');
  wrapMarkup(Document, 'parseHTML');
  // `document.write` streams markup in pieces no parse can check on its own: a declarative
  // shadow root in it is refused, also when its attribute name spans two calls.
  let tail = '';
  for (const name of ['write', 'writeln']) {
    const original = getOwnPropertyDescriptor(Document.prototype, name)!.value as () => void;
    Object.defineProperty(Document.prototype, name, {
      configurable: true,
      writable: true,
      value: function (this: Document, ...markup: unknown[]) {
        let text = tail;
        for (let index = 0; index < markup.length; index += 1) text += NativeString(markup[index]);
        if (includes(toLowerCase(text), MODE))
          throw new NativeDOMException(
            'The preview does not run declarative shadow roots written with document.write.',
            'NotSupportedError',
          );
        tail = slice(text, -MODE.length) as string;
        return apply(original, this, markup);
      },
    });
  }

  // Blocked navigations of nested frames are reported in this document (the frames' parent);
  // nested documents relay theirs here.
  addEventListener(
    'securitypolicyviolation',
    (event) => {
      const directive = violationDirective(event);
      if (directive === 'frame-src' || directive === 'child-src') once();
    },
    true,
  );
  addEventListener('message', (event) => messageData(event) === config.blockedType && once(), true);
}
