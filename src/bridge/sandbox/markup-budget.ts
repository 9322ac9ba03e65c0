/**
 * A bound on markup that would stall the frame's HTML parser. A formatting element closed out
 * of order (`<b><i>x</b>`) makes the parser rebuild the still-open ones (the adoption agency
 * algorithm); thousands of them, as in `<b><i><u><s>x</b>` repeated to 79 kB, kept Chromium's
 * parser busy for over a minute. One linear pass over the tags counts them.
 */
const FORMATTING = new Set([
  'a',
  'b',
  'big',
  'code',
  'em',
  'font',
  'i',
  'nobr',
  's',
  'small',
  'strike',
  'strong',
  'tt',
  'u',
]);
const TAG = /<(\/?)([a-zA-Z][a-zA-Z0-9]*)/g;

/** Misnested formatting end tags a document may hold. */
export const MISNESTED_FORMATTING_LIMIT = 1000;

/** How many formatting end tags in `html` close an element that is not the innermost one. */
export function countMisnestedFormatting(html: string): number {
  const open: string[] = [];
  let misnested = 0;
  for (const [, closing, rawName] of html.matchAll(TAG)) {
    const name = rawName!.toLowerCase();
    if (!FORMATTING.has(name)) continue;
    if (!closing) {
      open.push(name);
      continue;
    }
    const at = open.lastIndexOf(name);
    if (at === -1) continue;
    if (at !== open.length - 1) misnested += 1;
    open.splice(at, 1);
  }
  return misnested;
}

/** Why the frame must not parse `html`, or null when it may. */
export function markupTooComplex(html: string): string | null {
  const misnested = countMisnestedFormatting(html);
  return misnested > MISNESTED_FORMATTING_LIMIT
    ? `The page closes ${misnested} formatting elements out of order (at most ${MISNESTED_FORMATTING_LIMIT}); the browser would take minutes to parse it. Close them in order.`
    : null;
}
