/**
 * The column table of a line-preserving source map (sucrase's): for each generated line, its
 * segments as flat pairs `[generated column, source column, …]`, 0-based, or an empty list when
 * every segment of the line keeps its column. The frame maps an error's column through it
 * (`frame/error-location.ts`), so the table is plain data in the bridge's configuration.
 */
import type { ColumnTable } from './frame-module.js';

const BASE64 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';
const DIGIT = new Map([...BASE64].map((char, value) => [char, value]));

/** The numbers of one segment's base64 VLQ text. */
function decodeSegment(text: string): number[] {
  const values: number[] = [];
  let value = 0;
  let shift = 0;
  for (const char of text) {
    const digit = DIGIT.get(char) ?? 0;
    value += (digit & 31) << shift;
    if (digit & 32) {
      shift += 5;
      continue;
    }
    values.push(value & 1 ? -(value >>> 1) : value >>> 1);
    value = 0;
    shift = 0;
  }
  return values;
}

/** The table of `mappings` (a source map's field), whose lines map to the same lines. */
export function columnTable(mappings: string): ColumnTable {
  let sourceColumn = 0;
  const table = mappings.split(';').map((line) => {
    const pairs: number[] = [];
    let generated = 0;
    for (const segment of line ? line.split(',') : []) {
      const [column = 0, , , source] = decodeSegment(segment);
      generated += column;
      // Source columns are relative to the previous segment's, across lines.
      if (source !== undefined) sourceColumn += source;
      pairs.push(generated, sourceColumn);
    }
    return pairs.some((value, index) => index % 2 === 0 && value !== pairs[index + 1]) ? pairs : [];
  });
  while (table.length > 0 && table.at(-1)!.length === 0) table.pop();
  return table;
}
