/** `@context-action/elements`: defines every custom element and re-exports the runtime. */
export * from './runtime/index.js';
