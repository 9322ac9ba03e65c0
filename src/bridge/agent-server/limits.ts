/** What the handler accepts from a browser before it spends a model call. */
export interface AgentServerLimits {
  /** Default 1,000,000 (1 MB). */
  maxBodyBytes: number;
  /** Default 200. */
  maxMessages: number;
  /** Default 64. */
  maxTools: number;
  /** Nesting of one tool's input schema; default 12. */
  maxSchemaDepth: number;
  /** One tool's input schema as JSON; default 32,000 characters. */
  maxSchemaChars: number;
  /** One tool's description; default 4,000 characters. */
  maxDescriptionChars: number;
}

/** The request limits used for any field not set in `AgentHandlerOptions.limits`. */
export const DEFAULT_AGENT_SERVER_LIMITS: AgentServerLimits = {
  maxBodyBytes: 1_000_000,
  maxMessages: 200,
  maxTools: 64,
  maxSchemaDepth: 12,
  maxSchemaChars: 32_000,
  maxDescriptionChars: 4_000,
};
