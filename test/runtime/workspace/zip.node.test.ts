import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { expect } from 'chai';
import { after, describe, it } from 'node:test';
import { zipWorkspaceFiles } from '../../../src/runtime/workspace/zip.js';

const run = promisify(execFile);

describe('the unsaved-files ZIP', () => {
  const dirs: string[] = [];
  after(() => Promise.all(dirs.map((dir) => rm(dir, { recursive: true, force: true }))));

  it('passes the Info-ZIP test and extracts byte for byte with UTF-8 names in Python zipfile', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'zip-'));
    dirs.push(dir);
    const png = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0, 255, 13, 10]);
    const blob = await zipWorkspaceFiles([
      { path: 'index.html', kind: 'text', text: '<h1>café ☕</h1>\r\n' },
      { path: 'src/ünï.js', kind: 'text', text: '' },
      { path: 'img/logo.png', kind: 'asset', blob: new Blob([png]), mimeType: 'image/png' },
    ]);
    expect(blob.type).to.equal('application/zip');
    await writeFile(join(dir, 'unsaved.zip'), new Uint8Array(await blob.arrayBuffer()));
    const tested = await run('unzip', ['-t', 'unsaved.zip'], { cwd: dir });
    expect(tested.stdout).to.contain('No errors detected');
    await run('python3', ['-m', 'zipfile', '-e', 'unsaved.zip', 'out'], { cwd: dir });
    expect(await readFile(join(dir, 'out/index.html'), 'utf8')).to.equal('<h1>café ☕</h1>\r\n');
    expect(await readFile(join(dir, 'out/src/ünï.js'), 'utf8')).to.equal('');
    expect([...(await readFile(join(dir, 'out/img/logo.png')))]).to.deep.equal([...png]);
  });
});
