import { expect } from 'chai';
import { describe, it } from '../../support/spec.js';
import { readAssetUrls } from '../../../src/bridge/sandbox/asset-urls.js';
import { renderPreviewHtml } from '../../../src/bridge/sandbox/compile.js';
import { compilePreviewDocument } from '../../../src/bridge/sandbox/compile-preview.js';
import { WORKSPACE_MODULE_PREFIX } from '../../../src/bridge/sandbox/compile-modules.js';
import { PREVIEW_DIAGNOSTIC_CODES as CODES } from '../../../src/runtime/preview/errors.js';
import type { WorkspaceFile } from '../../../src/runtime/workspace/types.js';
import { PIXEL_PNG, text } from './fixtures.js';

const files = (map: Record<string, string>): WorkspaceFile[] =>
  Object.entries(map).map(([path, source]) => text(path, source));
const codes = (document: { diagnostics: readonly { code: string }[] }) =>
  document.diagnostics.map((diagnostic) => diagnostic.code);

describe('preview entry (P1)', () => {
  it('prefers index.html at the root', () => {
    const document = compilePreviewDocument(
      files({ 'a.html': '<p>a</p>', 'src/index.html': '<p>s</p>', 'index.html': '<p>i</p>' }),
    );
    expect(document.entryPath).to.equal('index.html');
  });

  it('falls back to the shallowest index.html, then the first .html file', () => {
    expect(
      compilePreviewDocument(files({ 'b.html': '', 'src/index.html': '' })).entryPath,
    ).to.equal('src/index.html');
    expect(compilePreviewDocument(files({ 'b.html': '', 'a.html': '' })).entryPath).to.equal(
      'a.html',
    );
  });

  it('shows a diagnostic card when the workspace has no HTML', () => {
    const document = compilePreviewDocument(files({ 'styles.css': 'p{}' }));
    expect(document.entryPath).to.equal(null);
    expect(codes(document)).to.deep.equal([CODES.NO_HTML_ENTRY]);
    expect(renderPreviewHtml(document)).to.contain('index.html');
  });
});

describe('stylesheets and scripts (P2)', () => {
  it('inlines linked CSS and classic scripts', () => {
    const document = compilePreviewDocument(
      files({
        'index.html': '<link rel="stylesheet" href="styles.css"><script src="app.js"></script>',
        'styles.css': ':root { --accent: #2563eb; }',
        'app.js': 'window.answer = "</script>";',
      }),
    );
    const html = renderPreviewHtml(document);
    expect(document.sheets).to.deep.equal([':root { --accent: #2563eb; }']);
    expect(html).to.contain('<style data-ca-sheet="0">:root { --accent: #2563eb; }</style>');
    // A data: URL naming the file and first line, so every engine reports its errors' place.
    expect(html).to.contain(
      '<script src="data:text/javascript;file=app.js;line=1,window.answer%20%3D%20%22%3C%2Fscript%3E%22%3B" crossorigin></script>',
    );
    expect(document.diagnostics).to.deep.equal([]);
  });

  it('inlines @import chains recursively, keeping media conditions', () => {
    const document = compilePreviewDocument(
      files({
        'index.html': '<link rel="stylesheet" href="css/main.css">',
        'css/main.css': '@import url("parts/a.css") screen and (min-width: 40em);\nmain{color:red}',
        'css/parts/a.css': '@import "b.css";\n.a{color:blue}',
        'css/parts/b.css': '.b{color:green}',
      }),
    );
    const [sheet] = document.sheets;
    expect(sheet).to.match(
      /@media screen and \(min-width: 40em\) \{\s*\.b\{color:green\}\s*\.a\{color:blue\}\s*\}/,
    );
    expect(sheet).to.contain('main{color:red}');
    expect(document.diagnostics).to.deep.equal([]);
  });

  it('cuts @import cycles with a diagnostic', () => {
    const document = compilePreviewDocument(
      files({
        'index.html': '<link rel="stylesheet" href="a.css">',
        'a.css': '@import "b.css"; .a{}',
        'b.css': '@import "a.css"; .b{}',
      }),
    );
    expect(codes(document)).to.deep.equal([CODES.CSS_IMPORT_CYCLE]);
    expect(document.sheets[0]).to.contain('.b{}').and.to.contain('.a{}');
  });

  it('cuts excess @import depth with a diagnostic', () => {
    const chain: Record<string, string> = { 'index.html': '<link rel="stylesheet" href="s0.css">' };
    for (let i = 0; i < 5; i += 1) chain[`s${i}.css`] = `@import "s${i + 1}.css"; .s${i}{}`;
    chain['s5.css'] = '.s5{}';
    const document = compilePreviewDocument(files(chain), new Map(), { maxCssImportDepth: 3 });
    expect(codes(document)).to.deep.equal([CODES.CSS_IMPORT_LIMIT]);
    expect(document.sheets[0]).to.contain('.s3{}').and.not.to.contain('.s4{}');
  });

  it("resolves each sheet's url() against its own path", async () => {
    const workspace: WorkspaceFile[] = [
      ...files({
        'index.html': '<link rel="stylesheet" href="css/main.css">',
        'css/main.css': '@import "../theme/t.css"; body { background: url(img/bg.png); }',
        'theme/t.css': 'h1 { background: url("../css/img/bg.png"); }',
      }),
      { path: 'css/img/bg.png', kind: 'asset', blob: new Blob([PIXEL_PNG]), mimeType: 'image/png' },
    ];
    const document = compilePreviewDocument(workspace, await readAssetUrls(workspace));
    expect(document.sheets[0]!.match(/url\("data:image\/png;base64,/g)).to.have.length(2);
    expect(document.diagnostics).to.deep.equal([]);
  });

  it('resolves URL-encoded asset names with spaces', async () => {
    const workspace: WorkspaceFile[] = [
      ...files({ 'index.html': '<img src="my%20images/a%20b.png" alt="">' }),
      {
        path: 'my images/a b.png',
        kind: 'asset',
        blob: new Blob([PIXEL_PNG]),
        mimeType: 'image/png',
      },
    ];
    const html = renderPreviewHtml(
      compilePreviewDocument(workspace, await readAssetUrls(workspace)),
    );
    expect(html).to.match(/<img src="data:image\/png;base64,[^"]+" alt="">/);
  });
});

describe('external resources (P5)', () => {
  it('removes external stylesheets and scripts and reports them', () => {
    const document = compilePreviewDocument(
      files({
        'index.html':
          '<link rel="stylesheet" href="https://cdn.example/x.css"><script src="//cdn.example/x.js"></script><p>ok</p>',
        'a.css': '',
      }),
    );
    const html = renderPreviewHtml(document);
    expect(html).not.to.contain('cdn.example');
    expect(codes(document)).to.deep.equal([CODES.EXTERNAL_BLOCKED, CODES.EXTERNAL_BLOCKED]);
  });

  it('removes external resource hints, which Firefox fetches past the policy, and reports them', () => {
    const document = compilePreviewDocument(
      files({
        'index.html': [
          '<link rel="prefetch" href="http://127.0.0.1:9/a">',
          '<link rel="preload" as="image" href="https://cdn.example/b.png">',
          '<link rel="dns-prefetch preconnect" href="//cdn.example">',
          '<link rel="prerender" href="https://cdn.example/c">',
          '<link rel="icon" href="https://cdn.example/favicon.ico"><p>ok</p>',
        ].join(''),
      }),
    );
    const html = renderPreviewHtml(document);
    expect(html).not.to.contain('127.0.0.1:9');
    expect(html.match(/cdn\.example/g)).to.have.length(1);
    // The icon stays (the policy holds it everywhere) and is reported as before.
    expect(codes(document)).to.deep.equal(Array(5).fill(CODES.EXTERNAL_BLOCKED));
  });

  it('reports missing local references', () => {
    const document = compilePreviewDocument(
      files({
        'index.html': '<link rel="stylesheet" href="nope.css"><script src="nope.js"></script>',
      }),
    );
    expect(codes(document)).to.deep.equal([CODES.MISSING_REFERENCE, CODES.MISSING_REFERENCE]);
  });
});

describe('module graph (P3)', () => {
  const spec = (path: string) => WORKSPACE_MODULE_PREFIX + path;

  it('rewrites import, export-from and dynamic import() to workspace specifiers', () => {
    const document = compilePreviewDocument(
      files({
        'index.html': '<script type="module" src="src/main.js"></script>',
        'src/main.js':
          "import { a } from './a.js';\nexport * from '../lib/b.js';\nimport('./lazy.js');",
        'src/a.js': "import { main } from './main.js'; export const a = 1;",
        'lib/b.js': 'export const b = 2;',
        'src/lazy.js': 'export default 3;',
      }),
    );
    expect(Object.keys(document.modules).sort()).to.deep.equal(
      ['lib/b.js', 'src/a.js', 'src/lazy.js', 'src/main.js'].map(spec),
    );
    const main = document.modules[spec('src/main.js')]![1];
    expect(main).to.contain(`from '${spec('src/a.js')}'`);
    expect(main).to.contain(`from '${spec('lib/b.js')}'`);
    expect(main).to.contain(`import('${spec('src/lazy.js')}')`);
    expect(renderPreviewHtml(document)).to.contain(`import "${spec('src/main.js')}";`);
    expect(document.diagnostics).to.deep.equal([]);
  });

  it('rewrites imports in code only: not in strings, templates, regular expressions or comments', () => {
    const main = [
      `const s = "import x from './string.js'";`,
      "const t = `export * from './template.js'`;",
      "const r = /import('.\\/regex.js')/;",
      "// import { c } from './comment.js';",
      "/* export { d } from './block.js'; */",
      'const half = 4 / 2; const n = { import: 1 }.import;',
      "const later = `${await import('./nested.js')}`;",
      "import { a } from './a.js';",
    ].join('\n');
    const document = compilePreviewDocument(
      files({
        'index.html': '<script type="module" src="main.js"></script>',
        'main.js': main,
        'a.js': 'export const a = 1;',
        'nested.js': 'export default 2;',
      }),
    );
    expect(Object.keys(document.modules).sort()).to.deep.equal(
      ['a.js', 'main.js', 'nested.js'].map(spec),
    );
    const rewritten = document.modules[spec('main.js')]![1];
    for (const line of main.split('\n').slice(0, 6)) expect(rewritten).to.contain(line);
    expect(rewritten).to.contain(`import('${spec('nested.js')}')`);
    expect(rewritten).to.contain(`from '${spec('a.js')}'`);
    expect(document.diagnostics).to.deep.equal([]);
  });

  it('turns missing and external imports into bounded error modules', () => {
    const document = compilePreviewDocument(
      files({
        'index.html':
          "<script type=\"module\">import './gone.js'; import 'https://cdn.example/m.js';</script>",
      }),
    );
    expect(codes(document)).to.deep.equal([CODES.MODULE_NOT_FOUND, CODES.MODULE_EXTERNAL]);
    const sources = Object.values(document.modules).map(([, source]) => source);
    expect(sources[0]).to.match(/^throw new Error\(".*Module not found: \.\/gone\.js/);
    expect(sources[1]).to.contain('External import blocked');
  });

  it('turns a bare specifier without vendored packages into a module that says how to vendor it', () => {
    const document = compilePreviewDocument(
      files({ 'index.html': '<script type="module">import { html } from "lit";</script>' }),
    );
    expect(codes(document)).to.deep.equal([CODES.MODULE_BARE_SPECIFIER]);
    expect(document.diagnostics[0]!.message).to.contain(
      'Vendor its ES module build as web_modules/lit/ with its package.json',
    );
    const [thrower, inline] = Object.values(document.modules);
    expect(thrower![1]).to.match(/^throw new Error\(".*Package \\"lit\\" not found/);
    expect(inline![1]).not.to.contain('from "lit"');
  });

  it('reports imports cut by the graph limit', () => {
    const workspace: Record<string, string> = {
      'index.html': '<script type="module" src="m0.js"></script>',
    };
    for (let i = 0; i < 6; i += 1) workspace[`m${i}.js`] = `import './m${i + 1}.js';`;
    workspace['m6.js'] = '';
    const document = compilePreviewDocument(files(workspace), new Map(), { maxModules: 4 });
    expect(codes(document)).to.deep.equal([CODES.MODULE_LIMIT]);
    expect(
      Object.keys(document.modules).filter((key) => key.startsWith(WORKSPACE_MODULE_PREFIX)),
    ).to.have.length(4);
  });

  it('is a pure function: the same files give the same document', () => {
    const workspace = files({
      'index.html':
        '<link rel="stylesheet" href="s.css"><script type="module" src="a.js"></script>',
      's.css': 'p{}',
      'a.js': "import './a.js';",
    });
    expect(compilePreviewDocument(workspace)).to.deep.equal(compilePreviewDocument(workspace));
  });
});
