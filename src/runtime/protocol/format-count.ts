/**
 * A whole number with thousands separators, as `toLocaleString('en')` writes it (12345 →
 * "12,345"). Written out because a page's first `toLocaleString` with a locale loads ICU's
 * number formatting, 25–50 ms of main thread in Chromium, and the editor's status line renders
 * a count on the studio's first paint.
 */
export function formatCount(value: number): string {
  const digits = String(Math.abs(Math.trunc(value)));
  return `${value < 0 ? '-' : ''}${digits.replace(/\B(?=(\d{3})+$)/g, ',')}`;
}
