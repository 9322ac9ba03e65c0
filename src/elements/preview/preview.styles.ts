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
    [part='toolbar'] {
      display: flex;
      flex-wrap: wrap;
      align-items: center;
      gap: 0.5rem;
      padding: 0.375rem 0.5rem;
      border-bottom: 1px solid var(--_border);
      background: var(--_surface);
    }
    [part='status'] {
      margin-inline-end: auto;
    }
    button {
      padding: 0.125rem 0.5rem;
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
