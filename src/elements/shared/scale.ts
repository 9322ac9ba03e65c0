/**
 * The type and spacing scale every element draws with, by `--ca-*` custom property: the one
 * place a size is written down. `tokens.styles.ts` reads each with its value here as the
 * fallback, so a page or a `<ca-studio>` rule may override any of them. docs/theming.md lists them.
 */
export const SCALE: Readonly<Record<string, { value: string; use: string }>> = {
  '--ca-font-size-xs': { value: '0.75rem', use: 'Badges, hints and tooltips.' },
  '--ca-font-size-sm': { value: '0.8125rem', use: 'Buttons, tabs and secondary text.' },
  '--ca-font-size-md': { value: '0.875rem', use: 'Panel text: the transcript, lists, fields.' },
  '--ca-font-size-lg': { value: '1rem', use: 'The studio heading and dialog titles.' },
  '--ca-space-1': { value: '0.25rem', use: 'Between an icon and its label; inside badges.' },
  '--ca-space-2': { value: '0.5rem', use: 'Between controls of one group; button padding.' },
  '--ca-space-3': { value: '0.75rem', use: 'Padding of bars and panels.' },
  '--ca-space-4': { value: '1rem', use: 'Between groups; dialog padding.' },
  '--ca-control-height': { value: '2rem', use: 'Buttons and fields (44px in the phone layout).' },
};
