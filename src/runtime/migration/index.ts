/** The migration domain's door: what other layers may import of it. */
export * from './capability-token.js';
export * from './recipe.js';
