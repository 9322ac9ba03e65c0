import { css } from 'lit';

/** Shared design tokens (`--ca-*`), overridable from the page. */
export const tokens = css`
  :host {
    --_bg: var(--ca-color-background, #ffffff);
    --_surface: var(--ca-color-surface, #f6f7f9);
    --_border: var(--ca-color-border, #d9dde3);
    --_text: var(--ca-color-text, #1b1f24);
    --_muted: var(--ca-color-muted, #5b6470);
    --_accent: var(--ca-color-accent, #2563eb);
    --_danger: var(--ca-color-danger, #b42318);
    --_success: var(--ca-color-success, #067647);
    --_radius: var(--ca-radius, 8px);
    --_font: var(--ca-font-family, system-ui, -apple-system, 'Segoe UI', sans-serif);
    --_mono: var(--ca-font-mono, ui-monospace, 'SFMono-Regular', Menlo, monospace);
    font-family: var(--_font);
    color: var(--_text);
    box-sizing: border-box;
  }
  *,
  *::before,
  *::after {
    box-sizing: inherit;
  }
  button {
    font: inherit;
    border: 1px solid var(--_border);
    background: var(--_bg);
    color: var(--_text);
    border-radius: calc(var(--_radius) - 2px);
    padding: 0.3rem 0.7rem;
    cursor: pointer;
  }
  button:hover:not(:disabled) {
    border-color: var(--_accent);
  }
  button:focus-visible,
  textarea:focus-visible,
  select:focus-visible {
    outline: 2px solid var(--_accent);
    outline-offset: 2px;
  }
  button:disabled {
    opacity: 0.55;
    cursor: not-allowed;
  }
  button.primary {
    background: var(--_accent);
    border-color: var(--_accent);
    color: #fff;
  }
  .visually-hidden {
    position: absolute;
    width: 1px;
    height: 1px;
    overflow: hidden;
    clip: rect(0 0 0 0);
    white-space: nowrap;
  }
`;

/** The host of a panel element: a column that may shrink inside a grid cell. */
export const panel = css`
  :host {
    display: flex;
    flex-direction: column;
    min-height: 0;
    min-width: 0;
    background: var(--_bg);
  }
`;
