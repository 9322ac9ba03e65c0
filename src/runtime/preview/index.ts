/** The preview domain's door: what other layers may import of it. */
export * from './entry.js';
export * from './errors.js';
export * from './paths.js';
export * from './preview-host.js';
export * from './selection.js';
export * from './tools.js';
export * from './unacknowledged.js';
