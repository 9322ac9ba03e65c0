/**
 * The loader of a flattened module graph (see `flatten-modules.ts`), inside the frame. Each
 * module runs once, after its dependencies in their order, the way the browser evaluates a
 * module graph: an error is kept and thrown again to every later importer, and a module that
 * awaits at its top level makes its importers wait for it.
 */

type ModuleFunction = (
  expose: (namespace: object) => void,
  dependencies: object[],
  load: (index: number) => Promise<object>,
  meta: object,
) => unknown;

/** [indexes of the static dependencies, workspace URL, the module function]. */
export type ModuleRecord = readonly [number[], string, ModuleFunction];

interface ModuleState {
  namespace: object;
  /** Set while an asynchronous evaluation is pending, and after it failed. */
  pending?: Promise<void>;
  error?: { value: unknown };
}

export interface ModuleLoader {
  define(records: readonly ModuleRecord[]): void;
  /** Evaluates module `index`; a promise when it (or a dependency) awaits at its top level. */
  run(index: number): Promise<void> | undefined;
}

export function createModuleLoader(): ModuleLoader {
  let records: readonly ModuleRecord[] = [];
  const states: ModuleState[] = [];
  const NativePromise = Promise;

  const load = (index: number): Promise<object> =>
    new NativePromise<void>((resolve) => resolve(run(index))).then(() => states[index]!.namespace);

  function run(index: number): Promise<void> | undefined {
    const known = states[index];
    if (known) {
      if (known.error) throw known.error.value;
      return known.pending;
    }
    const [dependencies, url, body] = records[index]!;
    const state: ModuleState = { namespace: Object.create(null) as object };
    states[index] = state;
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
      records = list;
    },
    run,
  };
}
