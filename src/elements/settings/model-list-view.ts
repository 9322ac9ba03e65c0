import { html, nothing } from 'lit';
import type { ModelListState } from './model-list.js';

export interface ModelListView {
  /** The model in the form, selected in the list when it is there. */
  model: string;
  freeOnly: boolean;
  onLoad(): void;
  onFreeOnly(freeOnly: boolean): void;
  onPick(modelId: string): void;
}

function statusText(state: ModelListState, shown: number, freeOnly: boolean): string {
  switch (state.status) {
    case 'idle':
      return 'Load the models that can call tools, then pick one.';
    case 'loading':
      return 'Loading tool models…';
    case 'failed':
      return state.error.message;
    case 'loaded':
      return `${shown} of ${state.models.length} tool models${freeOnly ? ', free only' : ''}.`;
  }
}

/** "Load tool models", the "Free only" filter and the list to pick a model from. */
export function renderModelList(state: ModelListState, view: ModelListView) {
  const models =
    state.status === 'loaded' ? state.models.filter((model) => !view.freeOnly || model.free) : [];
  return html`<div class="model-list">
    <div class="row">
      <button
        type="button"
        part="load-models"
        aria-disabled=${state.status === 'loading' ? 'true' : 'false'}
        aria-describedby="model-list-status"
        @click=${() => {
          // Not disabled while loading: a disabled button drops focus to the page, and a failed
          // load must leave the person on the button that names the error.
          if (state.status !== 'loading') view.onLoad();
        }}
      >
        Load tool models
      </button>
      <label class="choice">
        <input
          type="checkbox"
          .checked=${view.freeOnly}
          @change=${(event: Event) => view.onFreeOnly((event.target as HTMLInputElement).checked)}
        />
        Free only
      </label>
    </div>
    <p id="model-list-status" class=${state.status === 'failed' ? 'error' : 'help'} role="status">
      ${statusText(state, models.length, view.freeOnly)}
    </p>
    ${
      state.status === 'loaded'
        ? html`<select
            id="models"
            part="models"
            size="6"
            aria-label="Tool models"
            aria-describedby="model-list-status"
            @change=${(event: Event) => view.onPick((event.target as HTMLSelectElement).value)}
          >
            ${models.map(
              (model) =>
                html`<option value=${model.id} ?selected=${model.id === view.model}>
                  ${model.name}${model.free ? ' · free' : ''}
                </option>`,
            )}
          </select>`
        : nothing
    }
  </div>`;
}
