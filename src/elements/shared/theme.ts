import { createContext } from '@lit/context';

/** The theme an element draws in, once `auto` is resolved against `prefers-color-scheme`. */
export type ResolvedTheme = 'light' | 'dark';

/** The `theme` attribute of `<ca-studio>`. */
export type ThemeChoice = ResolvedTheme | 'auto';

export const isThemeChoice = (value: unknown): value is ThemeChoice =>
  value === 'light' || value === 'dark' || value === 'auto';

/**
 * Every colour the elements draw with, by `--ca-*` custom property, in both themes. This table is
 * the one place a colour is written down: the light column gives the fallbacks of
 * `tokens.styles.ts`, and `<ca-studio>` declares one column on its host for its `theme`.
 * docs/theming.md describes each token.
 */
export const PALETTES: Readonly<Record<ResolvedTheme, Readonly<Record<string, string>>>> = {
  light: {
    '--ca-color-background': '#ffffff',
    '--ca-color-surface': '#f6f7f9',
    '--ca-color-border': '#d9dde3',
    '--ca-color-text': '#1b1f24',
    '--ca-color-muted': '#5b6470',
    '--ca-color-accent': '#2563eb',
    '--ca-color-on-accent': '#ffffff',
    '--ca-color-danger': '#b42318',
    '--ca-color-on-danger': '#ffffff',
    '--ca-color-success': '#067647',
    '--ca-color-warning': '#92400e',
    '--ca-color-mark': '#fde68a',
    '--ca-color-canvas': '#ffffff',
    '--ca-color-backdrop': 'rgb(15 23 42 / 0.45)',
    '--ca-color-shadow': 'rgb(0 0 0 / 0.25)',
    '--ca-code-keyword': '#6d28d9',
    '--ca-code-string': '#a8321f',
    '--ca-code-comment': '#5b6470',
    '--ca-code-number': '#067647',
    '--ca-code-tag': '#1d4ed8',
    '--ca-code-attribute': '#92400e',
  },
  dark: {
    '--ca-color-background': '#16181d',
    '--ca-color-surface': '#1f232a',
    '--ca-color-border': '#3b414d',
    '--ca-color-text': '#e7e9ee',
    '--ca-color-muted': '#a7afbc',
    '--ca-color-accent': '#8ab4ff',
    '--ca-color-on-accent': '#0b1020',
    '--ca-color-danger': '#ff8f85',
    '--ca-color-on-danger': '#1d0603',
    '--ca-color-success': '#6fdca3',
    '--ca-color-warning': '#f6c453',
    '--ca-color-mark': '#7a5a0c',
    '--ca-color-canvas': '#ffffff',
    '--ca-color-backdrop': 'rgb(0 0 0 / 0.6)',
    '--ca-color-shadow': 'rgb(0 0 0 / 0.6)',
    '--ca-code-keyword': '#c7a6ff',
    '--ca-code-string': '#ffab91',
    '--ca-code-comment': '#9aa3b2',
    '--ca-code-number': '#7ee0a8',
    '--ca-code-tag': '#8ab4ff',
    '--ca-code-attribute': '#f5c26b',
  },
};

/** One palette as declarations for a `:host` rule. */
export const declarations = (theme: ResolvedTheme): string =>
  Object.entries(PALETTES[theme])
    .map(([name, value]) => `${name}: ${value};`)
    .join(' ');

/**
 * The resolved theme `<ca-studio>` provides to the elements inside; `<ca-editor>` switches its
 * CodeMirror theme by it. Elements without a provider draw the light theme.
 */
export const themeContext = createContext<ResolvedTheme>(Symbol.for('context-action.theme'));
