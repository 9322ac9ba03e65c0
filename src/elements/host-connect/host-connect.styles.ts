import { css } from 'lit';
import { dialogStyles } from '../shared/dialog.styles.js';
import { tokens } from '../shared/tokens.styles.js';

export const hostConnectStyles = [
  tokens,
  dialogStyles,
  css`
    :host {
      display: contents;
      --_dialog-width: var(--ca-host-connect-width, min(34rem, calc(100vw - 2rem)));
    }
    p {
      margin: 0 0 0.75rem;
      font-size: 0.875rem;
      color: var(--_muted);
    }
    code {
      font-family: var(--_mono);
    }
    label {
      display: block;
      font-size: 0.875rem;
      font-weight: 600;
      margin-bottom: 0.25rem;
    }
    textarea {
      width: 100%;
      min-height: 6rem;
      font: 0.8rem var(--_mono);
      padding: 0.5rem;
      border: 1px solid var(--_border);
      border-radius: calc(var(--_radius) - 2px);
      background: var(--_bg);
      color: var(--_text);
      margin-bottom: 0.75rem;
    }
    textarea:focus-visible {
      outline: 2px solid var(--_accent);
    }
    .error {
      color: var(--_danger);
    }
    .notice {
      color: var(--_success);
    }
    ul {
      font-size: 0.875rem;
      margin: 0 0 0.75rem;
      padding-left: 1.25rem;
    }
  `,
];
