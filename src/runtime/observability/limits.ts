/**
 * The observability limits (R12): what traces, telemetry and diagnostics may retain. They bound
 * observers only; they never change a tool result or a durable record. ("Policy" in this
 * project means the gate's decision to run, ask or refuse a call; hence "limits" here.)
 */

export interface ToolObservabilityLimits {
  /** Nesting depth kept; deeper values become a marker. */
  readonly maxDepth: number;
  /** Array items and object keys kept per collection. */
  readonly maxCollectionSize: number;
  /** Characters kept per string. */
  readonly maxStringLength: number;
  /** UTF-8 bytes of the whole serialized projection. */
  readonly maxBytes: number;
  /** How long an owning store should keep entries (metadata for the store). */
  readonly retentionMs: number;
  /** How many entries an owning store should keep (metadata for the store). */
  readonly maxEntries: number;
  /** Keys whose values are credentials: replaced by a marker. */
  readonly credentialKeyPattern: RegExp;
  /** Keys whose string values are file source or search text: replaced by a character count. */
  readonly sourceKeyPattern: RegExp;
}

/** Overrides for some of the default observability limits; the rest keep their defaults. */
export type ToolObservabilityLimitsOptions = Partial<ToolObservabilityLimits>;

const CREDENTIAL_KEYS =
  /(api[-_]?key|access[-_]?key|token|secret|password|passwd|passphrase|authorization|^auth$|cookie|credential|private[-_]?key|bearer|signature)/i;
const SOURCE_KEYS =
  /^(source|sources|content|contents|text|code|search|replace|replacement|html|css|body|patch|diff)$/i;

/**
 * The limits observers use unless given others: bounded depth, sizes and bytes, credentials
 * masked, source replaced by its length.
 */
export const DEFAULT_TOOL_OBSERVABILITY_LIMITS: ToolObservabilityLimits = Object.freeze({
  maxDepth: 6,
  maxCollectionSize: 50,
  maxStringLength: 500,
  maxBytes: 16_384,
  retentionMs: 24 * 60 * 60 * 1000,
  maxEntries: 500,
  credentialKeyPattern: CREDENTIAL_KEYS,
  sourceKeyPattern: SOURCE_KEYS,
});

const positive = (value: unknown, fallback: number): number =>
  typeof value === 'number' && value > 0 && (Number.isInteger(value) || value === Infinity)
    ? value
    : fallback;

/** Limits with the defaults above; invalid overrides fall back to the default. */
export function createToolObservabilityLimits(
  options: ToolObservabilityLimitsOptions = {},
): ToolObservabilityLimits {
  const base = DEFAULT_TOOL_OBSERVABILITY_LIMITS;
  return Object.freeze({
    maxDepth: positive(options.maxDepth, base.maxDepth),
    maxCollectionSize: positive(options.maxCollectionSize, base.maxCollectionSize),
    maxStringLength: positive(options.maxStringLength, base.maxStringLength),
    maxBytes: positive(options.maxBytes, base.maxBytes),
    retentionMs: positive(options.retentionMs, base.retentionMs),
    maxEntries: positive(options.maxEntries, base.maxEntries),
    credentialKeyPattern:
      options.credentialKeyPattern instanceof RegExp
        ? options.credentialKeyPattern
        : base.credentialKeyPattern,
    sourceKeyPattern:
      options.sourceKeyPattern instanceof RegExp ? options.sourceKeyPattern : base.sourceKeyPattern,
  });
}

/** @deprecated Renamed {@link ToolObservabilityLimits}; this alias stays for existing code. */
export type ToolObservabilityPolicy = ToolObservabilityLimits;
/** @deprecated Renamed {@link ToolObservabilityLimitsOptions}. */
export type ToolObservabilityPolicyOptions = ToolObservabilityLimitsOptions;
/** @deprecated Renamed {@link DEFAULT_TOOL_OBSERVABILITY_LIMITS}. */
export const DEFAULT_TOOL_OBSERVABILITY_POLICY = DEFAULT_TOOL_OBSERVABILITY_LIMITS;
/** @deprecated Renamed {@link createToolObservabilityLimits}. */
export const createToolObservabilityPolicy = createToolObservabilityLimits;
