import { describe, it } from 'node:test';
import { expect } from 'chai';
import { execFile } from 'node:child_process';
import { cpSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';

const SITE = resolve(import.meta.dirname, '../../dist/site');
const SCRIPT = resolve(import.meta.dirname, '../../scripts/verify-site.mjs');

/** Runs the verification the way CI does: a real process, judged by its exit code. */
async function verify(siteDir: string, ...flags: string[]) {
  try {
    const { stdout, stderr } = await promisify(execFile)(
      process.execPath,
      [SCRIPT, siteDir, ...flags],
      { timeout: 240_000 },
    );
    return { code: 0, output: stdout + stderr };
  } catch (error) {
    const failed = error as { code: number; stdout: string; stderr: string };
    return { code: failed.code, output: failed.stdout + failed.stderr };
  }
}

describe('production build verification of the demo site under /context-action/', () => {
  it('passes on the built site: files, chunks, CSS, and the pages render in Chromium', async () => {
    const result = await verify(SITE);
    expect(result.output).to.contain('verified under /context-action/');
    expect(result.code).to.equal(0);
  });

  it('fails on a copy with a missing lazy chunk and names it', async () => {
    const broken = mkdtempSync(join(tmpdir(), 'site-'));
    try {
      cpSync(SITE, broken, { recursive: true });
      const chunk = readdirSync(join(broken, 'assets')).find((name) =>
        name.startsWith('code-editor'),
      );
      expect(chunk, 'the built site has a lazy code-editor chunk').to.be.a('string');
      rmSync(join(broken, 'assets', chunk!));
      const result = await verify(broken, '--files-only');
      expect(result.code).to.equal(1);
      expect(result.output).to.contain(`missing file assets/${chunk}`);
    } finally {
      rmSync(broken, { recursive: true, force: true });
    }
  });

  it('fails on a page whose entry asset is outside the base path', async () => {
    const broken = mkdtempSync(join(tmpdir(), 'site-'));
    try {
      cpSync(SITE, broken, { recursive: true });
      const page = join(broken, 'index.html');
      writeFileSync(page, readFileSync(page, 'utf8').replaceAll('/context-action/', '/'));
      const result = await verify(broken, '--files-only');
      expect(result.code).to.equal(1);
      expect(result.output).to.contain('is not under the base /context-action/');
    } finally {
      rmSync(broken, { recursive: true, force: true });
    }
  });
});
