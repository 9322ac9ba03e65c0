import { css } from 'lit';
import { dialogStyles } from '../shared/dialog.styles.js';
import { panel, tokens } from '../shared/tokens.styles.js';

export const explorerStyles = [
  tokens,
  panel,
  dialogStyles,
  css`
    :host {
      --_indent: var(--ca-explorer-indent, 0.9rem);
      --_dialog-width: var(--ca-explorer-dialog-width, min(26rem, calc(100vw - 2rem)));
      font-size: 0.85rem;
    }
    .toolbar,
    .folder {
      display: flex;
      flex-wrap: wrap;
      align-items: center;
      gap: 0.25rem;
      padding: 0.35rem;
      border-bottom: 1px solid var(--_border);
      background: var(--_surface);
    }
    .toolbar button:not(.icon),
    .folder button {
      padding: var(--_space-1) var(--_space-2);
      font-size: var(--_text-xs);
    }
    .toolbar .primary {
      margin-inline-start: auto;
    }
    .folder-name {
      flex: 1 1 100%;
      color: var(--_muted);
      overflow: hidden;
      text-overflow: ellipsis;
      white-space: nowrap;
    }
    [role='tree'] {
      list-style: none;
      margin: 0;
      padding: 0.25rem 0;
      overflow: auto;
      flex: 1;
      min-height: 0;
    }
    [role='treeitem'] {
      display: flex;
      align-items: center;
      gap: 0.35rem;
      /* A 24 px target at least (WCAG 2.5.8), with a pixel between rows. */
      min-height: 26px;
      margin-block: 1px;
      padding: 0.2rem 0.5rem 0.2rem calc(0.5rem + var(--_level) * var(--_indent));
      font-family: var(--_mono);
      cursor: pointer;
      white-space: nowrap;
    }
    [role='treeitem']:hover {
      background: var(--_surface);
    }
    [role='treeitem']:focus-visible {
      outline: 2px solid var(--_accent);
      outline-offset: -2px;
    }
    [role='treeitem'][aria-selected='true'] {
      background: color-mix(in srgb, var(--_accent) 14%, transparent);
      font-weight: 600;
    }
    @media (forced-colors: active) {
      [role='treeitem'][aria-selected='true'] {
        outline: 1px solid Highlight;
        outline-offset: -1px;
      }
      [role='treeitem']:focus-visible {
        outline-color: Highlight;
      }
    }
    [aria-expanded]::before {
      content: '▾';
      width: 0.8em;
    }
    [aria-expanded='false']::before {
      content: '▸';
    }
    .file-row::before {
      content: '';
      width: 0.8em;
    }
    .dirty {
      color: var(--_accent);
      font-size: 0.7em;
    }
    .error {
      margin: 0;
      padding: 0.4rem 0.6rem;
      color: var(--_danger);
      border-top: 1px solid var(--_border);
    }
    .read-only {
      margin: 0;
      padding: 0.3rem 0.6rem;
      color: var(--_muted);
      font-size: 0.8rem;
    }
    .notice {
      margin: 0;
      padding: 0 0.6rem;
      color: var(--_muted);
      min-height: 1.4em;
    }
    dialog label {
      display: grid;
      gap: 0.25rem;
      margin-bottom: 0.75rem;
    }
    dialog input {
      font: inherit;
      font-family: var(--_mono);
      padding: 0.35rem 0.5rem;
      border: 1px solid var(--_control-border);
      border-radius: calc(var(--_radius) - 2px);
    }
    dialog .error {
      border: none;
      padding: 0 0 0.75rem;
    }
  `,
];
