/** Names the host and the frame scripts share about preview modules. */

/**
 * The URL a workspace path has inside the preview: `import.meta.url` of its module, and the base
 * against which the frame's `fetch()` serves workspace files (`.invalid` never resolves).
 */
export const WORKSPACE_URL = 'https://workspace.invalid/';

/** The frame's global through which the flattened modules are defined and run. */
export const MODULE_LOADER = '__ca$modules';

/** The start of a flattened graph's script names in stack traces (`//# sourceURL`). */
export const FLAT_SCRIPT_PREFIX = '@context-action/flat-modules/';
