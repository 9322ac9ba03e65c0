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
  /**
   * Replies whose steps the server counts at once; default 10,000. Past it the reply idle
   * longest is forgotten, and continuing it is 400 `AGENT_SERVER_UNKNOWN_REPLY`.
   */
  maxReplies: number;
  /**
   * A reply with no step for this long is forgotten (its tool round trip, approval included,
   * took too long); default 30 minutes.
   */
  replyIdleMs: number;
}

/** The request limits used for any field not set in `AgentHandlerOptions.limits`. */
export const DEFAULT_AGENT_SERVER_LIMITS: AgentServerLimits = {
  maxBodyBytes: 1_000_000,
  maxMessages: 200,
  maxTools: 64,
  maxSchemaDepth: 12,
  maxSchemaChars: 32_000,
  maxDescriptionChars: 4_000,
  maxReplies: 10_000,
  replyIdleMs: 30 * 60_000,
};
