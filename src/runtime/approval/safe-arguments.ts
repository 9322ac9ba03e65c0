/**
 * The safe argument summary an approval card may show: only allow-listed names with primitive
 * values, strings bounded, and never a source-like or credential field even if allow-listed.
 */
import { DEFAULT_TOOL_OBSERVABILITY_POLICY } from '../observability/limits.js';

const MAX_SAFE_STRING = 120;

export function summarizeSafeArguments(
  args: Record<string, unknown>,
  safeNames: ReadonlySet<string>,
): Record<string, string | number | boolean | null> {
  const { credentialKeyPattern, sourceKeyPattern } = DEFAULT_TOOL_OBSERVABILITY_POLICY;
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
