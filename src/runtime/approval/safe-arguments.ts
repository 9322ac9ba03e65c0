/**
 * What an approval card may show about arguments: allow-listed names with primitive values,
 * strings bounded, never a source-like or credential field even if allow-listed; and for every
 * other text argument its size only, so a large hidden payload is never a surprise.
 */
import { DEFAULT_TOOL_OBSERVABILITY_LIMITS } from '../observability/limits.js';
import { splitLines } from './line-diff.js';

/** A text argument as an approval card shows it: its name and size only. */
export interface TextArgumentSize {
  name: string;
  characters: number;
  lines: number;
}

const MAX_SAFE_STRING = 120;

export function summarizeSafeArguments(
  args: Record<string, unknown>,
  safeNames: ReadonlySet<string>,
): Record<string, string | number | boolean | null> {
  const { credentialKeyPattern, sourceKeyPattern } = DEFAULT_TOOL_OBSERVABILITY_LIMITS;
  const summary: Record<string, string | number | boolean | null> = {};
  for (const name of Object.keys(args)) {
    if (!safeNames.has(name) || credentialKeyPattern.test(name) || sourceKeyPattern.test(name)) {
      continue;
    }
    const value = args[name];
    if (typeof value === 'string') {
      summary[name] =
        value.length > MAX_SAFE_STRING ? `${value.slice(0, MAX_SAFE_STRING)}…` : value;
    } else if (typeof value === 'number' || typeof value === 'boolean' || value === null) {
      summary[name] = value;
    }
  }
  return summary;
}

/** The size of each string argument `summary` does not show, in argument order. */
export function summarizeTextArguments(
  args: Record<string, unknown>,
  summary: Readonly<Record<string, unknown>>,
): TextArgumentSize[] {
  return Object.entries(args).flatMap(([name, value]) =>
    typeof value === 'string' && !(name in summary)
      ? [{ name, characters: value.length, lines: splitLines(value).length }]
      : [],
  );
}
