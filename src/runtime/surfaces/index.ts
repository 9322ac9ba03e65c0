/** The surfaces domain's door: what other layers may import of it. */
export { isStudioSurface, STUDIO_SURFACES, type StudioSurface, surfaceSeed } from './names.js';
export { loadSurfaceTools } from './tools.js';
