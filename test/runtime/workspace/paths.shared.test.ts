import { expect } from 'chai';
import fc from 'fast-check';
import { describe, it } from '../../support/spec.js';
import {
  normalizeWorkspacePath,
  resolveWorkspaceReference,
} from '../../../src/runtime/workspace/paths.js';

const accept = (input: string) => {
  const result = normalizeWorkspacePath(input);
  if (!result.ok) throw new Error(`rejected ${JSON.stringify(input)}: ${result.error.message}`);
  return result.value;
};
const problem = (input: unknown) => {
  const result = normalizeWorkspacePath(input);
  if (result.ok) throw new Error(`accepted ${JSON.stringify(input)} as ${result.value}`);
  expect(result.error.code).to.equal('WORKSPACE_PATH_INVALID');
  expect(result.error.retryable).to.equal(false);
  return result.error.details?.problem;
};

const HOSTILE = [
  '..',
  '../index.html',
  'a/../../b.html',
  'src/..',
  '..\\index.html',
  'src\\..\\..\\x.css',
  '%2e%2e/index.html',
  '%2E%2E%2Findex.html',
  'a/%2e%2e/b.js',
  '..%2fx.js',
  '..%5cx.js',
  'a%00.html',
  'index.html\u0000.png',
  '/etc/passwd',
  '\\\\server\\share\\x.html',
  'C:\\Windows\\x.js',
  'C:/x.js',
  'file:///etc/passwd',
  '',
  '.',
  './',
  '/',
  '//',
  'a/',
  'x'.repeat(600),
  `${'d/'.repeat(300)}x.js`,
  '\u2024\u2024/index.html',
  '\uff0e\uff0e/index.html',
  'a\uff0fb.html',
  'a\uff3cb.html',
  'index\u200b.html',
  'index\u202e.html',
  'index.html.',
  'index.html ',
  'a\nb.html',
];

describe('workspace paths canonicalise slashes and dot segments', () => {
  it('turns backslashes into slashes', () => {
    expect(accept('src\\app.js')).to.equal('src/app.js');
  });
  it('drops harmless dot segments and repeated slashes', () => {
    expect(accept('./src/app.js')).to.equal('src/app.js');
    expect(accept('src//nested///a.css')).to.equal('src/nested/a.css');
  });
  it('keeps a canonical path unchanged', () => {
    expect(accept('index.html')).to.equal('index.html');
    expect(accept('my page/with spaces.html')).to.equal('my page/with spaces.html');
    expect(accept('ünïcode/ファイル.md')).to.equal('ünïcode/ファイル.md');
  });
  it('is idempotent: a canonical path canonicalises to itself', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 40 }), (input) => {
        const first = normalizeWorkspacePath(input);
        if (!first.ok) return;
        const second = normalizeWorkspacePath(first.value);
        expect(second.ok && second.value).to.equal(first.value);
      }),
      { numRuns: 2000 },
    );
  });
});

describe('workspace paths reject anything that could escape or alias', () => {
  it('rejects every entry of the hostile corpus', () => {
    for (const input of HOSTILE) problem(input);
  });
  it('rejects non-strings and empty input', () => {
    expect(problem(undefined)).to.equal('not-a-string');
    expect(problem(42)).to.equal('not-a-string');
    expect(problem('')).to.equal('empty');
    expect(problem('./.')).to.equal('empty');
  });
  it('names the problem: traversal, encoded traversal, look-alikes, NUL, absolute', () => {
    expect(problem('../a.html')).to.equal('parent-traversal');
    expect(problem('%2e%2e/a.html')).to.equal('encoded-traversal');
    expect(problem('\uff0e\uff0e/a.html')).to.equal('look-alike-traversal');
    expect(problem('a\u0000.html')).to.equal('control-character');
    expect(problem('/a.html')).to.equal('absolute');
    expect(problem('C:/a.html')).to.equal('reserved-character');
  });
  it('never yields a path with a parent segment, NUL, backslash or leading slash (generated)', () => {
    const piece = fc.constantFrom(
      '..',
      '.',
      '',
      '%2e',
      '%2E%2e',
      '\\',
      '/',
      '\u0000',
      'a',
      'b.html',
      '\uff0e',
      '%00',
      ' ',
      '~',
    );
    fc.assert(
      fc.property(fc.array(piece, { maxLength: 12 }), (parts) => {
        const result = normalizeWorkspacePath(parts.join(''));
        if (!result.ok) return;
        const segments = result.value.split('/');
        expect(segments).to.not.include('..');
        expect(segments).to.not.include('.');
        expect(segments).to.not.include('');
        expect(result.value).to.not.include('\u0000').and.not.include('\\');
        for (const segment of segments) expect(decodeURIComponent(segment)).to.not.equal('..');
      }),
      { numRuns: 10000 },
    );
  });
});

describe('preview references are URL-decoded and stay inside the workspace', () => {
  it('decodes encoded names', () => {
    expect(resolveWorkspaceReference('index.html', 'my%20page.css')).to.equal('my page.css');
  });
  it('resolves relative to the referring file', () => {
    expect(resolveWorkspaceReference('src/index.html', './app.js')).to.equal('src/app.js');
    expect(resolveWorkspaceReference('src/index.html', '../styles.css')).to.equal('styles.css');
    expect(resolveWorkspaceReference('src/index.html', '/root.css')).to.equal('root.css');
  });
  it('refuses to climb above the root and ignores external URLs', () => {
    expect(resolveWorkspaceReference('index.html', '../x.css')).to.equal(null);
    expect(resolveWorkspaceReference('index.html', '%2e%2e/x.css')).to.equal(null);
    expect(resolveWorkspaceReference('index.html', 'https://cdn.example/x.css')).to.equal(null);
    expect(resolveWorkspaceReference('index.html', '//cdn.example/x.css')).to.equal(null);
  });
});
