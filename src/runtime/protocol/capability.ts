/**
 * Typed capabilities (T4): a static identity whose value a host provides per run. Tools ask for
 * one with `context.require(capability)`; the token never enters arguments or results.
 */
export interface ToolCapability<T> {
  readonly id: string;
  /** Type carrier only; never set. */
  readonly __value?: T;
}

/**
 * Declares a typed capability with a stable id; a host provides its value per run and a tool asks
 * for it with `context.require`.
 */
export function defineToolCapability<T>(id: string): ToolCapability<T> {
  return Object.freeze({ id });
}

/** Resolves a capability for one run; `undefined` when no host provides it. */
export type ToolCapabilityResolver = <T>(capability: ToolCapability<T>) => T | undefined;
