/** The registry domain's door: what other layers may import of it. */
export * from './capability-table.js';
export * from './mcp-result.js';
export * from './names.js';
export * from './pagination.js';
export * from './person-call.js';
export * from './policy.js';
export * from './registry.js';
export * from './scoped-registry.js';
export * from './tool-scope.js';
export * from './validation.js';
