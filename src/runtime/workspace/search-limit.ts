/** The most result lines one workspace search returns (its own module: tool schemas read it). */
export const WORKSPACE_SEARCH_LIMIT = 80;
