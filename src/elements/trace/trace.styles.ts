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
    table {
      border-collapse: collapse;
      width: 100%;
    }
    th,
    td {
      text-align: left;
      padding: 0.3rem 0.6rem;
      border-bottom: 1px solid var(--_border);
      white-space: nowrap;
    }
    th {
      font-weight: 600;
      color: var(--_muted);
      position: sticky;
      top: 0;
      background: var(--_bg);
    }
    td.name {
      font-family: var(--_mono);
    }
    td.ids {
      font-family: var(--_mono);
      color: var(--_muted);
      max-width: 14rem;
      overflow: hidden;
      text-overflow: ellipsis;
    }
    .status {
      border-radius: 999px;
      padding: 0.05rem 0.5rem;
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
    .detail td {
      white-space: normal;
    }
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
