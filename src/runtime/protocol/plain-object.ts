/**
 * The plain-object test untrusted JSON starts from. Its own module: the preview's bridge and the
 * starter files check message and manifest shapes with it up front, and the guards of tool calls
 * and results (`guards.ts`) need not come with it.
 */

/** A plain object: `{}` or `Object.create(null)`, not an array, class instance or null. */
export function isPlainObject(value: unknown): value is Record<string, unknown> {
  if (typeof value !== 'object' || value === null) return false;
  try {
    const proto = Object.getPrototypeOf(value) as unknown;
    return proto === Object.prototype || proto === null;
  } catch {
    // A proxy whose trap throws is not plain data.
    return false;
  }
}
