import { css } from 'lit';
import { tokens } from '../shared/tokens.styles.js';
import { dialogStyles } from '../shared/dialog.styles.js';

export const settingsStyles = [
  tokens,
  dialogStyles,
  css`
    :host {
      display: contents;
      --_dialog-width: var(--ca-settings-width, min(32rem, calc(100vw - 2rem)));
      --_dialog-backdrop: var(--ca-settings-backdrop, var(--_backdrop));
    }
    form {
      display: flex;
      flex-direction: column;
      gap: 0.85rem;
      font-size: 0.875rem;
    }
    .field {
      display: flex;
      flex-direction: column;
      gap: 0.3rem;
    }
    label,
    legend {
      font-weight: 600;
    }
    .row {
      display: flex;
      flex-wrap: wrap;
      gap: 0.4rem;
      align-items: center;
    }
    .row > input,
    .row > select {
      flex: 1;
      min-width: 12rem;
    }
    input:not([type='radio'], [type='checkbox']),
    select {
      font: inherit;
      padding: 0.35rem 0.5rem;
      border: 1px solid var(--_control-border);
      border-radius: calc(var(--_radius) - 2px);
      background: var(--_bg);
      color: var(--_text);
      min-width: 0;
    }
    input:focus-visible {
      outline: 2px solid var(--_accent);
      outline-offset: 2px;
    }
    input[aria-invalid='true'] {
      border-color: var(--_danger);
    }
    .help {
      margin: 0;
      color: var(--_muted);
      font-size: 0.8rem;
    }
    .error {
      margin: 0;
      color: var(--_danger);
      font-size: 0.8rem;
    }
    fieldset {
      border: 1px solid var(--_border);
      border-radius: var(--_radius);
      margin: 0;
      padding: 0.5rem 0.75rem 0.6rem;
      display: flex;
      flex-direction: column;
      gap: 0.35rem;
    }
    .choice {
      display: flex;
      gap: 0.5rem;
      align-items: baseline;
      font-weight: normal;
    }
    .ask {
      border: 1px solid var(--_danger);
      border-radius: var(--_radius);
      padding: 0.5rem 0.75rem;
      display: flex;
      flex-wrap: wrap;
      gap: 0.5rem;
      align-items: center;
    }
    .ask p {
      margin: 0;
      flex-basis: 100%;
      font-size: 0.875rem;
    }
    .model-list {
      display: flex;
      flex-direction: column;
      gap: 0.3rem;
    }
  `,
];
