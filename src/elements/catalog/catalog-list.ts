import { html, nothing } from 'lit';
import {
  CATALOG_SCOPES,
  type CatalogScope,
  type CatalogScopeCounts,
} from '../../runtime/catalog/index.js';
import type { MCPToolDefinition } from '../../runtime/protocol/index.js';

const SCOPE_LABELS: Record<CatalogScope, string> = {
  all: 'All',
  'read-only': 'Read-only',
  workspace: 'Workspace',
  preview: 'Preview',
};

export interface CatalogToolbarView {
  query: string;
  scope: CatalogScope;
  counts: CatalogScopeCounts;
  onQuery(query: string): void;
  onScope(scope: CatalogScope): void;
  onCopyList(): void;
  onDownloadList(): void;
}

/** Search, scope toggles with their counts, and the whole-list exports. */
export function renderToolbar(view: CatalogToolbarView) {
  return html`<div class="toolbar" part="toolbar">
    <input
      type="search"
      aria-label="Search tools"
      placeholder="Search tools"
      .value=${view.query}
      @input=${(event: Event) => view.onQuery((event.target as HTMLInputElement).value)}
    />
    <div class="scopes" role="group" aria-label="Scope">
      ${CATALOG_SCOPES.map(
        (scope) =>
          html`<button
            data-scope=${scope}
            aria-pressed=${String(scope === view.scope)}
            @click=${() => view.onScope(scope)}
          >
            ${SCOPE_LABELS[scope]} <span class="count">${view.counts[scope]}</span>
          </button>`,
      )}
    </div>
    <div class="list-actions">
      <button data-action="copy-list" @click=${view.onCopyList}>Copy list</button>
      <button data-action="download-list" @click=${view.onDownloadList}>Download list</button>
    </div>
  </div>`;
}

/** The option index a listbox key moves to from `current` (-1: none), or undefined for other keys. */
export function listKeyTarget(key: string, current: number, count: number): number | undefined {
  if (count === 0) return undefined;
  const last = count - 1;
  switch (key) {
    case 'ArrowDown':
      return current < 0 ? 0 : Math.min(last, current + 1);
    case 'ArrowUp':
      return current < 0 ? 0 : Math.max(0, current - 1);
    case 'Home':
      return 0;
    case 'End':
      return last;
    default:
      return undefined;
  }
}

/**
 * Type-ahead: the next option after `current` (wrapping) whose name, or name without its
 * namespace, starts with `typed`; undefined when none does.
 */
export function typeAheadTarget(
  typed: string,
  names: readonly string[],
  current: number,
): number | undefined {
  const prefix = typed.toLowerCase();
  for (let step = 1; step <= names.length; step++) {
    const index = (current + step + names.length) % names.length;
    const name = names[index]!.toLowerCase();
    if (name.startsWith(prefix) || name.slice(name.indexOf('.') + 1).startsWith(prefix)) {
      return index;
    }
  }
  return undefined;
}

export interface ToolListView {
  visible: readonly MCPToolDefinition[];
  selected: string;
  listError: string;
  onSelect(name: string): void;
  onKey(event: KeyboardEvent): void;
}

/**
 * A single-select listbox with a roving tab stop: the selected option (else the first) is the
 * one Tab reaches; arrows, Home and End move focus and selection, which only inspects.
 */
export function renderToolList(view: ToolListView) {
  const { visible, selected } = view;
  const tabStop = visible.some((tool) => tool.name === selected) ? selected : visible[0]?.name;
  return html`<div
    class="list"
    part="list"
    role="listbox"
    aria-label="Tools"
    @keydown=${view.onKey}
  >
    ${view.listError ? html`<p class="error" role="alert">${view.listError}</p>` : nothing}
    ${visible.map(
      (tool) =>
        html`<div
          role="option"
          data-name=${tool.name}
          aria-selected=${String(tool.name === selected)}
          tabindex=${tool.name === tabStop ? 0 : -1}
          @click=${() => view.onSelect(tool.name)}
        >
          <span class="name">${tool.name}</span>
          ${tool.annotations?.readOnlyHint ? html`<span class="tag">read-only</span>` : nothing}
          ${
            tool.annotations?.destructiveHint
              ? html`<span class="tag danger">destructive</span>`
              : nothing
          }
        </div>`,
    )}
    ${visible.length === 0 && !view.listError ? html`<p class="empty">No tools match.</p>` : nothing}
  </div>`;
}
