/**
 * The loader of a flattened module graph (see `flatten-modules.ts`), inside the frame. Each
 * module runs once, after its dependencies in their order, the way the browser evaluates a
 * module graph: an error is kept and thrown again to every later importer, and a module that
 * awaits at its top level makes its importers wait for it. Modules are named by specifier, so a
 * module's script does not change when another module is added or removed.
 */

type ModuleFunction = (
  expose: (namespace: object) => void,
  dependencies: object[],
  load: (specifier: string) => Promise<object>,
  meta: object,
) => unknown;

/** [specifier, specifiers of its static dependencies, workspace URL, the module function]. */
export type ModuleRecord = readonly [string, string[], string, ModuleFunction];

interface ModuleState {
  namespace: object;
  /** Set while an asynchronous evaluation is pending, and after it failed. */
  pending?: Promise<void>;
  error?: { value: unknown };
}

export interface ModuleLoader {
  define(records: readonly ModuleRecord[]): void;
  /**
   * A script of the graph failed to compile: as natively, no module of the graph runs, and
   * every run throws that error.
   */
  halt(error: unknown): void;
  /** Evaluates a module; a promise when it (or a dependency) awaits at its top level. */
  run(specifier: string): Promise<void> | undefined;
}

export function createModuleLoader(): ModuleLoader {
  // Null-prototype tables: preview code may change Object.prototype or Map before a run.
  const records = Object.create(null) as Record<string, ModuleRecord>;
  const states = Object.create(null) as Record<string, ModuleState>;
  let halted: { value: unknown } | undefined;
  const NativePromise = Promise;

  const load = (specifier: string): Promise<object> =>
    new NativePromise<void>((resolve) => resolve(run(specifier))).then(
      () => states[specifier]!.namespace,
    );

  function run(specifier: string): Promise<void> | undefined {
    if (halted) throw halted.value;
    const known = states[specifier];
    if (known) {
      if (known.error) throw known.error.value;
      return known.pending;
    }
    const [, dependencies, url, body] = records[specifier]!;
    const state: ModuleState = { namespace: Object.create(null) as object };
    states[specifier] = state;
    const meta = Object.create(null) as { url: string };
    meta.url = url;
    const evaluate = () => {
      const result = body(
        (namespace) => {
          Object.defineProperty(namespace, Symbol.toStringTag, { value: 'Module' });
          state.namespace = Object.freeze(namespace);
        },
        dependencies.map((dependency) => states[dependency]!.namespace),
        load,
        meta,
      );
      return result instanceof NativePromise ? (result as Promise<void>) : undefined;
    };
    const fail = (error: unknown) => {
      state.error = { value: error };
      throw error;
    };
    try {
      const waits = dependencies
        .map(run)
        .filter((wait): wait is Promise<void> => wait !== undefined);
      const pending = waits.length > 0 ? NativePromise.all(waits).then(evaluate) : evaluate();
      if (pending) {
        state.pending = pending.then(() => {
          state.pending = undefined;
        }, fail);
      }
      return state.pending;
    } catch (error) {
      return fail(error);
    }
  }

  return {
    define(list) {
      for (const record of list) records[record[0]] = record;
    },
    halt(error) {
      halted ??= { value: error };
    },
    run,
  };
}
