import { ContextConsumer } from '@lit/context';
import type { ReactiveController, ReactiveElement } from 'lit';
import { runtimeContext, type ElementRuntime } from './runtime-context.js';

/**
 * Resolves the runtime an element works with: its own `runtime` property first, else the one
 * provided by an ancestor (`<ca-studio>`) through context.
 */
export class RuntimeController<
  R extends ElementRuntime = ElementRuntime,
> implements ReactiveController {
  private readonly consumer: ContextConsumer<typeof runtimeContext, ReactiveElement>;

  constructor(private readonly host: ReactiveElement & { runtime?: R | undefined }) {
    this.consumer = new ContextConsumer(host, { context: runtimeContext, subscribe: true });
    host.addController(this);
  }

  get value(): R | undefined {
    return this.host.runtime ?? (this.consumer.value as R | undefined);
  }

  hostConnected(): void {}
}
