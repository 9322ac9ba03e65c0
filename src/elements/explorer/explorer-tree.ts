import { html, nothing } from 'lit';
import type { VisibleTreeNode } from '../../runtime/workspace/index.js';

/** What a key does in the tree: where focus goes, which folder toggles, which command runs. */
export interface TreeKeyMove {
  focus?: string;
  toggle?: { path: string; open: boolean };
  /** Enter/Space opens a file or toggles a folder; F2 renames and Delete deletes a file. */
  command?: 'activate' | 'rename' | 'delete';
}

/**
 * The WAI-ARIA tree pattern's navigation keys over the visible rows: Up/Down move one row,
 * Home/End to the ends, Right opens a closed folder or enters an open one, Left closes an open
 * folder or goes to the parent; Enter, Space, F2 and Delete name a command. `null` for any
 * other key.
 */
export function treeKeyTarget(
  key: string,
  rows: readonly VisibleTreeNode[],
  index: number,
  collapsed: ReadonlySet<string>,
): TreeKeyMove | null {
  const row = rows[index];
  const at = (i: number) => rows[Math.max(0, Math.min(rows.length - 1, i))]?.node.path;
  const file = row?.node.kind === 'file';
  switch (key) {
    case 'Enter':
    case ' ':
      return row ? { command: 'activate' } : null;
    case 'F2':
      return file ? { command: 'rename' } : null;
    case 'Delete':
      return file ? { command: 'delete' } : null;
    case 'ArrowDown':
      return { focus: at(index + 1) };
    case 'ArrowUp':
      return { focus: at(index - 1) };
    case 'Home':
      return { focus: at(0) };
    case 'End':
      return { focus: at(rows.length - 1) };
    case 'ArrowRight':
      if (row?.node.kind !== 'folder') return {};
      return collapsed.has(row.node.path)
        ? { toggle: { path: row.node.path, open: true } }
        : { focus: rows[index + 1]?.parent === row.node.path ? at(index + 1) : row.node.path };
    case 'ArrowLeft':
      if (row?.node.kind === 'folder' && !collapsed.has(row.node.path))
        return { toggle: { path: row.node.path, open: false } };
      return row?.parent ? { focus: row.parent } : {};
    default:
      return null;
  }
}

export interface TreeRowState {
  active: string | null;
  focused: string;
  dirty: ReadonlySet<string>;
  collapsed: ReadonlySet<string>;
  activate: (row: VisibleTreeNode) => void;
}

/**
 * One `treeitem`: a flat row with its level, place and roving tabindex; a folder carries
 * `aria-expanded`, a file `aria-selected` (the open file) and a spoken "unsaved" marker.
 */
export function renderTreeRow(row: VisibleTreeNode, state: TreeRowState) {
  const { node } = row;
  const folder = node.kind === 'folder';
  const unsaved = !folder && state.dirty.has(node.path);
  return html`<li
    role="treeitem"
    data-path=${node.path}
    class=${folder ? 'folder-row' : 'file-row'}
    style="--_level: ${row.level - 1}"
    aria-level=${row.level}
    aria-setsize=${row.setSize}
    aria-posinset=${row.position}
    aria-expanded=${folder ? String(!state.collapsed.has(node.path)) : nothing}
    aria-selected=${folder ? nothing : String(node.path === state.active)}
    tabindex=${node.path === state.focused ? '0' : '-1'}
    @click=${() => state.activate(row)}
  >
    <span class="name">${node.name}</span>${
      unsaved
        ? html`<span class="dirty" aria-hidden="true">●</span
            ><span class="visually-hidden">, unsaved</span>`
        : nothing
    }
  </li>`;
}
