// The spans of a built file that its source map attributes to each source: what the bench's
// per-module figures (bench/size-breakdown.mjs, bench/first-visit-coverage.mjs) are counted in.
import { existsSync, readFileSync } from 'node:fs';

const BASE64 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';

/** The numbers of one source-map segment (base64 VLQ). */
function segment(text) {
  const values = [];
  let value = 0;
  let shift = 0;
  for (const char of text) {
    const digit = BASE64.indexOf(char);
    value += (digit & 31) << shift;
    if (digit & 32) shift += 5;
    else {
      values.push(value & 1 ? -(value >> 1) : value >> 1);
      value = 0;
      shift = 0;
    }
  }
  return values;
}

/**
 * `[start, end, source]` per mapped segment of `path`, as offsets into its text; `undefined`
 * when the file has no source map (the bundler's own tiny runtime chunk).
 */
export function sourceSpans(path) {
  if (!existsSync(`${path}.map`)) return undefined;
  const map = JSON.parse(readFileSync(`${path}.map`, 'utf8'));
  const lines = readFileSync(path, 'utf8').split('\n');
  const spans = [];
  let source = 0;
  let lineStart = 0;
  map.mappings.split(';').forEach((line, index) => {
    let column = 0;
    const starts = [];
    for (const text of line.split(',')) {
      if (!text) continue;
      const [columnDelta, sourceDelta] = segment(text);
      column += columnDelta;
      if (sourceDelta !== undefined) source += sourceDelta;
      starts.push([column, source]);
    }
    const length = (lines[index] ?? '').length;
    starts.forEach(([start, from], at) => {
      const end = at + 1 < starts.length ? starts[at + 1][0] : length;
      spans.push([lineStart + start, lineStart + end, map.sources[from]]);
    });
    lineStart += length + 1;
  });
  return spans;
}
