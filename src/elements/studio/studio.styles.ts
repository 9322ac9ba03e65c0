import { css, unsafeCSS } from 'lit';
import { declarations } from '../shared/theme.js';
import { tokens } from '../shared/tokens.styles.js';

const light = unsafeCSS(declarations('light'));
const dark = unsafeCSS(declarations('dark'));

export const studioStyles = [
  tokens,
  css`
    /* The theme: one palette of --ca-* tokens on the host, inherited by every element inside.
       Tokens a page sets on the ca-studio element itself win over these. */
    :host {
      ${light}
      color-scheme: light;
    }
    :host([theme='dark']) {
      ${dark}
      color-scheme: dark;
    }
    @media (prefers-color-scheme: dark) {
      :host([theme='auto']) {
        ${dark}
        color-scheme: dark;
      }
    }
    :host {
      /* The approval backdrop covers the studio, not the page. */
      position: relative;
      display: flex;
      flex-direction: column;
      height: var(--ca-studio-height, 100%);
      min-height: 32rem;
      border: 1px solid var(--_border);
      border-radius: var(--_radius);
      overflow: hidden;
      background: var(--_surface);
    }
    .bar {
      display: flex;
      flex-wrap: wrap;
      align-items: center;
      gap: 0.5rem 0.75rem;
      padding: 0.5rem 0.9rem;
      border-bottom: 1px solid var(--_border);
      background: var(--_bg);
    }
    .heading {
      font-size: 0.95rem;
      margin: 0;
      flex: 1;
    }
    .tools,
    .model {
      font-size: 0.8rem;
    }
    .model {
      max-width: 22rem;
      overflow: hidden;
      text-overflow: ellipsis;
      white-space: nowrap;
    }
    .model-label {
      color: var(--_muted);
      margin-right: 0.25rem;
    }
    .tabs {
      display: flex;
      overflow-x: auto;
      border-bottom: 1px solid var(--_border);
      background: var(--_bg);
    }
    [role='tab'] {
      flex: 1;
      border: 0;
      border-bottom: 2px solid transparent;
      border-radius: 0;
      padding: 0.55rem 0.5rem;
      background: transparent;
    }
    [role='tab'][aria-selected='true'] {
      border-bottom-color: var(--_accent);
      color: var(--_accent);
      font-weight: 600;
    }
    .layout {
      flex: 1;
      display: grid;
      min-height: 0;
    }
    .row {
      display: grid;
      min-height: 0;
    }
    .row[hidden] {
      display: none;
    }
    /* A phone: every button and tab a finger can hit (44 by 44 CSS pixels at least). */
    .touch,
    .tabs,
    .layout.narrow {
      --ca-touch-target: 44px;
    }
    [role='tab'] {
      min-height: var(--ca-touch-target, auto);
    }
    /* On a phone Host folder… is an item of the Actions menu. */
    .touch ca-host-connect::part(button) {
      display: none;
    }
    .menu-item {
      border: 0;
      background: transparent;
      text-align: start;
    }
    .layout.narrow {
      grid-template-rows: minmax(0, 1fr) !important;
    }
    .narrow .row {
      display: contents;
    }
    .splitter {
      background: var(--_border);
      touch-action: none;
    }
    .splitter.vertical {
      cursor: col-resize;
    }
    .splitter.horizontal {
      cursor: row-resize;
    }
    .splitter:hover,
    .splitter:focus-visible {
      background: var(--_accent);
      outline: none;
    }
    /* Forced colours drop backgrounds: splitters, their focus and the selected tab keep a
       system-coloured border or outline instead. */
    @media (forced-colors: active) {
      .splitter {
        border: 1px solid CanvasText;
      }
      .splitter:focus-visible {
        outline: 3px solid Highlight;
        outline-offset: 0;
      }
      [role='tab'][aria-selected='true'] {
        border-bottom: 3px solid Highlight;
      }
    }
    .empty {
      padding: 1rem;
      color: var(--_muted);
    }
    ca-explorer,
    ca-editor,
    ca-preview,
    ca-chat,
    ca-trace,
    ca-catalog {
      min-height: 0;
      min-width: 0;
      /* A panel taller than its share scrolls inside its cell instead of painting over others. */
      overflow: auto;
    }
    ca-preview {
      border: 0;
      border-radius: 0;
    }
  `,
];
