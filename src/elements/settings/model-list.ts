import type { ReactiveController, ReactiveControllerHost } from 'lit';
import {
  fetchOpenRouterModels,
  type OpenRouterModel,
  type OpenRouterDataPolicy,
} from '../../runtime/agents/openrouter/index.js';
import type { ToolCallError } from '../../runtime/protocol/index.js';

export type ModelListState =
  | { status: 'idle' }
  | { status: 'loading' }
  | { status: 'loaded'; models: readonly OpenRouterModel[] }
  | { status: 'failed'; error: ToolCallError };

/**
 * Loads the tool-capable model list for the settings form. One load at a time: a new load,
 * closing the dialog or disconnecting aborts the one in flight.
 */
export class ModelListController implements ReactiveController {
  state: ModelListState = { status: 'idle' };
  private active?: AbortController;

  constructor(private readonly host: ReactiveControllerHost) {
    host.addController(this);
  }

  async load(options: {
    endpoint: string;
    dataPolicy: OpenRouterDataPolicy;
    apiKey?: string;
  }): Promise<void> {
    this.reset();
    const controller = new AbortController();
    this.active = controller;
    this.set({ status: 'loading' });
    const outcome = await fetchOpenRouterModels({ ...options, signal: controller.signal });
    if (controller.signal.aborted) return;
    this.active = undefined;
    this.set(
      outcome.ok
        ? { status: 'loaded', models: outcome.value }
        : { status: 'failed', error: outcome.error },
    );
  }

  /** Aborts a load in flight and forgets the last result. */
  reset(): void {
    this.active?.abort();
    this.active = undefined;
    if (this.state.status !== 'idle') this.set({ status: 'idle' });
  }

  hostConnected(): void {}

  hostDisconnected(): void {
    this.reset();
  }

  private set(state: ModelListState): void {
    this.state = state;
    this.host.requestUpdate();
  }
}
