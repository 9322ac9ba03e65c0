/**
 * Bare specifiers resolved from vendored packages: Node's `exports` rules, and lit with its
 * dependencies copied from node_modules into web_modules as a site would vendor them.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { expect } from 'chai';
import { compilePreviewDocument } from '../../../src/bridge/sandbox/compile-preview.js';
import { resolveExports } from '../../../src/bridge/sandbox/package-exports.js';
import { resolvePackage } from '../../../src/bridge/sandbox/resolve-package.js';
import { text } from './fixtures.js';

describe('package exports', () => {
  const exports = {
    '.': [
      { worker: './worker.js' },
      { browser: { import: './browser.mjs' }, default: './main.js' },
    ],
    './utils/*': { import: './esm/utils/*.js', default: null },
    './utils/private/*': null,
    './utils/deep/*.css': './css/*.css',
    './package.json': './package.json',
  };

  it('follows conditions in the order the package lists them, arrays as fallbacks', () => {
    expect(resolveExports(exports, '.')).to.equal('./browser.mjs');
    expect(resolveExports({ import: './a.js', browser: './b.js' }, '.')).to.equal('./a.js');
    expect(resolveExports('./index.js', '.')).to.equal('./index.js');
    expect(resolveExports({ node: './n.js', require: './r.cjs' }, '.')).to.equal(null);
  });

  it('maps subpath patterns, the longest prefix first, and keeps null subpaths private', () => {
    expect(resolveExports(exports, './utils/a/b')).to.equal('./esm/utils/a/b.js');
    expect(resolveExports(exports, './utils/deep/x.css')).to.equal('./css/x.css');
    expect(resolveExports(exports, './utils/private/x')).to.equal(null);
    expect(resolveExports(exports, './package.json')).to.equal('./package.json');
    expect(resolveExports(exports, './other.js')).to.equal(null);
  });

  it('refuses a target that leaves the package', () => {
    expect(resolveExports({ '.': '../outside.js' }, '.')).to.equal(null);
    expect(resolveExports({ './*': './lib/*' }, './../../x.js')).to.equal(null);
  });
});

/** Every .js and package.json file of an installed package, under web_modules/<name>/. */
function vendor(name: string): Record<string, string> {
  const root = join('node_modules', name);
  const files: Record<string, string> = {};
  const walk = (folder: string) => {
    for (const entry of readdirSync(folder)) {
      const path = join(folder, entry);
      if (statSync(path).isDirectory()) walk(path);
      else if (/\.js$|^package\.json$/.test(entry))
        files[`web_modules/${name}/${path.slice(root.length + 1)}`] = readFileSync(path, 'utf8');
    }
  };
  walk(root);
  return files;
}

describe('vendored packages', () => {
  const lit = {
    ...vendor('lit'),
    ...vendor('lit-html'),
    ...vendor('lit-element'),
    ...vendor('@lit/reactive-element'),
  };
  const read = (path: string) => lit[path];

  it('resolves lit and its subpaths by their exports', () => {
    expect(resolvePackage('lit', 'src/app.ts', read)).to.deep.equal({
      path: 'web_modules/lit/index.js',
    });
    expect(resolvePackage('lit/decorators.js', 'src/app.ts', read)).to.deep.equal({
      path: 'web_modules/lit/decorators.js',
    });
    expect(resolvePackage('lit-html/is-server.js', 'web_modules/lit/index.js', read)).to.deep.equal(
      { path: 'web_modules/lit-html/is-server.js' },
    );
    expect(resolvePackage('lit/nope.js', 'a.js', read)).to.have.property('reason');
  });

  it("takes a package's index.js when it names no exports, module or main, and main without its extension", () => {
    const files: Record<string, string> = {
      'web_modules/plain/package.json': '{ "name": "plain" }',
      'web_modules/plain/index.js': 'export default 1;',
      'web_modules/short/package.json': '{ "name": "short", "main": "lib/entry" }',
      'web_modules/short/lib/entry.js': 'export default 2;',
    };
    const readFile = (path: string) => files[path];
    expect(resolvePackage('plain', 'app.js', readFile)).to.deep.equal({
      path: 'web_modules/plain/index.js',
    });
    expect(resolvePackage('short', 'app.js', readFile)).to.deep.equal({
      path: 'web_modules/short/lib/entry.js',
    });
  });

  it('compiles a page importing lit with every module of the graph found', async () => {
    const { readyModuleCompilers, loadModuleCompilers } =
      await import('../../../src/bridge/sandbox/load-module-compilers.js');
    const files = Object.entries({
      ...lit,
      'index.html': '<script type="module" src="app.ts"></script>',
      'app.ts': [
        "import { LitElement, html } from 'lit';",
        "import { customElement } from 'lit/decorators.js';",
        "customElement('x-a')(class extends LitElement { render() { return html`<p>a</p>`; } });",
      ].join('\n'),
    }).map(([path, source]) => text(path, source));
    expect(readyModuleCompilers(files)).to.equal(undefined);
    const compilers = await loadModuleCompilers(files);
    const document = compilePreviewDocument(files, new Map(), {}, undefined, compilers);
    expect(document.diagnostics).to.deep.equal([]);
    expect(Object.keys(document.modules)).to.include.members([
      '@context-action/workspace/app.ts',
      '@context-action/workspace/web_modules/lit/index.js',
      '@context-action/workspace/web_modules/@lit/reactive-element/reactive-element.js',
    ]);
  });
});
