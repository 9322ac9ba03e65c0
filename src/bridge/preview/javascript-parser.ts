/**
 * The JavaScript parser the module flattening reads syntax with, loaded on first need: a page
 * with a few modules loads them natively and never fetches it.
 */
import type { JavaScriptParser } from './module-syntax.js';

let loading: Promise<JavaScriptParser | undefined> | undefined;
let loaded: JavaScriptParser | undefined;

/** The parser once loaded, else undefined: a preview never waits for it. */
export const loadedJavaScriptParser = (): JavaScriptParser | undefined => loaded;

/** Loads the parser; undefined when its chunk failed to load (graphs then load natively). */
export function loadJavaScriptParser(): Promise<JavaScriptParser | undefined> {
  loading ??= import('@lezer/javascript').then(
    (module) => (loaded = module.parser),
    () => {
      loading = undefined;
      return undefined;
    },
  );
  return loading;
}
