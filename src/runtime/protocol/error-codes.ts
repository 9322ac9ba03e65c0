/**
 * One shape for every error-code family: a table of codes, each with its traits, from which
 * the family gets its exported `*_ERROR_CODES` constant, its code type and its retryable set.
 * A family says once whether a code is retryable, next to the code, and its error builder
 * reads the set: `toolError(code, message, TABLE.retryable.has(code), details)`.
 */

/** What a family says about one of its codes. Absent traits are false. */
export interface ErrorCodeTraits {
  /** The code string, when it is not the key itself (`tool-capability-unavailable`). */
  readonly code?: string;
  /** Trying the same call again can succeed (R4): the error carries `retryable: true`. */
  readonly retryable?: boolean;
  /**
   * The failure may pass by itself, so an agent loop retries it with backoff before failing
   * the run. A transient code is retryable too.
   */
  readonly transient?: boolean;
  /** The person fixes it in settings or on the server; the chat offers the local agent. */
  readonly configuration?: boolean;
}

type CodeOf<K, T> = T extends { readonly code: infer C extends string } ? C : K;

/** The `{ KEY: 'code string' }` constant a family exports. */
export type ErrorCodeConstants<T extends Record<string, ErrorCodeTraits>> = {
  readonly [K in keyof T]: CodeOf<K, T[K]>;
};

export interface ErrorCodeTable<T extends Record<string, ErrorCodeTraits>> {
  readonly codes: ErrorCodeConstants<T>;
  /** Codes whose errors are retryable (transient codes included). */
  readonly retryable: ReadonlySet<string>;
  /** Codes an agent loop retries by itself. */
  readonly transient: ReadonlySet<string>;
  /** Codes the person fixes in configuration. */
  readonly configuration: ReadonlySet<string>;
}

/** The code strings of a table made by `defineErrorCodes`. */
export type ErrorCodeOf<Table extends { readonly codes: object }> =
  Table['codes'][keyof Table['codes']];

/** A family's codes and traits as one frozen table. */
export function defineErrorCodes<const T extends Record<string, ErrorCodeTraits>>(
  traits: T,
): ErrorCodeTable<T> {
  const codes: Record<string, string> = {};
  const retryable = new Set<string>();
  const transient = new Set<string>();
  const configuration = new Set<string>();
  for (const [key, trait] of Object.entries(traits)) {
    const code = trait.code ?? key;
    codes[key] = code;
    if (trait.retryable === true || trait.transient === true) retryable.add(code);
    if (trait.transient === true) transient.add(code);
    if (trait.configuration === true) configuration.add(code);
  }
  return Object.freeze({
    codes: Object.freeze(codes) as ErrorCodeConstants<T>,
    retryable,
    transient,
    configuration,
  });
}
