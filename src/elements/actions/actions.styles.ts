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
    .error {
      color: var(--_danger);
      font-size: 0.8rem;
    }
  `,
];
