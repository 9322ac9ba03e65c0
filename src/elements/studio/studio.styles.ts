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
    /* The header: title and page navigation on the left, the actions on the right. */
    .bar {
      display: flex;
      flex-wrap: wrap;
      align-items: center;
      gap: var(--_space-2);
      min-height: 3rem;
      padding: var(--_space-1) var(--_space-3);
      border-bottom: 1px solid var(--_border);
      background: var(--_bg);
    }
    .heading {
      font-size: var(--_text-lg);
      font-weight: 650;
      letter-spacing: -0.01em;
      margin: 0 var(--_space-2) 0 0;
      white-space: nowrap;
      overflow: hidden;
      text-overflow: ellipsis;
    }
    .nav:not([hidden]) {
      display: flex;
      align-items: center;
      min-width: 0;
      margin-inline-end: auto;
    }
    .model {
      max-width: 22rem;
      overflow: hidden;
      white-space: nowrap;
    }
    .model-label {
      color: var(--_muted);
      font-weight: 400;
    }
    .model-mode {
      overflow: hidden;
      text-overflow: ellipsis;
    }
    /* A phone: one row. The title and the page's navigation share what the menu leaves, the
       title cut short and the navigation scrolling sideways if they must. */
    .bar.touch .heading,
    .bar.touch .nav {
      flex: 1 1 0;
      min-width: 0;
    }
    .bar.touch {
      padding-inline: var(--_space-2);
    }
    .bar.touch .nav {
      overflow-x: auto;
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
      padding: var(--_space-2);
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
      justify-content: flex-start;
      border: 0;
      background: transparent;
      text-align: start;
      padding: var(--_space-2) var(--_space-3);
    }
    .menu-item:hover,
    .menu-item:focus-visible {
      background: var(--_hover);
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
    /* Panels whose code arrives after the editor and the preview keep their places meanwhile. */
    :is(ca-explorer, ca-chat, ca-trace, ca-approval):not(:defined) {
      visibility: hidden;
    }
    /* Its slotted menu items would take room in the header. */
    ca-workspace-actions:not(:defined) {
      display: none;
    }
  `,
];
