export * from './scopes.js';
export * from './policy-summary.js';
export * from './sample-arguments.js';
export * from './exports.js';
