/** The approval domain's door: what other layers may import of it. */
export * from './approval-change.js';
export * from './approval-queue.js';
export * from './change-view.js';
export * from './safe-arguments.js';
export * from './session-grants.js';
