/**
 * The module flattening with the parser it reads syntax with: one chunk, loaded on first need by
 * `load-flattener.ts`, so a page with a few modules never fetches either.
 */
import { parser } from '@lezer/javascript';
import { flattenModules, type FlatModules, type ModuleSet } from './flatten-modules.js';

/** Flattens a module graph, or gives null where it must load natively. */
export type ModuleFlattener = (set: ModuleSet) => FlatModules | null;

export const flattenWithParser: ModuleFlattener = (set) => flattenModules(set, parser);
