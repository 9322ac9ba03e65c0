/** The surfaces domain's door: what other layers may import of it. */
export * from './names.js';
export * from './tools.js';
