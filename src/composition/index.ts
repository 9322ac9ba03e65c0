/**
 * `@context-action/elements/studio`: the composition layer. `createStudioRuntime()` wires the
 * framework-free core (`./runtime`) to the browser's storage adapters; the adapters are
 * exported too, for hosts that compose their own runtime. Imports no DOM at load time.
 */
export * from './studio-runtime.js';
export * from './runtime-config.js';
export * from './starter-files.js';
export { availableRecipes, type LocalAgentRecipe } from '../runtime/agents/index.js';
export { DEFAULT_STUDIO_DATABASE, defaultWorkspaceRepository } from './storage-defaults.js';
export { defaultOperationBackend } from './operation-backend.js';
export * from '../storage/durable/indexeddb-backend.js';
export * from '../storage/workspace/indexeddb-repository.js';
export * from '../storage/folder/import-limits.js';
export * from '../storage/folder/file-system-access.js';
export * from '../storage/folder/directory-upload.js';
export * from '../storage/folder/browser-folders.js';
