/**
 * Text encodings at the import boundary (docs/workspace-names.md#encodings). Workspace text is
 * UTF-8; bytes that are not (Latin-1, Shift-JIS, UTF-16, random bytes) are kept as they are, as
 * a binary asset, until a person names their encoding. Nothing is decoded with replacement
 * characters, so nothing is re-encoded silently.
 */

/** The text of `bytes` when they are UTF-8 text, else `null`. A byte-order mark is kept. */
export function decodeUtf8Text(bytes: Uint8Array): string | null {
  // UTF-16 byte-order marks, and NUL bytes, which UTF-8 allows but no text file holds.
  if ((bytes[0] === 0xfe && bytes[1] === 0xff) || (bytes[0] === 0xff && bytes[1] === 0xfe))
    return null;
  if (bytes.includes(0)) return null;
  try {
    return new TextDecoder('utf-8', { fatal: true, ignoreBOM: true }).decode(bytes);
  } catch {
    return null;
  }
}

/**
 * Decodes `bytes` as the encoding a person chose (a WHATWG label such as `windows-1252` or
 * `shift_jis`): the text, or why not (`unknown-encoding`, `invalid-bytes`).
 */
export function decodeAs(
  bytes: Uint8Array,
  encoding: string,
): { ok: true; text: string } | { ok: false; reason: 'unknown-encoding' | 'invalid-bytes' } {
  let decoder: TextDecoder;
  try {
    decoder = new TextDecoder(encoding, { fatal: true });
  } catch {
    return { ok: false, reason: 'unknown-encoding' };
  }
  try {
    return { ok: true, text: decoder.decode(bytes) };
  } catch {
    return { ok: false, reason: 'invalid-bytes' };
  }
}
