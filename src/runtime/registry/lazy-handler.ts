/**
 * Tool handlers whose code is a chunk of its own, loaded on the first call of any of them: a
 * tool's descriptor (name, schemas, annotations) is what listing, validation and policy read, so
 * `tools/list` never waits for handler code, and a runtime's first visit does not download the
 * handlers nobody calls. A call made while the chunk loads waits for it and then runs; a failed
 * load fails that call and the next call tries again.
 */
import type { ToolHandler } from './define-tool.js';

/** Handlers of one chunk, by name. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- each handler keeps its own argument type
type Handlers = Record<string, ToolHandler<any, any>>;

/**
 * `load` resolves to the handlers of one chunk (it runs once, on the first call of any of
 * them); the returned function picks one as a handler to give `defineTool`.
 */
export function lazyHandlers<H extends Handlers>(
  load: () => Promise<H>,
): <K extends keyof H & string>(name: K) => H[K] {
  let loaded: H | undefined;
  let loading: Promise<H> | undefined;
  const handlers = () =>
    (loading ??= load().then(
      (value) => (loaded = value),
      (error: unknown) => {
        loading = undefined;
        throw error;
      },
    ));
  return <K extends keyof H & string>(name: K) =>
    ((args, context) =>
      // Once loaded, a call runs as synchronously as a handler defined in place.
      loaded
        ? loaded[name]!(args, context)
        : handlers().then((value) => value[name]!(args, context))) as H[K];
}
