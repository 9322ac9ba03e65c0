import { expect } from 'chai';
import { describe, it } from '../../support/spec.js';
import { decodeAs, decodeUtf8Text } from '../../../src/runtime/workspace/encoding.js';
import { createWorkspaceDocumentManager } from '../../../src/runtime/workspace/manager.js';
import { portabilityWarnings } from '../../../src/runtime/workspace/names.js';
import { normalizeWorkspacePath } from '../../../src/runtime/workspace/paths.js';
import { createMemoryWorkspaceRepository } from '../../../src/runtime/workspace/repository.js';
import { createDirectoryUploadFolder } from '../../../src/storage/folder/directory-upload.js';

async function ready() {
  const manager = createWorkspaceDocumentManager({ repository: createMemoryWorkspaceRepository() });
  await manager.ready;
  return manager;
}

const NFC = 'caf\u00e9.txt';
const NFD = 'cafe\u0301.txt';

describe('path identity is NFC', () => {
  it('canonicalises both spellings to the composed one', () => {
    expect(normalizeWorkspacePath(NFD)).to.deep.equal({ ok: true, value: NFC });
    expect(normalizeWorkspacePath(`docs/${NFD}`)).to.deep.equal({ ok: true, value: `docs/${NFC}` });
  });

  it('makes the second spelling a conflict, and finds the file by either', async () => {
    const manager = await ready();
    expect((await manager.createFile(NFC, 'one')).ok).to.equal(true);
    const second = await manager.createFile(NFD, 'two');
    expect(second.ok).to.equal(false);
    if (!second.ok) expect(second.error.details).to.include({ reason: 'exists', path: NFC });
    const found = manager.getFile(NFD);
    expect(found.ok && found.value.path).to.equal(NFC);
  });

  it('refuses full-width look-alikes of existing names, on create and rename', async () => {
    const manager = await ready();
    const created = await manager.createFile('ＩＮＤＥＸ.html', '');
    expect(created.ok).to.equal(false);
    if (!created.ok)
      expect(created.error.details).to.include({ reason: 'look-alike', path: 'ＩＮＤＥＸ.html' });
    const renamed = await manager.renameFile('app.js', 'ａｐｐ２.js');
    expect(renamed.ok).to.equal(true);
    const back = await manager.createFile('APP2.js', '');
    expect(back.ok).to.equal(false);
  });
});

describe('names a person cannot tell apart (Unicode TR39 skeletons)', () => {
  const CYRILLIC_I = '\u0456ndex.html';
  const CYRILLIC_E = 'ind\u0435x.html';

  it('refuses Cyrillic look-alikes of index.html, naming the existing file', async () => {
    const manager = await ready();
    for (const path of [CYRILLIC_I, CYRILLIC_E, '\u0406NDEX.html']) {
      const created = await manager.createFile(path, '');
      expect(created.ok, path).to.equal(false);
      if (created.ok) continue;
      expect(created.error.code).to.equal('WORKSPACE_FILE_CONFLICT');
      expect(created.error.details).to.include({
        reason: 'look-alike',
        path,
        existingPath: 'index.html',
      });
      expect(created.error.message).to.contain('looks like index.html');
    }
    const renamed = await manager.renameFile('app.js', CYRILLIC_E);
    expect(renamed.ok).to.equal(false);
    expect(manager.getSnapshot().files.map((file) => file.path)).to.include('app.js');
  });

  it('refuses an ASCII name beside its look-alike already in the workspace', async () => {
    const manager = await ready();
    expect((await manager.createFile('m\u0430in.js', '')).ok).to.equal(true);
    const ascii = await manager.createFile('main.js', '');
    expect(ascii.ok).to.equal(false);
    if (!ascii.ok) expect(ascii.error.details).to.include({ existingPath: 'm\u0430in.js' });
  });

  it('skips the second of two look-alike names in an imported folder', async () => {
    const folder = createDirectoryUploadFolder([
      new File(['<h1>a</h1>'], 'index.html'),
      new File(['<h1>b</h1>'], CYRILLIC_I),
      new File(['x'], 'file1.txt'),
      new File(['y'], 'filel.txt'),
    ]);
    const read = await folder.read();
    expect(read.ok).to.equal(true);
    if (!read.ok) return;
    expect(read.value.files.map((file) => file.path).sort()).to.deep.equal([
      'file1.txt',
      'filel.txt',
      'index.html',
    ]);
    expect(read.value.skipped).to.deep.equal([{ path: CYRILLIC_I, reason: 'duplicate-path' }]);
  });

  it('keeps ASCII names apart by the characters typed', async () => {
    const manager = await ready();
    for (const path of ['file1.js', 'filel.js', 'modern.js', 'rnodern.js'])
      expect((await manager.createFile(path, '')).ok, path).to.equal(true);
  });
});

describe('names that cannot travel', () => {
  it('warns on Windows device names with or without extensions, in any folder', () => {
    for (const path of ['CON', 'con.txt', 'docs/nul.txt', 'COM1.log', 'lpt9.md', 'aux.tar.gz'])
      expect(portabilityWarnings(path).map((w) => w.reason)).to.deep.equal(['windows-device-name']);
    for (const path of ['console.txt', 'null.txt', 'com10.txt', 'icon.png'])
      expect(portabilityWarnings(path)).to.deep.equal([]);
  });
  it('warns on compatibility characters', () => {
    const [warning] = portabilityWarnings('ｐａｇｅ.html');
    expect(warning?.reason).to.equal('look-alike');
    expect(warning?.message).to.contain('page.html');
  });
});

describe('encodings at the import boundary', () => {
  const latin1 = new Uint8Array([0x63, 0x61, 0x66, 0xe9]);
  it('reads UTF-8 text, keeping a byte-order mark, and refuses anything else', () => {
    expect(decodeUtf8Text(new TextEncoder().encode('café ☕'))).to.equal('café ☕');
    expect(decodeUtf8Text(new Uint8Array([0xef, 0xbb, 0xbf, 0x61]))).to.equal('\ufeffa');
    expect(decodeUtf8Text(latin1)).to.equal(null);
    expect(decodeUtf8Text(new Uint8Array([0xff, 0xfe, 0x61, 0x00]))).to.equal(null);
    expect(decodeUtf8Text(new Uint8Array([0x61, 0x00, 0x62, 0x00]))).to.equal(null);
  });
  it('decodes with the encoding a person names, or says why not', () => {
    expect(decodeAs(latin1, 'windows-1252')).to.deep.equal({ ok: true, text: 'café' });
    expect(decodeAs(new Uint8Array([0x82, 0xa0]), 'shift_jis')).to.deep.equal({
      ok: true,
      text: 'あ',
    });
    expect(decodeAs(latin1, 'no-such-encoding')).to.deep.equal({
      ok: false,
      reason: 'unknown-encoding',
    });
    expect(decodeAs(latin1, 'utf-8')).to.deep.equal({ ok: false, reason: 'invalid-bytes' });
  });
  it('imports non-UTF-8 text byte for byte as binary and names it', async () => {
    const folder = createDirectoryUploadFolder([
      new File(['<h1>x</h1>'], 'index.html'),
      new File([latin1], 'latin1.txt'),
      new File(['x'], 'a"b.txt'),
    ]);
    const read = await folder.read();
    expect(read.ok).to.equal(true);
    if (!read.ok) return;
    expect(read.value.binaryText).to.deep.equal(['latin1.txt']);
    expect(read.value.skipped).to.deep.equal([{ path: 'a"b.txt', reason: 'invalid-path' }]);
    const kept = read.value.files.find((file) => file.path === 'latin1.txt');
    expect(kept?.kind).to.equal('asset');
    if (kept?.kind === 'asset')
      expect([...new Uint8Array(await kept.blob.arrayBuffer())]).to.deep.equal([...latin1]);
  });
});
