/**
 * Names the workspace file and line where an error happened, from what the frame sees: the
 * script URL and line of an error event, or the frames of an error's stack. A native module's
 * URL is its specifier (its `//# sourceURL`) or, for a syntax error, its `data:` URL; a line of
 * a flattened graph's script maps through that script's line table.
 */
import type { BridgeConfig } from './config.js';

const STACK_FRAME = /^\s*at (?:.*\()?(.+?):(\d+):\d+\)?$/;

export interface ErrorLocator {
  /** `path:line`, or null when the place is not a workspace module. */
  locate(url: string, line: number): string | null;
  fromStack(error: unknown): string | null;
}

export function createErrorLocator(
  config: Pick<BridgeConfig, 'flat' | 'origins'>,
  specifierOf: ReadonlyMap<string, string>,
): ErrorLocator {
  // Kept before preview code runs, which may replace the global.
  const NativeError = Error;
  const flat = new Map(config.flat?.map((script) => [script.name, script.lines]));
  const locate = (url: string, line: number): string | null => {
    const lines = flat.get(url);
    if (lines) {
      let found: (typeof lines)[number] | undefined;
      for (const entry of lines) if (entry[0] <= line) found = entry;
      return found?.[1] ? `${found[1]}:${found[2] + line - found[0]}` : null;
    }
    const origin = config.origins[specifierOf.get(url) ?? url];
    return origin ? `${origin[0]}:${origin[1] + line - 1}` : null;
  };
  return {
    locate,
    fromStack(error) {
      const stack =
        error instanceof NativeError && typeof error.stack === 'string' ? error.stack : '';
      for (const frame of stack.split('\n')) {
        const match = STACK_FRAME.exec(frame);
        const place = match ? locate(match[1]!, Number(match[2])) : null;
        if (place) return place;
      }
      return null;
    },
  };
}
