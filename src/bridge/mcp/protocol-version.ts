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

/** An MCP protocol version this server speaks. */
export type MCPProtocolVersion = (typeof MCP_PROTOCOL_VERSIONS)[number];

/**
 * The newest protocol version this server speaks, offered when a client asks for an unknown one.
 */
export const LATEST_MCP_PROTOCOL_VERSION: MCPProtocolVersion = MCP_PROTOCOL_VERSIONS[0];

/** Whether a value names a protocol version this server speaks. */
export const isSupportedProtocolVersion = (value: unknown): value is MCPProtocolVersion =>
  typeof value === 'string' && (MCP_PROTOCOL_VERSIONS as readonly string[]).includes(value);

/** The version to answer `initialize` with: the requested one if supported, else the latest. */
export const negotiateProtocolVersion = (requested: unknown): MCPProtocolVersion =>
  isSupportedProtocolVersion(requested) ? requested : LATEST_MCP_PROTOCOL_VERSION;

/** JSON-RPC batches were part of MCP up to 2025-03-26 and removed in 2025-06-18. */
export const acceptsBatches = (version: MCPProtocolVersion): boolean => version <= '2025-03-26';
