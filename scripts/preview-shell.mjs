// The preview shell document (src/bridge/sandbox/shell-document.ts) as the file a site serves:
// `dist/preview-shell.html` at our build, and the same text for the servers that serve it with
// its header (`npm start`, the tests). Bundled from the TypeScript source with esbuild.
import { Buffer } from 'node:buffer';
import { writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const root = fileURLToPath(new URL('..', import.meta.url));
export const PREVIEW_SHELL_FILE = `${root}dist/preview-shell.html`;

/** `{ document, header: { name, value } }` from the source. */
export async function previewShell() {
  const result = await build({
    entryPoints: [`${root}src/bridge/sandbox/shell-document.ts`],
    bundle: true,
    format: 'esm',
    platform: 'neutral',
    write: false,
    logLevel: 'silent',
  });
  const text = result.outputFiles[0].text;
  const module = await import(
    `data:text/javascript;base64,${Buffer.from(text).toString('base64')}`
  );
  return { document: module.PREVIEW_SHELL_DOCUMENT, header: module.PREVIEW_SHELL_HEADER };
}

export async function writePreviewShell() {
  writeFileSync(PREVIEW_SHELL_FILE, (await previewShell()).document);
}
