import { html, nothing, type TemplateResult } from 'lit';
import { icon } from '../shared/icons.js';
import { exportParts } from './export-parts.js';

export interface HeaderActions {
  /** The single column of tabs (a phone): one menu instead of a row of buttons. */
  narrow: boolean;
  catalogOpen: boolean;
  toggleTools(): void;
  openSettings(): void;
  /** Opens the host companion's dialog, where the browser cannot link folders itself. */
  openHostFolder?: () => void;
  /** The agent mode the prompts run in ("Local agent" …). */
  mode: string;
}

/**
 * The header's workspace actions (Undo and Redo as icons, the File menu), Tools and Model, which
 * names the agent mode: the one bordered button among quiet ones. On a phone they fold
 * into one Actions menu,
 * with the host companion's Host folder… where it is offered: the header has room for one
 * button, and each item is a finger-sized row.
 */
export function renderHeaderActions(actions: HeaderActions): TemplateResult {
  if (actions.narrow)
    return html`<ca-workspace-actions part="actions" exportparts=${exportParts('actions')} menu>
      ${
        actions.openHostFolder
          ? html`<button
              slot="menu-items"
              role="menuitem"
              tabindex="-1"
              class="menu-item"
              aria-haspopup="dialog"
              @click=${actions.openHostFolder}
            >
              Host folder…
            </button>`
          : nothing
      }
      <button
        slot="menu-items"
        role="menuitemcheckbox"
        tabindex="-1"
        class="menu-item"
        part="tools-toggle"
        aria-checked=${String(actions.catalogOpen)}
        @click=${actions.toggleTools}
      >
        Tools
      </button>
      <button
        slot="menu-items"
        role="menuitem"
        tabindex="-1"
        class="menu-item"
        part="model-button"
        aria-haspopup="dialog"
        @click=${actions.openSettings}
      >
        Model: ${actions.mode}…
      </button>
    </ca-workspace-actions>`;
  return html`<ca-workspace-actions
      part="actions"
      exportparts=${exportParts('actions')}
    ></ca-workspace-actions>
    <button
      part="tools-toggle"
      class="quiet tools"
      aria-expanded=${String(actions.catalogOpen)}
      aria-controls="panel-catalog"
      @click=${actions.toggleTools}
    >
      ${icon('tools')}Tools
    </button>
    <button part="model-button" class="model" aria-haspopup="dialog" @click=${actions.openSettings}>
      ${icon('model')}<span class="model-label">Model</span>
      <span class="model-mode">${actions.mode}</span>
    </button>`;
}
