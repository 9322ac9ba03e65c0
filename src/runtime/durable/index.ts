/** Durable operations: exactly-once guards for mutations across tabs, processes and hosts. */
export * from './types.js';
export * from './errors.js';
export * from './diagnostics.js';
export * from './store-api.js';
export * from './store.js';
export * from './prune.js';
export * from './memory-backend.js';
export * from './side-effect-runner.js';
export * from './http-side-effect.js';
export * from './queue-side-effect.js';
