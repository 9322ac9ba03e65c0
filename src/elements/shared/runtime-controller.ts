import { ContextConsumer, ContextEvent } from '@lit/context';
import type { ReactiveController, ReactiveElement } from 'lit';
import {
  runtimeContext,
  runtimeLoadingContext,
  type ElementRuntime,
  type RuntimeLoading,
} from './runtime-context.js';

/** What an element with no runtime shows where its work would be, instead of staying blank. */
export const NO_RUNTIME_MESSAGE =
  'No runtime: place this element inside <ca-studio> or <ca-runtime>, or link one with runtime="ID".';

/** What it shows there while its provider's runtime is still loading. */
export const LOADING_RUNTIME_MESSAGE = 'Loading the runtime…';

const PROVIDERS = 'ca-runtime, ca-studio';

/** An element that provides a runtime: `<ca-runtime>` or `<ca-studio>`. */
const providesRuntime = (element: Element | null): element is Element & { runtime?: unknown } =>
  !!element?.matches(PROVIDERS);

const shadowHost = (node: Node): Element | null =>
  (node.getRootNode() as Partial<ShadowRoot>).host ?? null;

/**
 * The nearest provider around `element`, across shadow roots. Context misses a provider that
 * upgrades after the element asked (a page's markup, the SDK loaded later), so this finds it.
 */
function enclosingProvider(element: Element): (Element & { runtime?: unknown }) | undefined {
  for (let node = element.parentElement ?? shadowHost(element); node; node = shadowHost(node)) {
    const found = node.closest(PROVIDERS);
    if (found) return found as Element & { runtime?: unknown };
  }
  return undefined;
}

/**
 * Resolves the runtime an element works with: its own `runtime` property first (set by code),
 * else the `<ca-runtime id=ID>` or `<ca-studio id=ID>` its `runtime="ID"` attribute names in
 * its root node or the document, else the one an ancestor provides through context, else the
 * nearest enclosing provider. A provider defined, inserted or recreated later is picked up
 * through `ca-runtime-change`.
 */
export class RuntimeController<
  R extends ElementRuntime = ElementRuntime,
> implements ReactiveController {
  private readonly consumer: ContextConsumer<typeof runtimeContext, ReactiveElement>;
  private readonly loadingConsumer: ContextConsumer<typeof runtimeLoadingContext, ReactiveElement>;
  private readonly follow = () => this.host.requestUpdate();
  private readonly attributes = new MutationObserver(this.follow);

  constructor(private readonly host: ReactiveElement & { runtime?: R | undefined }) {
    this.consumer = new ContextConsumer(host, { context: runtimeContext, subscribe: true });
    this.loadingConsumer = new ContextConsumer(host, {
      context: runtimeLoadingContext,
      subscribe: true,
    });
    host.addController(this);
  }

  get value(): R | undefined {
    return (
      this.host.runtime ??
      (this.linked()?.runtime as R | undefined) ??
      (this.consumer.value as R | undefined) ??
      (enclosingProvider(this.host)?.runtime as R | undefined)
    );
  }

  /**
   * While there is no runtime yet: what the provider whose runtime is still loading offers (the
   * provisional snapshot). `undefined` when there is a runtime, or no provider at all.
   */
  get loading(): RuntimeLoading | undefined {
    if (this.value) return undefined;
    return (
      this.ask(this.linked()) ??
      this.loadingConsumer.value ??
      this.ask(enclosingProvider(this.host))
    );
  }

  /** The provider the element is linked to or sits in (`<ca-runtime>`, `<ca-studio>`). */
  get provider(): Element | undefined {
    return this.linked() ?? enclosingProvider(this.host);
  }

  /** What to show where the element's work would be while it has no runtime. */
  get absence(): string {
    return this.loading ? LOADING_RUNTIME_MESSAGE : NO_RUNTIME_MESSAGE;
  }

  hostConnected(): void {
    // The document hears every provider's change, wherever the provider sits.
    this.host.ownerDocument.addEventListener('ca-runtime-change', this.follow);
    this.attributes.observe(this.host, { attributeFilter: ['runtime'] });
  }

  hostDisconnected(): void {
    this.host.ownerDocument.removeEventListener('ca-runtime-change', this.follow);
    this.attributes.disconnect();
  }

  /** The provider that `runtime="ID"` names in the element's root node or the document. */
  private linked(): (Element & { runtime?: unknown }) | undefined {
    const id = this.host.getAttribute('runtime');
    if (!id) return undefined;
    const root = this.host.getRootNode() as Document | ShadowRoot;
    const found = [root.getElementById?.(id) ?? null, this.host.ownerDocument.getElementById(id)];
    return found.find(providesRuntime) ?? undefined;
  }

  /** A provider outside the context tree answers a context request sent to it directly. */
  private ask(provider: Element | undefined): RuntimeLoading | undefined {
    let answer: RuntimeLoading | undefined;
    provider?.dispatchEvent(
      new ContextEvent(runtimeLoadingContext, this.host, (value) => (answer = value)),
    );
    return answer;
  }
}
