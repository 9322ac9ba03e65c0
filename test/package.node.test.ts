import { describe, it } from 'node:test';
import { expect } from 'chai';
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { elementEntries } from '../scripts/element-entries.mjs';

/** What `npm publish` would upload, read from `npm pack --dry-run` after the build. */
const pack = JSON.parse(
  execFileSync('npm', ['pack', '--dry-run', '--json', '--ignore-scripts'], { encoding: 'utf8' }),
) as Array<{ files: Array<{ path: string }> }>;
const files = new Set(pack[0]!.files.map((file) => file.path));
const pkg = JSON.parse(readFileSync('package.json', 'utf8')) as {
  private?: boolean;
  exports: Record<string, string | { types?: string; import?: string }>;
};

const shipped = (target: string) => files.has(target.replace(/^\.\//, ''));

/** Every module specifier a built file loads: static, side-effect and dynamic imports. */
const specifiers = (source: string) =>
  [...source.matchAll(/\b(?:from|import)\s*\(?\s*["']([^"']+)["']/g)].map((match) => match[1]!);

describe('the published package', () => {
  it('is publishable', () => {
    expect(pkg.private).to.equal(undefined);
  });

  it('ships no sources, tests, examples or scripts', () => {
    const stray = [...files].filter((path) =>
      /^(src|test|examples|scripts|bench|demo|docs)\//.test(path),
    );
    expect(stray).to.deep.equal([]);
  });

  it('ships the file and the type declarations behind every export', () => {
    const missing: string[] = [];
    for (const [entry, target] of Object.entries(pkg.exports)) {
      const targets = typeof target === 'string' ? [target] : [target.import!, target.types!];
      for (const path of targets) if (!path || !shipped(path)) missing.push(`${entry} → ${path}`);
      if (typeof target !== 'string' && !target.types?.endsWith('.d.ts'))
        missing.push(`${entry} has no types`);
    }
    expect(missing).to.deep.equal([]);
  });

  it('gives every element its own entry, named for its tag, and <ca-preview> alone pulls in no CodeMirror', () => {
    const elements = Object.keys(pkg.exports).filter((entry) => entry.startsWith('./elements/'));
    const tags = elementEntries().map(({ tag }) => `./elements/${tag}`);
    expect(elements.sort()).to.deep.equal(tags.sort());
    const reached = new Set<string>();
    const visit = (path: string) => {
      if (reached.has(path)) return;
      reached.add(path);
      for (const specifier of specifiers(readFileSync(path, 'utf8'))) {
        if (specifier.startsWith('.')) visit(join(dirname(path), specifier));
        else reached.add(specifier);
      }
    };
    visit('dist/elements/ca-preview.js');
    expect(reached).to.include('lit');
    const codemirror = [...reached].filter((path) => /codemirror|code-editor/.test(path));
    expect(codemirror).to.deep.equal([]);
  });

  it('has a self-contained browser runtime with no bare specifiers', () => {
    const source = readFileSync('dist/browser/runtime.js', 'utf8');
    const loaded = specifiers(source);
    expect(loaded.filter((specifier) => !specifier.startsWith('.'))).to.deep.equal([]);
    // The one file beside it, which minified code imports with backticks: the collaboration
    // session, with Yjs, for pages that join a room; self-contained too.
    const beside = [...source.matchAll(/\bimport\(`([^`]+)`\)/g)].map((match) => match[1]!);
    expect(beside).to.deep.equal(['./collab-session.js']);
    const session = readFileSync('dist/browser/collab-session.js', 'utf8');
    expect(specifiers(session)).to.deep.equal([]);
    expect(session).not.to.match(/\bimport\(`/);
  });
});
