import { ContextConsumer, ContextRoot } from '@lit/context';
import type { ReactiveController, ReactiveElement } from 'lit';
import {
  runtimeContext,
  runtimeLoadingContext,
  type ElementRuntime,
  type RuntimeLoading,
} from './runtime-context.js';
import { runtimeOwnerContext, runtimeOwners, type RuntimeOwnerEntry } from './runtime-owners.js';

/** What an element with no runtime shows where its work would be, instead of staying blank. */
export const NO_RUNTIME_MESSAGE =
  'No runtime: place this element inside <ca-studio> or <ca-runtime>, or link one with runtime="ID".';

/** What it shows there while its provider's runtime is still loading. */
export const LOADING_RUNTIME_MESSAGE = 'Loading the runtime…';

const CONTEXT_ROOT = Symbol.for('context-action.context-root');

/**
 * Keeps a document's unanswered context requests until a provider appears: a `<ca-runtime>` or
 * `<ca-studio>` that upgrades, or is inserted, after the elements inside it asked.
 */
function attachContextRoot(document: Document): void {
  const marked = document as Document & { [CONTEXT_ROOT]?: true };
  if (marked[CONTEXT_ROOT]) return;
  marked[CONTEXT_ROOT] = true;
  new ContextRoot().attach(document.documentElement);
}

/**
 * Resolves the runtime an element works with, in two ways only: its `runtime="ID"` attribute
 * names an owner (`<ca-runtime id=ID>` or `<ca-studio id=ID>`), looked up once in the page's
 * registry of owners whenever the link or an owner changes; otherwise the owner around it
 * provides one through context. A runtime set from code (the `runtime` property) wins over both.
 */
export class RuntimeController<
  R extends ElementRuntime = ElementRuntime,
> implements ReactiveController {
  private readonly consumer: ContextConsumer<typeof runtimeContext, ReactiveElement>;
  private readonly loadingConsumer: ContextConsumer<typeof runtimeLoadingContext, ReactiveElement>;
  private readonly ownerConsumer: ContextConsumer<typeof runtimeOwnerContext, ReactiveElement>;
  /** The `runtime` attribute the link was resolved for. */
  private linkedId: string | null = null;
  private owner?: RuntimeOwnerEntry;
  private unwatch?: () => void;

  constructor(private readonly host: ReactiveElement & { runtime?: R | undefined }) {
    attachContextRoot(host.ownerDocument);
    this.consumer = new ContextConsumer(host, { context: runtimeContext, subscribe: true });
    this.loadingConsumer = new ContextConsumer(host, {
      context: runtimeLoadingContext,
      subscribe: true,
    });
    this.ownerConsumer = new ContextConsumer(host, {
      context: runtimeOwnerContext,
      subscribe: true,
    });
    host.addController(this);
  }

  get value(): R | undefined {
    return (
      this.host.runtime ??
      (this.owner?.value as R | undefined) ??
      (this.consumer.value as R | undefined)
    );
  }

  /**
   * While there is no runtime yet: what the owner whose runtime is still loading offers (the
   * provisional snapshot). `undefined` when there is a runtime, or no owner at all.
   */
  get loading(): RuntimeLoading | undefined {
    if (this.value) return undefined;
    return this.owner?.loading ?? this.loadingConsumer.value;
  }

  /** The provider the element is linked to or sits in (`<ca-runtime>`, `<ca-studio>`). */
  get provider(): Element | undefined {
    return (this.owner ?? this.ownerConsumer.value)?.element;
  }

  /** What to show where the element's work would be while it has no runtime. */
  get absence(): string {
    return this.loading ? LOADING_RUNTIME_MESSAGE : NO_RUNTIME_MESSAGE;
  }

  hostConnected(): void {
    this.unwatch = runtimeOwners.watch((changed) => {
      const before = this.owner;
      this.relink();
      if (this.owner !== before || changed === this.owner) this.host.requestUpdate();
    });
    this.relink();
  }

  hostDisconnected(): void {
    this.unwatch?.();
    this.unwatch = undefined;
  }

  /** A changed `runtime` attribute (observed by `runtimeProperty`) is resolved before render. */
  hostUpdate(): void {
    if (this.host.getAttribute('runtime') !== this.linkedId) this.relink();
  }

  private relink(): void {
    this.linkedId = this.host.getAttribute('runtime');
    this.owner = this.linkedId ? runtimeOwners.find(this.linkedId, this.host) : undefined;
  }
}
