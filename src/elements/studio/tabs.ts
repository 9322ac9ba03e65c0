import { html } from 'lit';
import { TAB_LABELS } from './layout.js';

export type TabKey = keyof typeof TAB_LABELS;

/** The tab a key moves to (wrapping), or `undefined` for keys a tablist does not handle. */
export function tabForKey(key: string, tabs: readonly TabKey[], current: TabKey) {
  const at = tabs.indexOf(current);
  switch (key) {
    case 'ArrowRight':
      return tabs[(at + 1) % tabs.length];
    case 'ArrowLeft':
      return tabs[(at - 1 + tabs.length) % tabs.length];
    case 'Home':
      return tabs[0];
    case 'End':
      return tabs.at(-1);
    default:
      return undefined;
  }
}

/**
 * The single-column tablist: one tab per showing panel, `aria-controls` pointing at the panel
 * (which carries `role="tabpanel"`), roving tabindex, arrows, Home and End select and focus.
 */
export function renderTabs(
  tabs: readonly TabKey[],
  selected: TabKey,
  select: (tab: TabKey) => void,
) {
  const onKeydown = (event: KeyboardEvent) => {
    const next = tabForKey(event.key, tabs, selected);
    if (!next) return;
    event.preventDefault();
    select(next);
    const root = (event.currentTarget as HTMLElement).getRootNode() as ShadowRoot;
    root.getElementById(`tab-${next}`)?.focus();
  };
  return html`<div
    class="tabs"
    part="tabs"
    role="tablist"
    aria-label="Panels"
    @keydown=${onKeydown}
  >
    ${tabs.map(
      (tab) =>
        html`<button
          type="button"
          role="tab"
          part="tab"
          id="tab-${tab}"
          aria-selected=${tab === selected ? 'true' : 'false'}
          aria-controls="panel-${tab}"
          tabindex=${tab === selected ? 0 : -1}
          @click=${() => select(tab)}
        >
          ${TAB_LABELS[tab]}
        </button>`,
    )}
  </div>`;
}
