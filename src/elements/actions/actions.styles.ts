import { css } from 'lit';
import { dialogStyles } from '../shared/dialog.styles.js';
import { tokens } from '../shared/tokens.styles.js';

export const actionsStyles = [
  tokens,
  dialogStyles,
  css`
    :host {
      display: inline-flex;
      align-items: center;
      gap: var(--_space-1);
    }
    [role='toolbar'] {
      display: inline-flex;
      flex-wrap: wrap;
      align-items: center;
      gap: var(--_space-1);
    }
    .menu-wrap {
      position: relative;
    }
    [role='menu'] {
      position: absolute;
      z-index: 2;
      inset-inline-end: 0;
      top: calc(100% + var(--_space-1));
      display: flex;
      flex-direction: column;
      min-width: 12rem;
      padding: var(--_space-1);
      border: 1px solid var(--_border);
      border-radius: var(--_radius);
      background: var(--_bg);
      box-shadow: 0 6px 20px var(--_shadow);
    }
    [role='menu'][hidden] {
      display: none;
    }
    [role='menu'] ::slotted(*),
    [role='menu'] button {
      justify-content: flex-start;
      text-align: start;
      border: 0;
      background: transparent;
      padding: var(--_space-2) var(--_space-3);
    }
    [role='menu'] button:hover:not([aria-disabled='true']),
    [role='menu'] button:focus-visible {
      background: var(--_hover);
    }
    .error {
      color: var(--_danger);
      font-size: var(--_text-xs);
    }
  `,
];
