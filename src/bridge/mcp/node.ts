/**
 * `@context-action/elements/mcp/node`: the Streamable HTTP host plus the transport-free session
 * (for stdio or any other Node transport). A separate entry so browser bundles never see it.
 */
export * from './node-http-host.js';
export * from './node-http-options.js';
export * from './index.js';
