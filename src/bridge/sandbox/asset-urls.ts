/**
 * Asset bytes as `data:` URLs. A sandboxed document has an opaque origin, so it cannot load the
 * parent's `blob:` URLs; `data:` URLs load there without a network or a second origin. They are
 * plain strings, so nothing outlives the document that uses them (no object URL to revoke), and
 * each blob is read once: an unchanged asset keeps its URL across revisions.
 */
import type { WorkspaceFile } from '../../runtime/workspace/index.js';
import { mimeTypeOf } from './compile-context.js';

const cache = new WeakMap<Blob, Promise<string>>();
const CHUNK = 0x8000;

async function toDataUrl(blob: Blob, mimeType: string): Promise<string> {
  const bytes = new Uint8Array(await blob.arrayBuffer());
  let binary = '';
  for (let offset = 0; offset < bytes.length; offset += CHUNK) {
    binary += String.fromCharCode(...bytes.subarray(offset, offset + CHUNK));
  }
  return `data:${mimeType};base64,${btoa(binary)}`;
}

/** Reads the asset files as `data:` URLs by path, so the sandboxed preview can load them. */
export async function readAssetUrls(files: readonly WorkspaceFile[]): Promise<Map<string, string>> {
  const assets = files.filter((file) => file.kind === 'asset');
  const urls = await Promise.all(
    assets.map((file) => {
      let url = cache.get(file.blob);
      if (!url) {
        url = toDataUrl(file.blob, file.mimeType || mimeTypeOf(file.path));
        cache.set(file.blob, url);
      }
      return url;
    }),
  );
  return new Map(assets.map((file, index) => [file.path, urls[index]!]));
}
