/**
 * What inlining preview assets as base64 `data:` URLs costs. The sandboxed frame has an opaque
 * origin and cannot load the parent's `blob:` URLs, so every image the page uses travels inside
 * the compiled document as a `data:` URL. This measures that on a workspace with 5 MiB of
 * images (five 1 MiB files of random bytes, which do not compress, as real images do not): the
 * asset bytes, the bytes of their `data:` URLs, and the compiled document's size with each image
 * used once, and with each used twice (once in HTML, once in CSS).
 *
 *   node --import tsx bench/preview-assets.ts
 */
import { randomBytes } from 'node:crypto';
import { renderPreviewHtml } from '../src/bridge/sandbox/compile.js';
import { compilePreviewDocument } from '../src/bridge/sandbox/compile-preview.js';
import { readAssetUrls } from '../src/bridge/sandbox/asset-urls.js';
import type { WorkspaceFile } from '../src/runtime/workspace/index.js';

const MIB = 1024 * 1024;
const IMAGES = 5;
const utf8 = (text: string) => new TextEncoder().encode(text).length;

const images: WorkspaceFile[] = Array.from({ length: IMAGES }, (_, index) => ({
  path: `images/photo-${index + 1}.png`,
  kind: 'asset',
  blob: new Blob([randomBytes(MIB)], { type: 'image/png' }),
  mimeType: 'image/png',
}));
const tags = images.map((image) => `<img src="${image.path}" alt="">`).join('\n');

function documentBytes(files: WorkspaceFile[], urls: Map<string, string>): number {
  return utf8(renderPreviewHtml(compilePreviewDocument(files, urls)));
}

const urls = await readAssetUrls(images);
const assetBytes = images.reduce(
  (sum, file) => sum + (file.kind === 'asset' ? file.blob.size : 0),
  0,
);
const urlBytes = [...urls.values()].reduce((sum, url) => sum + utf8(url), 0);

const page = (body: string, css = ''): WorkspaceFile[] => [
  {
    path: 'index.html',
    kind: 'text',
    text: `<!doctype html><link rel="stylesheet" href="styles.css"><body>${body}</body>`,
  },
  { path: 'styles.css', kind: 'text', text: css },
  ...images,
];
const empty = documentBytes(page(''), urls);
const once = documentBytes(page(tags), urls);
const twice = documentBytes(
  page(
    tags,
    images.map((image, index) => `.p${index} { background: url(${image.path}); }`).join('\n'),
  ),
  urls,
);

const format = (bytes: number) =>
  `${bytes.toLocaleString('en')} B (${(bytes / MIB).toFixed(2)} MiB)`;
console.log(`Workspace images:              ${IMAGES} × 1 MiB = ${format(assetBytes)}`);
console.log(`Their data: URLs:              ${format(urlBytes)}`);
console.log(`  ratio to the image bytes:    ${(urlBytes / assetBytes).toFixed(4)}`);
console.log(`Document without the images:   ${format(empty)}`);
console.log(`Document, each image once:     ${format(once)}`);
console.log(
  `  added by the images:         ${format(once - empty)} = ${((once - empty) / assetBytes).toFixed(4)} × the image bytes`,
);
console.log(`Document, each image twice:    ${format(twice)}`);
console.log(
  `  added by the images:         ${format(twice - empty)} = ${((twice - empty) / assetBytes).toFixed(4)} × the image bytes`,
);
