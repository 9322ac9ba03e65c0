import { css } from 'lit';
import { dialogStyles } from '../shared/dialog.styles.js';
import { panel, tokens } from '../shared/tokens.styles.js';

export const catalogStyles = [
  tokens,
  panel,
  dialogStyles,
  css`
    :host {
      font-size: 0.8125rem;
    }
    .toolbar {
      display: flex;
      flex-wrap: wrap;
      align-items: center;
      gap: 0.5rem;
      padding: 0.4rem 0.6rem;
      border-bottom: 1px solid var(--_border);
      background: var(--_surface);
    }
    input[type='search'] {
      font: inherit;
      flex: 1 1 10rem;
      min-width: 8rem;
      padding: 0.3rem 0.5rem;
      border: 1px solid var(--_control-border);
      border-radius: calc(var(--_radius) - 2px);
    }
    .scopes,
    .list-actions,
    .sample-actions {
      display: flex;
      flex-wrap: wrap;
      gap: 0.3rem;
    }
    .scopes button[aria-pressed='true'] {
      border-color: var(--_accent);
      color: var(--_accent);
      font-weight: 600;
    }
    .count {
      color: var(--_muted);
      font-variant-numeric: tabular-nums;
    }
    .body {
      display: grid;
      grid-template-columns: var(--ca-catalog-list-width, 16rem) 1fr;
      flex: 1;
      min-height: 0;
    }
    .list {
      overflow: auto;
      border-right: 1px solid var(--_border);
    }
    [role='option'] {
      display: flex;
      align-items: center;
      gap: 0.4rem;
      padding: 0.3rem 0.6rem;
      cursor: pointer;
      border-left: 3px solid transparent;
    }
    [role='option'][aria-selected='true'] {
      background: var(--_surface);
      border-left-color: var(--_accent);
    }
    [role='option']:focus-visible {
      outline: 2px solid var(--_accent);
      outline-offset: -2px;
    }
    [role='option'] .name,
    code,
    pre,
    textarea {
      font-family: var(--_mono);
    }
    .tag {
      font-size: 0.7rem;
      color: var(--_muted);
      border: 1px solid var(--_border);
      border-radius: 999px;
      padding: 0 0.4rem;
    }
    .tag.danger {
      color: var(--_danger);
      border-color: currentColor;
    }
    .detail {
      overflow: auto;
      padding: 0.6rem 0.8rem;
      min-width: 0;
    }
    .definition-head {
      display: flex;
      align-items: baseline;
      gap: 0.6rem;
      flex-wrap: wrap;
    }
    h3,
    h4 {
      margin: 0;
      font-size: 0.95rem;
    }
    .facts {
      display: grid;
      grid-template-columns: max-content 1fr;
      gap: 0.25rem 0.75rem;
    }
    dt {
      color: var(--_muted);
    }
    dd {
      margin: 0;
    }
    .hint.on {
      font-weight: 600;
    }
    pre {
      margin: 0.3rem 0;
      padding: 0.5rem;
      background: var(--_surface);
      border-radius: calc(var(--_radius) - 2px);
      overflow: auto;
      max-height: 16rem;
    }
    .sample {
      display: flex;
      flex-direction: column;
      gap: 0.3rem;
      margin-top: 0.6rem;
    }
    textarea {
      font-size: 0.8rem;
      min-height: 7rem;
      resize: vertical;
      padding: 0.4rem;
      border: 1px solid var(--_border);
      border-radius: calc(var(--_radius) - 2px);
    }
    textarea[aria-invalid='true'] {
      border-color: var(--_danger);
    }
    .error,
    .error-message {
      color: var(--_danger);
      margin: 0;
      min-height: 1em;
    }
    .result {
      margin-top: 0.6rem;
      border-top: 1px solid var(--_border);
      padding-top: 0.5rem;
    }
    .result.completed h4 {
      color: var(--_success);
    }
    .result.failed h4 {
      color: var(--_danger);
    }
    .status {
      margin: 0;
      padding: 0.3rem 0.6rem;
      border-top: 1px solid var(--_border);
      color: var(--_muted);
      min-height: 1.6em;
    }
    .empty {
      padding: 0.6rem;
      color: var(--_muted);
    }
    dialog .tool {
      font-family: var(--_mono);
      color: var(--_accent);
    }
  `,
];
