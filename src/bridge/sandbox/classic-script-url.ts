/**
 * A classic script of the preview document enters it as a `data:` URL that names its workspace
 * file and first line. WebKit mutes the errors of a classic script whose URL the document's
 * opaque origin cannot request (an inline script of a sandboxed `srcdoc` reports only
 * "Script error."), but never those of a `data:` URL; every engine then reports that URL with
 * the error, and the frame reads the file and line back from it.
 */
const PREFIX = 'data:text/javascript;file=';
const HEAD = /^data:text\/javascript;file=([^;,]*);line=(\d+),/;

// Also escaped: the characters encodeURIComponent keeps, of which `(` and `)` would end a V8
// stack frame's `(url:line:column)` early.
const encode = (text: string) =>
  encodeURIComponent(text).replace(
    /[!'()*~]/g,
    (character) => `%${character.charCodeAt(0).toString(16).toUpperCase()}`,
  );

export const classicScriptUrl = (text: string, path: string, line: number): string =>
  `${PREFIX}${encode(path)};line=${line},${encode(text)}`;

/** `path:line` of line `line` of the script at `url`, or null when `url` is not one of ours. */
export function classicScriptPlace(url: string, line: number): string | null {
  const head = url.startsWith(PREFIX) ? HEAD.exec(url) : null;
  return head ? `${decodeURIComponent(head[1]!)}:${Number(head[2]) + line - 1}` : null;
}
