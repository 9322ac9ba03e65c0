import { css, unsafeCSS } from 'lit';
import { SCALE } from './scale.js';
import { PALETTES } from './theme.js';

const light = PALETTES.light;
/** `var(--ca-…, <light value>)`: a page or a themed `<ca-studio>` overrides the token. */
const token = (name: string) => unsafeCSS(`var(${name}, ${light[name]})`);
/** `var(--ca-…, <scale value>)`, likewise. */
const size = (name: string) => unsafeCSS(`var(${name}, ${SCALE[name]!.value})`);

/** Shared design tokens (`--ca-*`, see docs/theming.md), overridable from the page. */

/**
 * An icon button: square, its label hidden but still its accessible name, shown as a tooltip
 * on pointer and keyboard focus alike, placed by `inset` (icon buttons lead their bars, so
 * theirs runs from the button's start; collapsed ones end them, so theirs runs back).
 */
const iconButton = (selector: string, inset: string) => {
  const button = unsafeCSS(selector);
  return css`
    ${button} {
      position: relative;
      min-width: var(--_control);
      min-height: var(--_control);
      padding: 0;
    }
    ${button} > .label {
      position: absolute;
      width: 1px;
      height: 1px;
      overflow: hidden;
      clip: rect(0 0 0 0);
      white-space: nowrap;
    }
    ${button}:hover > .label,
    ${button}:focus-visible > .label {
      z-index: 5;
      inset: ${unsafeCSS(inset)};
      width: auto;
      height: auto;
      clip: auto;
      padding: var(--_space-1) var(--_space-2);
      border: 1px solid transparent;
      border-radius: calc(var(--_radius) - 3px);
      background: var(--_text);
      color: var(--_bg);
      font-size: var(--_text-xs);
      font-weight: 400;
      pointer-events: none;
    }
  `;
};

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
    --_text-xs: ${size('--ca-font-size-xs')};
    --_text-sm: ${size('--ca-font-size-sm')};
    --_text-md: ${size('--ca-font-size-md')};
    --_text-lg: ${size('--ca-font-size-lg')};
    --_space-1: ${size('--ca-space-1')};
    --_space-2: ${size('--ca-space-2')};
    --_space-3: ${size('--ca-space-3')};
    --_space-4: ${size('--ca-space-4')};
    /* A studio in its single column of tabs (a phone) sets 44px: big enough for a finger. */
    --_control: max(${size('--ca-control-height')}, var(--ca-touch-target, 0px));
    /* Quiet controls tint the surface they sit on when pointed at or pressed. */
    --_hover: color-mix(in srgb, var(--_accent) 10%, transparent);
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
  /* One button: icon and label side by side, one height, the scale's padding. */
  button {
    font: inherit;
    font-size: var(--_text-sm);
    font-weight: 500;
    line-height: 1.2;
    display: inline-flex;
    align-items: center;
    justify-content: center;
    gap: var(--_space-1);
    border: 1px solid var(--_control-border);
    background: var(--_bg);
    color: var(--_text);
    border-radius: calc(var(--_radius) - 2px);
    padding: var(--_space-1) var(--_space-3);
    cursor: pointer;
    min-height: var(--ca-touch-target, auto);
    min-width: var(--ca-touch-target, auto);
  }
  button:hover:not(:disabled, [aria-disabled='true']) {
    border-color: var(--_accent);
  }
  /* A secondary action in a bar: no box until pointed at. The transparent border still draws
     in forced colours, where it is the button's outline. */
  button.quiet {
    border-color: transparent;
    background: transparent;
  }
  button.quiet:hover:not(:disabled, [aria-disabled='true']),
  button.quiet[aria-expanded='true'],
  button.quiet[aria-pressed='true'] {
    border-color: transparent;
    background: var(--_hover);
  }
  button svg {
    flex: none;
    width: 1rem;
    height: 1rem;
  }
  /* An icon button: square, its label a tooltip shown on pointer and keyboard focus alike (and
     its accessible name all along). A bar that sets "container: ca-bar / inline-size" turns
     its .collapse buttons (icon and label) into icon buttons when it is narrow. */
  ${iconButton('button.icon', 'calc(100% + var(--_space-1)) auto auto 0')}
  @container ca-bar (max-width: 30rem) {
    ${iconButton('button.collapse', 'calc(100% + var(--_space-1)) 0 auto auto')}
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
    /* A pressed toggle or open menu button says so with its border, not its tint. */
    button[aria-pressed='true'],
    button[aria-expanded='true'] {
      border-color: Highlight;
    }
  }
  button:disabled,
  button[aria-disabled='true'] {
    opacity: 0.55;
    cursor: not-allowed;
  }
  /* The one action a bar or form is for. */
  button.primary {
    background: var(--_accent);
    border-color: var(--_accent);
    color: var(--_on-accent);
    font-weight: 600;
  }
  button.primary:hover:not(:disabled, [aria-disabled='true']) {
    border-color: var(--_text);
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
