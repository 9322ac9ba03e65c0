/** The trace domain's door: what other layers may import of it. */
export * from './connect-trace.js';
export * from './trace-row.js';
export * from './trace-store.js';
export * from './approval-trace.js';
