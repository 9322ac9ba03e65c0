/**
 * `@context-action/elements/runtime`: the framework-free core. Imports no DOM at load time, so
 * it runs in Node 20 as well as in browsers.
 */
export * from './protocol/errors.js';
export * from './protocol/types.js';
export * from './protocol/capability.js';
export * from './workspace/types.js';
export * from './preview/preview-host.js';
export * from './capabilities.js';
export * from './durable/index.js';
// Touches `indexedDB` only when first used, so the runtime still imports in Node.
export * from '../storage/durable/indexeddb-backend.js';
