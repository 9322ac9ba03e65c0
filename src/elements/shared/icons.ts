import { html, type TemplateResult } from 'lit';

/**
 * The icons of the studio's buttons: 16-pixel line drawings in `currentColor`, so they follow
 * the theme and forced colours. Decorative: the button's label names the action.
 */
const PATHS = {
  undo: 'M6 4 2.5 7.5 6 11M3 7.5h6.5a4 4 0 0 1 0 8H7',
  redo: 'M10 4l3.5 3.5L10 11M13 7.5H6.5a4 4 0 0 0 0 8H9',
  file: 'M9 1.5H4a1 1 0 0 0-1 1v11a1 1 0 0 0 1 1h8a1 1 0 0 0 1-1V5.5L9 1.5zM9 1.5v4h4',
  chevron: 'm4 6 4 4 4-4',
  'new-file': 'M9 1.5H4a1 1 0 0 0-1 1v11a1 1 0 0 0 1 1h8a1 1 0 0 0 1-1V5.5L9 1.5zM8 7.5v5M5.5 10h5',
  rename: 'M10.5 2.5l3 3L6 13H3v-3l7.5-7.5zM9 4l3 3',
  delete: 'M2.5 4h11M6 4V2.5h4V4M4 4l.7 9.5h6.6L12 4M6.5 6.5v4.5M9.5 6.5v4.5',
  revert: 'M2.5 3v3.5H6M3 6.5a5.5 5.5 0 1 1-.3 3.5',
  menu: 'M2.5 4h11M2.5 8h11M2.5 12h11',
  tools: 'M2.5 4.5h4M9.5 4.5h4M2.5 11.5h7M12.5 11.5h1M8 3v3M11 10v3',
  model: 'M8 1.5 9.4 6.6 14.5 8 9.4 9.4 8 14.5 6.6 9.4 1.5 8 6.6 6.6 8 1.5zM13 1.5v3M11.5 3h3',
  refresh:
    'M13.5 3v3.5H10M2.5 13V9.5H6M3.2 6a5 5 0 0 1 9.3-.6l1 1.1M12.8 10a5 5 0 0 1-9.3.6l-1-1.1',
  pick: 'M3 3l4 10 1.6-4.4L13 7 3 3zM9 9l4 4',
  expand: 'M2.5 6V2.5H6M10 2.5h3.5V6M13.5 10v3.5H10M6 13.5H2.5V10',
  send: 'M2 8 14 2.5 10.5 14 8 9 2 8zM8 9l6-6.5',
} as const;

export type IconName = keyof typeof PATHS;

/** The icon `name`, hidden from assistive technology. */
export const icon = (name: IconName): TemplateResult =>
  html`<svg
    viewBox="0 0 16 16"
    aria-hidden="true"
    focusable="false"
    fill="none"
    stroke="currentColor"
    stroke-width="1.5"
    stroke-linecap="round"
    stroke-linejoin="round"
  >
    <path d=${PATHS[name]}></path>
  </svg>`;
