import { css, unsafeCSS } from 'lit';
import { PALETTES } from './theme.js';

const light = PALETTES.light;
/** `var(--ca-…, <light value>)`: a page or a themed `<ca-studio>` overrides the token. */
const token = (name: string) => unsafeCSS(`var(${name}, ${light[name]})`);

/** Shared design tokens (`--ca-*`, see docs/theming.md), overridable from the page. */
export const tokens = css`
  :host {
    --_bg: ${token('--ca-color-background')};
    --_surface: ${token('--ca-color-surface')};
    --_border: ${token('--ca-color-border')};
    --_text: ${token('--ca-color-text')};
    --_muted: ${token('--ca-color-muted')};
    --_accent: ${token('--ca-color-accent')};
    --_on-accent: ${token('--ca-color-on-accent')};
    --_danger: ${token('--ca-color-danger')};
    --_on-danger: ${token('--ca-color-on-danger')};
    --_success: ${token('--ca-color-success')};
    --_warning: ${token('--ca-color-warning')};
    --_mark: ${token('--ca-color-mark')};
    --_canvas: ${token('--ca-color-canvas')};
    --_backdrop: ${token('--ca-color-backdrop')};
    --_shadow: ${token('--ca-color-shadow')};
    --_code-keyword: ${token('--ca-code-keyword')};
    --_code-string: ${token('--ca-code-string')};
    --_code-comment: ${token('--ca-code-comment')};
    --_code-number: ${token('--ca-code-number')};
    --_code-tag: ${token('--ca-code-tag')};
    --_code-attribute: ${token('--ca-code-attribute')};
    /* Borders a person must find (fields, buttons, chips): at least 3:1 on either theme, where
       --_border is for dividers only. */
    --_control-border: color-mix(in srgb, var(--_muted) 75%, var(--_bg));
    --_radius: var(--ca-radius, 8px);
    --_font: var(--ca-font-family, system-ui, -apple-system, 'Segoe UI', sans-serif);
    --_mono: var(--ca-font-mono, ui-monospace, 'SFMono-Regular', Menlo, monospace);
    font-family: var(--_font);
    color: var(--_text);
    box-sizing: border-box;
    /* Scrollbars in the palette: Firefox draws them light in a dark color-scheme otherwise.
       Inherited into every scroll area; WebKit has no scrollbar-color and follows color-scheme. */
    scrollbar-color: var(--_muted) var(--_surface);
  }
  /* An element's own display rule must never beat the hidden attribute. */
  :host([hidden]) {
    display: none !important;
  }
  *,
  *::before,
  *::after {
    box-sizing: inherit;
  }
  button {
    font: inherit;
    border: 1px solid var(--_control-border);
    background: var(--_bg);
    color: var(--_text);
    border-radius: calc(var(--_radius) - 2px);
    padding: 0.3rem 0.7rem;
    cursor: pointer;
    /* A studio in its single column of tabs (a phone) sets 44px: big enough for a finger. */
    min-height: var(--ca-touch-target, auto);
    min-width: var(--ca-touch-target, auto);
  }
  button:hover:not(:disabled, [aria-disabled='true']) {
    border-color: var(--_accent);
  }
  button:focus-visible,
  textarea:focus-visible,
  select:focus-visible {
    outline: 2px solid var(--_accent);
    outline-offset: 2px;
  }
  input,
  textarea,
  select {
    border-color: var(--_control-border);
  }
  textarea,
  input:not([type='checkbox'], [type='radio']) {
    background: var(--_bg);
    color: var(--_text);
  }
  ::placeholder {
    color: var(--_muted);
    opacity: 1;
  }
  /* Forced colours draw borders and outlines only: the focus ring stays a system colour. */
  @media (forced-colors: active) {
    button:focus-visible,
    textarea:focus-visible,
    select:focus-visible,
    [tabindex]:focus-visible {
      outline: 2px solid Highlight;
    }
  }
  button:disabled,
  button[aria-disabled='true'] {
    opacity: 0.55;
    cursor: not-allowed;
  }
  button.primary {
    background: var(--_accent);
    border-color: var(--_accent);
    color: var(--_on-accent);
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
