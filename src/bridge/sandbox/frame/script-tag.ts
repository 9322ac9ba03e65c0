/**
 * How a compiled frame script enters a document: its source (built by
 * `scripts/frame-sources.mjs`, a function body that reads a free `CONFIG`) wrapped in a function
 * that receives this load's configuration, written into the script or read from a data block
 * before it. Used by the host when it assembles documents and by the guard when it secures
 * nested frames, so both write the same tag.
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

/** `source` run with `CONFIG` bound to the value of the expression `config`. */
const withConfig = (source: string, config: string): string =>
  `(function(CONFIG){${source}})(${config});`;

export const frameScriptTag = (source: string, config: unknown): string =>
  `<script>${withConfig(source, scriptJson(config))}</script>`;

/**
 * A frame script that reads its configuration from the JSON data block just before it, and
 * removes that block before its source runs. Its text is the same on every load, so the frame's
 * engine finds it compiled; a script carrying a load's nonce would be compiled anew each time.
 */
export const frameScriptReadingConfig = (source: string): string =>
  withConfig(
    source,
    '(b=>(b.remove(),JSON.parse(b.text)))(document.currentScript.previousElementSibling)',
  );
