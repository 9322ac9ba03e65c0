/**
 * `@context-action/elements/browser/runtime.js`: the core and the studio composition in one
 * self-contained file, every dependency bundled, so a static page can import
 * `createStudioRuntime` from a CDN URL without an import map.
 */
export * from '../runtime/index.js';
export * from './index.js';
