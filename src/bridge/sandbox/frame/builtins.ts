/**
 * Built-ins taken before preview code runs: preview code may later replace any method, getter or
 * `Function.prototype.call`, so a frame script calls what it took through `Reflect.apply`.
 */
const { apply, getOwnPropertyDescriptor, getPrototypeOf } = Reflect;

type Call = (self: unknown, ...args: unknown[]) => unknown;

/** A built-in method as it is now. */
export function method(owner: object | undefined, name: string): Call {
  const fn = owner && (getOwnPropertyDescriptor(owner, name)?.value as unknown);
  if (typeof fn !== 'function') return () => undefined;
  return (self, ...args) => apply(fn, self, args);
}

/** A built-in getter as it is now, looked up along the prototype chain. */
export function getter(owner: object | null, name: string): (self: unknown) => unknown {
  for (let at = owner; at; at = getPrototypeOf(at) as object | null) {
    const get = getOwnPropertyDescriptor(at, name)?.get;
    if (get) return (self) => apply(get, self, []);
  }
  return () => undefined;
}
