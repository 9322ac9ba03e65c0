import { expect } from 'chai';
import fc from 'fast-check';
import { describe, it } from '../../support/spec.js';
import { createWorkspaceDocumentManager } from '../../../src/runtime/workspace/manager.js';
import { createMemoryWorkspaceRepository } from '../../../src/runtime/workspace/repository.js';

const HOSTILE = [
  '../index.html',
  '..\\index.html',
  '%2e%2e/index.html',
  '%2E%2E%2Fapp.js',
  'src/%2e%2e/%2e%2e/app.js',
  'app.js\u0000.html',
  '/index.html',
  'C:\\index.html',
  '',
  '.',
  '\uff0e\uff0e/index.html',
  '\u2024\u2024/app.js',
  'index\u200b.html',
  'index.html.',
  'app.js ',
  `${'a'.repeat(300)}.js`,
];

async function ready() {
  const manager = createWorkspaceDocumentManager({ repository: createMemoryWorkspaceRepository() });
  await manager.ready;
  return manager;
}

describe('hostile paths never escape and never alias another file', () => {
  it('every tool-facing operation rejects the hostile corpus without a change', async () => {
    const manager = await ready();
    const before = manager.getSnapshot();
    for (const path of HOSTILE) {
      const attempts = await Promise.all([
        manager.createFile(path, 'x'),
        manager.writeFile(path, 'x'),
        manager.applyPatch(path, { search: 'a', replace: 'b' }),
        manager.renameFile('app.js', path),
        manager.renameFile(path, 'b.js'),
        manager.deleteFile(path),
        manager.revertFile(path),
        manager.openFile(path),
      ]);
      for (const attempt of attempts) {
        expect(attempt.ok, JSON.stringify(path)).to.equal(false);
        if (!attempt.ok) expect(attempt.error.code).to.equal('WORKSPACE_PATH_INVALID');
      }
      expect(manager.getFile(path).ok).to.equal(false);
    }
    expect(manager.getSnapshot()).to.equal(before);
  });

  it('the import boundary refuses non-canonical, hostile or duplicate paths', async () => {
    const manager = await ready();
    const before = manager.getSnapshot();
    const file = (path: string) => ({ path, kind: 'text' as const, text: '' });
    for (const path of ['../index.html', './index.html', 'a\\b.html', '%2e%2e/x.html']) {
      const replaced = await manager.replaceAll([file(path)], { folder: null });
      expect(!replaced.ok && replaced.error.code, path).to.equal('WORKSPACE_PATH_INVALID');
    }
    const duplicate = await manager.replaceAll([file('a.html'), file('a.html')], { folder: null });
    expect(!duplicate.ok && duplicate.error.code).to.equal('WORKSPACE_FILE_CONFLICT');
    expect(manager.getSnapshot()).to.equal(before);
  });

  it('a generated path either is rejected or creates exactly one new file at its canonical path', async () => {
    const segment = fc.oneof(
      fc.constantFrom(
        '..',
        '.',
        '',
        '%2e%2e',
        '\\',
        'index.html',
        'app.js',
        '\uff0e\uff0e',
        'a b',
        'ü',
      ),
      fc.string({ maxLength: 6 }),
    );
    await fc.assert(
      fc.asyncProperty(fc.array(segment, { minLength: 1, maxLength: 5 }), async (parts) => {
        const manager = await ready();
        const before = manager.getSnapshot();
        const input = `${parts.join('/')}.js`;
        const created = await manager.createFile(input, 'generated');
        const after = manager.getSnapshot();
        if (!created.ok) {
          expect(after).to.equal(before);
          return;
        }
        const added = after.files.filter(
          (file) => !before.files.some((old) => old.path === file.path),
        );
        expect(added).to.have.length(1);
        expect(added[0]!.path.split('/')).to.not.include('..');
        for (const file of before.files) expect(after.files).to.deep.include(file);
      }),
      { numRuns: 500 },
    );
  });
});
