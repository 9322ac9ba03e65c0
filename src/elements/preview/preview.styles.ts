import { css } from 'lit';
import { tokens } from '../shared/tokens.styles.js';

export const previewStyles = [
  tokens,
  css`
    :host {
      display: flex;
      flex-direction: column;
      min-height: 16rem;
      background: var(--ca-preview-background, var(--_bg));
      font: 13px/1.4 var(--_font);
      border: 1px solid var(--_border);
      border-radius: var(--_radius);
      overflow: hidden;
    }
    :host([fullscreen]) {
      position: fixed;
      inset: 0;
      z-index: var(--ca-preview-fullscreen-z-index, 2147483000);
      border-radius: 0;
    }
    /* One row at any width: below 30rem the buttons keep their icons, their labels tooltips. */
    [part='toolbar'] {
      container: ca-bar / inline-size;
      display: flex;
      align-items: center;
      gap: var(--_space-1);
      padding: var(--_space-1) var(--_space-2);
      border-bottom: 1px solid var(--_border);
      background: var(--_surface);
    }
    [part='status'] {
      flex: 1 1 auto;
      min-width: 0;
      overflow: hidden;
      text-overflow: ellipsis;
      white-space: nowrap;
      margin-inline-end: auto;
      color: var(--_muted);
    }
    button {
      flex: none;
      padding: var(--_space-1) var(--_space-2);
    }
    button[aria-pressed='true'] {
      background: var(--_accent);
      border-color: var(--_accent);
      color: var(--_on-accent);
    }
    [part='frame'] {
      flex: 1;
      display: flex;
      min-height: var(--ca-preview-min-height, 12rem);
    }
    iframe {
      flex: 1;
      border: 0;
      width: 100%;
      /* The previewed page's own canvas: what a browser shows behind a page without a background. */
      background: var(--_canvas);
    }
    [part='diagnostics'],
    [part='console'] {
      border-top: 1px solid var(--_border);
      padding: 0.25rem 0.5rem;
      max-height: 10rem;
      overflow: auto;
    }
    ul,
    ol {
      margin: 0.25rem 0;
      padding-inline-start: 1.25rem;
    }
    .error {
      color: var(--_danger);
    }
    .warning,
    .warn {
      color: var(--_warning);
    }
    summary {
      cursor: pointer;
    }
  `,
];
