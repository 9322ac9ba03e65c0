/** The agents domain's door: what other layers may import of it. */
export * from './agent-runner.js';
export * from './agent-types.js';
export * from './lazy-agent.js';
export * from './local-agent-recipes.js';
export * from './no-agent.js';
export * from './recovery.js';
export * from './tool-message.js';
export * from './import-notes.js';
export * from './run-checkpoints.js';
