import { ContextConsumer } from '@lit/context';
import type { ReactiveController, ReactiveElement } from 'lit';
import { runtimeContext, type ElementRuntime } from './runtime-context.js';

/** What an element with no runtime shows where its work would be, instead of staying blank. */
export const NO_RUNTIME_MESSAGE =
  'No runtime: place this element inside <ca-studio> or <ca-runtime>, or link one with runtime="ID".';

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
  private readonly follow = () => this.host.requestUpdate();
  private readonly attributes = new MutationObserver(this.follow);

  constructor(private readonly host: ReactiveElement & { runtime?: R | undefined }) {
    this.consumer = new ContextConsumer(host, { context: runtimeContext, subscribe: true });
    host.addController(this);
  }

  get value(): R | undefined {
    return (
      this.host.runtime ??
      this.linked() ??
      (this.consumer.value as R | undefined) ??
      (enclosingProvider(this.host)?.runtime as R | undefined)
    );
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

  private linked(): R | undefined {
    const id = this.host.getAttribute('runtime');
    if (!id) return undefined;
    const root = this.host.getRootNode() as Document | ShadowRoot;
    const found = [root.getElementById?.(id) ?? null, this.host.ownerDocument.getElementById(id)];
    for (const element of found) if (providesRuntime(element)) return element.runtime as R;
    return undefined;
  }
}
