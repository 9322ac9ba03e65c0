import type { Plugin } from 'vite';

export function shortenCss(text: string, first: boolean, last: boolean): string;
export function minifyCssTemplates(): Plugin;
