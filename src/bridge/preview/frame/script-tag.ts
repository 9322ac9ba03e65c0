/**
 * How a compiled frame script enters a document: its source (built by
 * `scripts/frame-sources.mjs`, a function body that reads a free `CONFIG`) wrapped in a function
 * that receives this load's configuration. Used by the host when it assembles documents and by
 * the guard when it secures nested frames, so both write the same tag.
 */

const ESCAPES: Record<string, string> = {
  '<': '\\u003c',
  '\u2028': '\\u2028',
  '\u2029': '\\u2029',
};

// JSON is a JavaScript expression; escaping `<` keeps `</script>` and `<!--` in a string inert.
// One pass: the configuration carries a flattened module graph's scripts.
export const scriptJson = (value: unknown): string =>
  JSON.stringify(value).replace(/[<\u2028\u2029]/g, (character) => ESCAPES[character]!);

export const frameScriptText = (source: string, config: unknown): string =>
  `(function(CONFIG){${source}})(${scriptJson(config)});`;

export const frameScriptTag = (source: string, config: unknown): string =>
  `<script>${frameScriptText(source, config)}</script>`;
