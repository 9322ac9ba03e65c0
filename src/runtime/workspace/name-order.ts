/**
 * The order the explorer lists names in: a locale collator's natural order (`page2` before
 * `page10`, `a` before `B`). Building the first `Intl.Collator` in a page costs 15–30 ms of ICU
 * set-up on the first render, so names made only of ASCII letters, digits, `.`, `-` and `_`
 * (nearly every file name) are compared here by the same rules; the collator is built only
 * when a name holds anything else. The test holds both to the same answers.
 */

const PLAIN = /^[A-Za-z0-9._-]*$/;

let collator: Intl.Collator | undefined;

const isDigit = (code: number) => code >= 48 && code <= 57;

/** Primary weight of a plain non-digit: the collator's punctuation order, then letters by case. */
function weight(code: number): number {
  if (code === 95) return 0; // _
  if (code === 45) return 1; // -
  if (code === 46) return 2; // .
  return 100 + (code | 0x20); // a letter, either case: digits (weight 10) sort between
}

/** The end of the digit run starting at `start`. */
function runEnd(text: string, start: number): number {
  let end = start;
  while (end < text.length && isDigit(text.charCodeAt(end))) end += 1;
  return end;
}

/** Compares two digit runs by value: leading zeros do not count, as in numeric collation. */
function compareRuns(a: string, b: string): number {
  const left = a.replace(/^0+/, '');
  const right = b.replace(/^0+/, '');
  if (left.length !== right.length) return left.length - right.length;
  return left < right ? -1 : left > right ? 1 : 0;
}

function comparePlain(a: string, b: string): number {
  // Case decides only when nothing else does, and then its first difference: lower first.
  let byCase = 0;
  let i = 0;
  let j = 0;
  while (i < a.length && j < b.length) {
    const left = a.charCodeAt(i);
    const right = b.charCodeAt(j);
    if (isDigit(left) && isDigit(right)) {
      const leftEnd = runEnd(a, i);
      const rightEnd = runEnd(b, j);
      const order = compareRuns(a.slice(i, leftEnd), b.slice(j, rightEnd));
      if (order !== 0) return Math.sign(order);
      i = leftEnd;
      j = rightEnd;
      continue;
    }
    const order = (isDigit(left) ? 10 : weight(left)) - (isDigit(right) ? 10 : weight(right));
    if (order !== 0) return Math.sign(order);
    if (byCase === 0 && left !== right) byCase = left > right ? -1 : 1;
    i += 1;
    j += 1;
  }
  if (i < a.length) return 1;
  if (j < b.length) return -1;
  return byCase;
}

/** Orders two names as `Intl.Collator('en', { numeric: true })` does. */
export function compareNames(a: string, b: string): number {
  if (PLAIN.test(a) && PLAIN.test(b)) return comparePlain(a, b);
  return (collator ??= new Intl.Collator('en', { numeric: true })).compare(a, b);
}
