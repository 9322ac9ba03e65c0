/** The agents/openrouter domain's door: what other layers may import of it. */
export * from './agent.js';
export * from './endpoint.js';
export * from './errors.js';
export * from './models.js';
export * from './prompt.js';
export * from './settings.js';
