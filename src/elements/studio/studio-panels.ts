import { html, nothing, type TemplateResult } from 'lit';
import { exportParts } from './export-parts.js';
import { parsePanels, TAB_LABELS } from './layout.js';
import type { StudioLayoutController } from './layout-controller.js';
import type { TabKey } from './tabs.js';

/** Which panels show, in which row, and which tab a phone selects. */
export interface PanelPlan {
  readonly top: readonly ('explorer' | 'editor' | 'preview' | 'catalog')[];
  readonly bottom: readonly ('chat' | 'trace')[];
  readonly tabs: readonly TabKey[];
  readonly selected?: TabKey;
  readonly showing: (key: TabKey) => boolean;
}

/** The plan for the `panels` attribute, the Tools panel and the person's chosen tab. */
export function planPanels(panels: string, catalogOpen: boolean, chosen?: TabKey): PanelPlan {
  const named = parsePanels(panels);
  const showing = (key: TabKey) => (key === 'catalog' ? catalogOpen : named.has(key));
  const top = (['explorer', 'editor', 'preview', 'catalog'] as const).filter(showing);
  const bottom = (['chat', 'trace'] as const).filter(showing);
  const tabs: TabKey[] = [...top, ...bottom];
  // A phone opens on what the page is about: the preview, when it shows.
  const selected =
    chosen && tabs.includes(chosen) ? chosen : tabs.includes('preview') ? 'preview' : tabs[0];
  return { top, bottom, tabs, selected, showing };
}

/** What the panels take from the studio besides the plan. */
export interface PanelOptions {
  readonly layout: StudioLayoutController;
  /** The catalog stays rendered once opened, so its edited samples survive closing it. */
  readonly catalogRendered: boolean;
  readonly prompt: string;
  /** `<ca-studio approval="inline">`: the approval card, shown in the chat. */
  readonly approval?: TemplateResult;
}

/**
 * The built-in layout: the work row (files, editor, preview, Tools) over the bottom row (chat,
 * trace), with splitters between. Hidden panels stay mounted, so the preview keeps acknowledging
 * and no state is lost. On a phone each panel is the tabpanel of its tab; side by side, each is a
 * region named like its tab.
 */
export function renderPanels(
  plan: PanelPlan,
  { layout, catalogRendered, prompt, approval }: PanelOptions,
) {
  const { top, bottom, tabs, selected, showing } = plan;
  const narrow = layout.narrow;
  const work = layout.track(top, 'vertical');
  const lower = layout.track(bottom, 'vertical');
  const rows = layout.track(
    [...(top.length ? ['work' as const] : []), ...(bottom.length ? ['bottom' as const] : [])],
    'horizontal',
  );
  const hidden = (key: TabKey) => !showing(key) || (narrow && key !== selected);
  const role = narrow ? 'tabpanel' : 'region';
  const labelledby = (key: TabKey) => (narrow ? `tab-${key}` : nothing);
  const label = (key: TabKey) => (narrow ? nothing : TAB_LABELS[key]);
  return html`<div
    class="layout ${narrow ? 'narrow' : ''}"
    style="grid-template-rows: ${rows.tracks}"
  >
    <div
      class="row"
      id="panel-work"
      ?hidden=${!top.length}
      style="grid-template-columns: ${work.tracks}"
    >
      <ca-explorer
        id="panel-explorer"
        part="explorer"
        exportparts=${exportParts('explorer')}
        role=${role}
        aria-labelledby=${labelledby('explorer')}
        aria-label=${label('explorer')}
        ?hidden=${hidden('explorer')}
      ></ca-explorer>
      ${work.after.get('explorer') ?? nothing}
      <ca-editor
        id="panel-editor"
        part="editor"
        exportparts=${exportParts('editor')}
        role=${role}
        aria-labelledby=${labelledby('editor')}
        aria-label=${label('editor')}
        ?hidden=${hidden('editor')}
      ></ca-editor>
      ${work.after.get('editor') ?? nothing}
      <ca-preview
        id="panel-preview"
        part="preview"
        exportparts=${exportParts('preview')}
        role=${role}
        aria-labelledby=${labelledby('preview')}
        aria-label=${label('preview')}
        tabindex=${narrow ? '-1' : nothing}
        ?hidden=${hidden('preview')}
      ></ca-preview>
      ${work.after.get('preview') ?? nothing}
      ${
        catalogRendered
          ? html`<ca-catalog
              id="panel-catalog"
              part="catalog"
              exportparts=${exportParts('catalog')}
              role=${role}
              aria-labelledby=${labelledby('catalog')}
              aria-label=${label('catalog')}
              ?hidden=${hidden('catalog')}
            ></ca-catalog>`
          : nothing
      }
    </div>
    ${rows.after.get('work') ?? nothing}
    <div
      class="row"
      id="panel-bottom"
      ?hidden=${!bottom.length}
      style="grid-template-columns: ${lower.tracks}"
    >
      <ca-chat
        id="panel-chat"
        part="chat"
        exportparts=${exportParts('chat')}
        role=${role}
        aria-labelledby=${labelledby('chat')}
        aria-label=${label('chat')}
        ?hidden=${hidden('chat')}
        .prompt=${prompt}
        .offerPreview=${narrow}
      >
        <slot name="chat-empty" slot="empty"></slot>
        <slot name="composer-extras" slot="composer-extras"></slot>
        ${approval ?? nothing}
      </ca-chat>
      ${lower.after.get('chat') ?? nothing}
      <ca-trace
        id="panel-trace"
        part="trace"
        exportparts=${exportParts('trace')}
        role=${role}
        aria-labelledby=${labelledby('trace')}
        aria-label=${label('trace')}
        ?hidden=${hidden('trace')}
      ></ca-trace>
    </div>
    ${tabs.length ? nothing : html`<div class="empty"><slot name="empty"></slot></div>`}
  </div>`;
}
