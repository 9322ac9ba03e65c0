import { css } from 'lit';
import { dialogStyles } from '../shared/dialog.styles.js';
import { tokens } from '../shared/tokens.styles.js';

export const searchStyles = [
  tokens,
  dialogStyles,
  css`
    :host {
      display: contents;
      --_dialog-width: var(--ca-search-width, min(40rem, calc(100vw - 2rem)));
      --_dialog-backdrop: var(--ca-search-backdrop, var(--_backdrop));
    }
    .controls {
      display: flex;
      gap: 0.75rem;
      align-items: center;
      font-size: 0.875rem;
    }
    input[type='search'] {
      flex: 1;
      font: inherit;
      padding: 0.4rem 0.6rem;
      border: 1px solid var(--_control-border);
      border-radius: calc(var(--_radius) - 2px);
      background: var(--_bg);
      color: var(--_text);
    }
    input:focus-visible {
      outline: 2px solid var(--_accent);
      outline-offset: 1px;
    }
    .summary {
      font-size: 0.8rem;
      color: var(--_muted);
      margin: 0.5rem 0;
    }
    .error {
      color: var(--_danger);
      font-size: 0.85rem;
      margin: 0.5rem 0;
    }
    ul {
      list-style: none;
      margin: 0;
      padding: 0;
      max-height: var(--ca-search-results-height, 22rem);
      overflow-y: auto;
      border: 1px solid var(--_border);
      border-radius: calc(var(--_radius) - 2px);
    }
    ul[hidden] {
      display: none;
    }
    li {
      padding: 0.35rem 0.6rem;
      cursor: pointer;
      display: flex;
      flex-direction: column;
      gap: 0.1rem;
      border-bottom: 1px solid var(--_border);
    }
    li:last-child {
      border-bottom: none;
    }
    li[aria-selected='true'] {
      background: var(--_surface);
      box-shadow: inset 3px 0 0 var(--_accent);
    }
    .location {
      font-size: 0.8rem;
      color: var(--_muted);
    }
    .snippet {
      font-family: var(--_mono);
      font-size: 0.8rem;
      white-space: pre;
      overflow: hidden;
      text-overflow: ellipsis;
    }
    mark {
      background: var(--ca-search-mark, var(--_mark));
      color: inherit;
      border-radius: 2px;
    }
  `,
];
