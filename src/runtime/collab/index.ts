/** The collaboration domain's door: the workspace as one Yjs document. */
export * from './changes.js';
export * from './read.js';
export * from './shape.js';
export * from './validate.js';
export * from './write.js';
