/** The protocol domain's door: what other layers may import of it. */
export * from './capability.js';
export * from './content.js';
export * from './errors.js';
export * from './format-count.js';
export * from './guards.js';
export * from './random-id.js';
export * from './sha256.js';
export * from './types.js';
export * from './error-codes.js';
