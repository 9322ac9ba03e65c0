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
      gap: 0.25rem;
    }
    [role='toolbar'] {
      display: inline-flex;
      flex-wrap: wrap;
      gap: 0.25rem;
    }
    .menu-wrap {
      position: relative;
    }
    [role='menu'] {
      position: absolute;
      z-index: 2;
      inset-inline-end: 0;
      top: calc(100% + 0.25rem);
      display: flex;
      flex-direction: column;
      min-width: 12rem;
      padding: 0.25rem;
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
    }
    .error {
      color: var(--_danger);
      font-size: 0.8rem;
    }
  `,
];
