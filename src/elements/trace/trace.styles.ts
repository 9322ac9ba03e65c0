import { css } from 'lit';
import { panel, tokens } from '../shared/tokens.styles.js';

export const traceStyles = [
  tokens,
  panel,
  css`
    :host {
      font-size: 0.8125rem;
    }
    .header {
      display: flex;
      flex-wrap: wrap;
      align-items: center;
      gap: 0.5rem;
      padding: 0.4rem 0.6rem;
      border-bottom: 1px solid var(--_border);
      background: var(--_surface);
    }
    h2 {
      font-size: 0.85rem;
      margin: 0;
      flex: 1;
    }
    .rows {
      overflow: auto;
      flex: 1;
      min-height: 0;
      max-height: var(--ca-trace-max-height, none);
    }
    /* Everything wraps inside the panel: a narrow panel never scrolls sideways. */
    .groups {
      list-style: none;
      margin: 0;
      padding: 0;
      overflow-wrap: break-word;
    }
    .group {
      border-bottom: 1px solid var(--_border);
    }
    .toggle {
      display: flex;
      gap: 0.4rem;
      align-items: baseline;
      width: 100%;
      text-align: left;
      border: 0;
      border-radius: 0;
      background: transparent;
      padding: 0.4rem 0.6rem;
      font: inherit;
      color: inherit;
    }
    .toggle:hover {
      background: var(--_surface);
    }
    .chevron::before {
      content: '▸';
      display: inline-block;
      color: var(--_muted);
    }
    .toggle[aria-expanded='true'] .chevron::before {
      transform: rotate(90deg);
    }
    .summary {
      min-width: 0;
    }
    .summary.failed {
      color: var(--_danger);
    }
    .group-body {
      padding: 0 0.4rem 0.4rem;
    }
    .group-meta {
      margin: 0 0 0.3rem;
      color: var(--_muted);
    }
    table {
      border-collapse: collapse;
      width: 100%;
      table-layout: fixed;
    }
    th,
    td {
      text-align: left;
      vertical-align: top;
      padding: 0.25rem 0.3rem;
      border-bottom: 1px solid var(--_border);
    }
    th {
      font-weight: 600;
      color: var(--_muted);
    }
    th:nth-child(2) {
      width: 40%;
    }
    th:nth-child(3) {
      width: 4.5rem;
    }
    td button {
      font-size: 0.75rem;
      padding: 0.1rem 0.4rem;
    }
    td.call .name {
      display: block;
      font-family: var(--_mono);
    }
    td.call .ids {
      display: block;
      font-family: var(--_mono);
      font-size: 0.7rem;
      color: var(--_muted);
    }
    .time {
      color: var(--_muted);
      white-space: nowrap;
    }
    /* Error codes are long single words: they break anywhere rather than overflow the cell. */
    .status {
      display: inline-block;
      max-width: 100%;
      box-sizing: border-box;
      overflow-wrap: anywhere;
      border-radius: 0.6rem;
      padding: 0.05rem 0.4rem;
      font-size: 0.75rem;
      border: 1px solid currentColor;
    }
    .status.completed {
      color: var(--_success);
    }
    .status.failed {
      color: var(--_danger);
    }
    .status.cancelled,
    .status.running {
      color: var(--_muted);
    }
    .empty {
      padding: 1rem;
      color: var(--_muted);
    }
    select {
      font: inherit;
    }
    /* Details wrap inside the panel instead of scrolling sideways, under the tool's name. */
    .detail-name {
      margin: 0 0 0.3rem;
      font-weight: 600;
    }
    .detail pre {
      white-space: pre-wrap;
      overflow-wrap: anywhere;
      margin: 0 0 0.4rem;
    }
  `,
];
