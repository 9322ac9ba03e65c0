import { describe, it } from 'node:test';
import { expect } from 'chai';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import type { Server } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
// @ts-expect-error -- plain ESM script without type declarations
import { previewShell } from '../../scripts/preview-shell.mjs';
// @ts-expect-error -- plain ESM script without type declarations
import { serve } from '../../scripts/serve.mjs';
import { FRAME_SHELL_BUILD } from '../../src/bridge/sandbox/frame-sources.generated.js';

// The preview shell document the build writes to dist/ and `npm start` serves: small, this
// build's shell, and sent with its sealing header (and no other file with it).
describe('the preview shell document', () => {
  it('is small, names this build, and holds no page', async () => {
    const { document, header } = (await previewShell()) as {
      document: string;
      header: { name: string; value: string };
    };
    expect(header).to.deep.equal({ name: 'Connection-Allowlist', value: '()' });
    expect(document.length).to.be.below(4096);
    expect(document).to.include(`"build":"${FRAME_SHELL_BUILD}"`);
    expect(document).to.include('"served":true');
    expect(document).to.match(/^<!doctype html>.*<meta http-equiv="Content-Security-Policy"/);
    expect(document).to.include("frame-src 'none'");
    expect(document).not.to.include('<iframe');
  });

  it('npm start serves it with Connection-Allowlist: (), and other files without it', async () => {
    const root = mkdtempSync(join(tmpdir(), 'shell-'));
    mkdirSync(join(root, 'dist'));
    writeFileSync(join(root, 'dist/preview-shell.html'), (await previewShell()).document);
    writeFileSync(join(root, 'dist/index.html'), '<p>studio</p>');
    const { server, url } = (await serve({ port: 0, root, folders: ['dist'], home: '/' })) as {
      server: Server;
      url: string;
    };
    try {
      const shell = await fetch(new URL('/dist/preview-shell.html', url));
      expect(shell.headers.get('connection-allowlist')).to.equal('()');
      expect(shell.headers.get('content-type')).to.match(/^text\/html/);
      const page = await fetch(new URL('/dist/index.html', url));
      expect(page.headers.get('connection-allowlist')).to.equal(null);
    } finally {
      server.close();
      rmSync(root, { recursive: true, force: true });
    }
  });
});
