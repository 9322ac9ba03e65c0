/**
 * Names the workspace file and line where an error happened, from what the frame sees: the
 * script URL and line of an error event, or the frames of an error's stack. A native module's
 * URL is its specifier (its `//# sourceURL`) or, for a syntax error, its `data:` URL; a classic
 * script's `data:` URL names its file; a line of a flattened graph's script maps through that
 * script's line table. A transpiled module's place names the column too, mapped through its
 * origin's column table (`source-map-columns.ts`).
 */
import { classicScriptPlace } from '../classic-script-url.js';
import type { ColumnTable } from '../frame-module.js';
import type { BridgeConfig } from './config.js';

// V8 writes `at name (url:line:column)`; Gecko and JavaScriptCore write `name@url:line:column`,
// where the name may be empty or absent.
const V8_FRAME = /^\s*at (?:.*\()?(.+?):(\d+):(\d+)\)?$/;
const PLACE = /^(.+?):(\d+):(\d+)$/;

/** The 1-based source column of 1-based `column` on 0-based generated `line`. */
function sourceColumn(table: ColumnTable, line: number, column: number): number {
  const pairs = table[line] ?? [];
  let found = -1;
  for (let index = 0; index < pairs.length; index += 2) if (pairs[index]! < column) found = index;
  return found === -1 ? column : pairs[found + 1]! + column - pairs[found]!;
}

export interface ErrorLocator {
  /**
   * `path:line`, `path:line:column` for a transpiled module, or null when the place is not a
   * workspace module.
   */
  locate(url: string, line: number, column?: number): string | null;
  fromStack(error: unknown): string | null;
  /** `message` with each module's `data:` URL (Firefox quotes them) replaced by its file. */
  named(message: string): string;
}

export function createErrorLocator(
  config: Pick<BridgeConfig, 'flat' | 'origins'>,
  specifierOf: ReadonlyMap<string, string>,
): ErrorLocator {
  // Kept before preview code runs, which may replace the global.
  const NativeError = Error;
  const flat = new Map(config.flat?.map((script) => [script.name, script.lines]));
  const columnsOf = new Map<string, ColumnTable>();
  for (const [path, , columns] of Object.values(config.origins))
    if (columns) columnsOf.set(path, columns);
  // `line` is 1-based in the module, `column` 1-based in that line of the module.
  const place = (path: string, line: number, column: number | undefined) => {
    const columns = columnsOf.get(path);
    return columns && column
      ? `${path}:${line}:${sourceColumn(columns, line - 1, column)}`
      : `${path}:${line}`;
  };
  const locate = (url: string, line: number, column?: number): string | null => {
    const classic = classicScriptPlace(url, line);
    if (classic) return classic;
    const lines = flat.get(url);
    if (lines) {
      let found: (typeof lines)[number] | undefined;
      for (const entry of lines) if (entry[0] <= line) found = entry;
      if (!found?.[1]) return null;
      // A module's first line follows its function's head on the script's line.
      const shift = line === found[0] ? found[3] : 0;
      return place(found[1], found[2] + line - found[0], column && column - shift);
    }
    const origin = config.origins[specifierOf.get(url) ?? url];
    return origin ? place(origin[0], origin[1] + line - 1, column) : null;
  };
  // A URL may hold `@` (a scoped package's path), so each `@` is tried as the name's end.
  const placeOfFrame = (frame: string): string | null => {
    const v8 = V8_FRAME.exec(frame);
    if (v8) return locate(v8[1]!, Number(v8[2]), Number(v8[3]));
    const starts = [0];
    for (let at = frame.indexOf('@'); at !== -1; at = frame.indexOf('@', at + 1))
      starts.push(at + 1);
    for (const start of starts) {
      const match = PLACE.exec(frame.slice(start));
      const found = match ? locate(match[1]!, Number(match[2]), Number(match[3])) : null;
      if (found) return found;
    }
    return null;
  };
  return {
    locate,
    named(message) {
      if (!message.includes('data:')) return message;
      for (const [url, specifier] of specifierOf)
        message = message.split(url).join(config.origins[specifier]?.[0] ?? specifier);
      return message;
    },
    fromStack(error) {
      const stack =
        error instanceof NativeError && typeof error.stack === 'string' ? error.stack : '';
      for (const frame of stack.split('\n')) {
        const place = placeOfFrame(frame.trim());
        if (place) return place;
      }
      return null;
    },
  };
}
