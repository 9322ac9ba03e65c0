import { expect } from 'chai';
import { describe, it } from '../../support/spec.js';
import { compileDocument, renderPreviewHtml } from '../../../src/bridge/sandbox/compile.js';
import { compilePreviewDocument } from '../../../src/bridge/sandbox/compile-preview.js';
import { compileSnapshot, snapshotInputs } from '../../../src/bridge/sandbox/compile-snapshot.js';
import { needsModuleGraph } from '../../../src/bridge/sandbox/load-module-compilers.js';
import { PREVIEW_DIAGNOSTIC_CODES } from '../../../src/runtime/preview/errors.js';
import type { WorkspaceFile } from '../../../src/runtime/workspace/types.js';
import { text } from './fixtures.js';
import { hostileDocument } from './hostile-documents.js';

const page = (html: string, more: Record<string, string> = {}): WorkspaceFile[] =>
  Object.entries({ 'index.html': html, ...more }).map(([path, source]) => text(path, source));

const CLASSIC = page(
  '<!doctype html><link rel="stylesheet" href="style.css"><h1>Hi</h1><script src="app.js"></script>',
  { 'style.css': 'h1 { color: red; }', 'app.js': 'document.title = "classic";' },
);

const MODULES = page(
  [
    '<!doctype html><script type="importmap">{"imports":{}}</script>',
    '<link rel="modulepreload" href="main.js">',
    '<script type="module" src="main.js"></script>',
    '<script type="module">import { answer } from "./lib.js"; console.log(answer);</script>',
  ].join(''),
  { 'main.js': 'import "./lib.js";', 'lib.js': 'export const answer = 42;' },
);

/** Module scripts a quick look at the text could miss: the compiler reads each as one. */
const DISGUISED = [
  '<script TYPE=" Module ">import "./lib.js";</script>',
  '<script type="&#109;odule" src="lib.js"></script>',
  '<script type="&#x4D;ODULE">1;</script>',
  "<script defer type='module' src='https://example.test/x.js'></script>",
  '<div><script\ntype=module\n>2;</script></div>',
];

const URLS = {
  http: 'http://127.0.0.1:9/',
  stun: 'stun:127.0.0.1:9',
  turn: 'turn:127.0.0.1:9',
  named: (label: string) => `https://${label}.leak.test/`,
};

/** The document without the module graph, where `needsModuleGraph` says none is needed. */
const withoutGraph = (files: readonly WorkspaceFile[]) =>
  compileDocument(files, new Map(), {}, undefined, {});

describe('the preview compiler with its module graph loaded on first need', () => {
  it('says a page needs the module graph whenever it has a module script, however written', () => {
    expect(needsModuleGraph(CLASSIC)).to.equal(false);
    expect(needsModuleGraph(MODULES)).to.equal(true);
    for (const html of DISGUISED) expect(needsModuleGraph(page(html)), html).to.equal(true);
    // In a comment, or as a classic script's text, a module script is no script.
    expect(needsModuleGraph(page('<!-- <script type="module"></script> -->'))).to.equal(false);
    expect(needsModuleGraph(page('<script>"<script type=module>"</script>'))).to.equal(false);
  });

  it('compiles a page that needs no module graph without it to the same document', () => {
    const documents = Array.from({ length: 400 }, (_, index) => hostileDocument(7, index, URLS));
    const classic = documents.filter((html) => !needsModuleGraph(page(html)));
    expect(classic.length).to.be.above(100);
    expect(documents.length - classic.length).to.be.above(20);
    expect(withoutGraph(CLASSIC)).to.deep.equal(compilePreviewDocument(CLASSIC));
    for (const html of classic) {
      expect(withoutGraph(page(html)), html).to.deep.equal(compilePreviewDocument(page(html)));
    }
  });

  it('waits for the module graph on the first module page only, and compiles it as the public compiler does', async () => {
    expect(snapshotInputs(CLASSIC)).to.deep.equal({
      assetUrls: new Map(),
      compilers: { moduleGraph: undefined, transpile: undefined, resolvePackage: undefined },
    });
    const first = snapshotInputs(MODULES);
    expect(first).to.be.instanceOf(Promise);
    const inputs = await first;
    expect(inputs.compilers.moduleGraph).to.be.a('function');
    // Loaded: the next module page compiles in the task that asks.
    const next = page('<script type="module">export {};</script>');
    expect(snapshotInputs(next)).not.to.be.instanceOf(Promise);
    const { document } = compileSnapshot(MODULES, 1, inputs, undefined);
    expect(document).to.deep.equal(compilePreviewDocument(MODULES));
    expect(Object.keys(document.modules)).to.have.length(3);
    expect(document.diagnostics).to.deep.equal([]);
  });

  it('reports a module script met without the module graph as an error, and leaves it out', () => {
    const document = withoutGraph(MODULES);
    expect(document.diagnostics).to.deep.equal(
      ['main.js', 'inline'].map(() => ({
        level: 'error',
        code: PREVIEW_DIAGNOSTIC_CODES.MODULE_NOT_FOUND,
        message: 'The module compiler did not load: this module script does not run.',
        path: 'index.html',
      })),
    );
    expect(document.modules).to.deep.equal({});
    expect(renderPreviewHtml(document)).not.to.match(/type="module"/);
  });
});
