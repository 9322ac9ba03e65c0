/**
 * The JavaScript parser the module flattening reads syntax with, loaded on first need: a page
 * with a few modules loads them natively and never fetches it.
 */
import type { JavaScriptParser } from './module-syntax.js';

let loading: Promise<JavaScriptParser | undefined> | undefined;

/** The parser, or undefined when its chunk failed to load (the graph then loads natively). */
export function loadJavaScriptParser(): Promise<JavaScriptParser | undefined> {
  loading ??= import('@lezer/javascript').then(
    (module) => module.parser,
    () => {
      loading = undefined;
      return undefined;
    },
  );
  return loading;
}
