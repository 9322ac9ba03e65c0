/**
 * MCP protocol versions this server speaks, newest first, and how a client's requested
 * version is answered: echoed when supported, otherwise our latest (the client then decides).
 */
export const MCP_PROTOCOL_VERSIONS = Object.freeze([
  '2025-11-25',
  '2025-06-18',
  '2025-03-26',
  '2024-11-05',
] as const);

export type MCPProtocolVersion = (typeof MCP_PROTOCOL_VERSIONS)[number];

export const LATEST_MCP_PROTOCOL_VERSION: MCPProtocolVersion = MCP_PROTOCOL_VERSIONS[0];

export const isSupportedProtocolVersion = (value: unknown): value is MCPProtocolVersion =>
  typeof value === 'string' && (MCP_PROTOCOL_VERSIONS as readonly string[]).includes(value);

export const negotiateProtocolVersion = (requested: unknown): MCPProtocolVersion =>
  isSupportedProtocolVersion(requested) ? requested : LATEST_MCP_PROTOCOL_VERSION;

/** JSON-RPC batches were part of MCP up to 2025-03-26 and removed in 2025-06-18. */
export const acceptsBatches = (version: MCPProtocolVersion): boolean => version <= '2025-03-26';
