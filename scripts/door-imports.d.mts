import type { Plugin } from 'vite';

export function doorImports(): Plugin;
