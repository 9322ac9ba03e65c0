import { expect } from 'chai';
import { parser } from '@lezer/javascript';
import { describe, it } from '../../support/spec.js';
import { renderPreviewHtml } from '../../../src/bridge/sandbox/compile.js';
import { compilePreviewDocument } from '../../../src/bridge/sandbox/compile-preview.js';
import { flattenWithParser } from '../../../src/bridge/sandbox/module-flattener.js';
import { readModule } from '../../../src/bridge/sandbox/module-syntax.js';
import type { WorkspaceFile } from '../../../src/runtime/workspace/types.js';
import { text } from './fixtures.js';

const compile = (map: Record<string, string>) =>
  compilePreviewDocument(
    Object.entries(map).map(([path, source]): WorkspaceFile => text(path, source)),
    new Map(),
    { flattenFrom: 1 },
    flattenWithParser,
  );
const page = '<script type="module" src="main.js"></script>';

describe('module graph flattening (P3)', () => {
  it('flattens an acyclic graph into scripts that the page module script runs', () => {
    const document = compile({
      'index.html': page,
      'main.js': "import { a } from './a.js';\n\nconsole.log(a);",
      'a.js': 'export const a = 1;',
    });
    expect(document.flat).not.to.equal(null);
    expect(document.modules).to.deep.equal({});
    expect(renderPreviewHtml(document)).to.equal(
      '<script type="module">__ca$modules.run("@context-action/workspace/main.js");</script>',
    );
    // Each script's table puts each of its modules' first line where it starts in the script.
    const placed = document.flat!.flatMap(({ script, lines }) =>
      lines.map(([line, path]) => {
        const text = script.split('\n');
        expect(text[line - 1]).to.contain(`"https://workspace.invalid/${path}"`);
        return [path, text[line + 1]];
      }),
    );
    expect(placed).to.deep.include(['main.js', 'console.log(__ca$d[0].a);']);
    expect(placed).to.have.length(2);
  });

  it('changes only the scripts of the modules that changed, so the frame reuses the rest', () => {
    const files: Record<string, string> = { 'index.html': page };
    files['main.js'] = Array.from({ length: 40 }, (_, i) => `import './m${i}.js';`).join('\n');
    for (let i = 0; i < 40; i += 1) files[`m${i}.js`] = `export const v = ${i};`;
    const scripts = (map: Record<string, string>) =>
      new Map(compile(map).flat!.map(({ name, script }) => [name, script]));
    const changed = (map: Record<string, string>) => {
      const after = scripts(map);
      const names = new Set([...before.keys(), ...after.keys()]);
      return [...names].filter((name) => before.get(name) !== after.get(name));
    };
    const before = scripts(files);
    expect(before.size).to.be.greaterThan(8);
    const holding = (path: string) =>
      [...before].find(([, script]) =>
        script.includes(`\n["@context-action/workspace/${path}",`),
      )![0];

    expect(changed({ ...files, 'm7.js': 'export const v = 70;' })).to.deep.equal([
      holding('m7.js'),
    ]);
    // A module added, or one removed, leaves every script holding neither it nor main.js as it was.
    const added = changed({
      ...files,
      'main.js': `${files['main.js']}\nimport './new.js';`,
      'new.js': '',
    });
    expect(added).to.include(holding('main.js'));
    expect(added.length).to.be.at.most(2);
    const { 'm3.js': _removed, ...rest } = files;
    const removed = changed({
      ...rest,
      'main.js': files['main.js']!.replace("import './m3.js';", ''),
    });
    expect(removed).to.have.members([...new Set([holding('main.js'), holding('m3.js')])]);
    // A rename is a removal and an addition: no script keeps the old name.
    const { 'm5.js': moved, ...others } = files;
    const renamed = {
      ...others,
      'n5.js': moved!,
      'main.js': files['main.js']!.replace("'./m5.js'", "'./n5.js'"),
    };
    const after = scripts(renamed);
    const holder = [...after].find(([, script]) =>
      script.includes('\n["@context-action/workspace/n5.js",'),
    )![0];
    expect(changed(renamed)).to.have.members([
      ...new Set([holding('main.js'), holding('m5.js'), holder]),
    ]);
    expect([...after.values()].join('\n')).not.to.contain('m5.js');
    expect(after.get(holder)).to.contain('"https://workspace.invalid/n5.js"');
  });

  it('awaits an entry whose graph awaits at its top level', () => {
    const document = compile({
      'index.html': page,
      'main.js': "import './a.js';",
      'a.js': 'await null;',
    });
    expect(renderPreviewHtml(document)).to.contain(
      '>await __ca$modules.run("@context-action/workspace/main.js");</script>',
    );
  });

  it('runs each entry where its module script is, and leaves look-alike text alone', () => {
    const decoy = '<script type="text/plain">import "@context-action/workspace/main.js";</script>';
    const document = compile({
      'index.html': [
        decoy,
        '<link rel="stylesheet" href="a.css">',
        '<script type="module" src="main.js" data-n="1"></script>',
        '<script type="module">\nimport "./main.js";\n</script>',
        decoy,
      ].join('\n'),
      'a.css': 'p{}',
      'main.js': 'console.log(1);',
    });
    const inline = Object.keys(document.origins).find((key) => key.includes('inline'))!;
    expect(document.parts).to.deep.equal([
      `${decoy}\n<style data-ca-sheet="0">`,
      [
        '</style>',
        '<script type="module" data-n="1">__ca$modules.run("@context-action/workspace/main.js");</script>',
        `<script type="module">__ca$modules.run(${JSON.stringify(inline)});</script>`,
        decoy,
      ].join('\n'),
    ]);
  });

  const nativeCases: Record<string, Record<string, string>> = {
    'a cycle': { 'main.js': "import './a.js';", 'a.js': "import './main.js';" },
    'a JSON module': {
      'main.js': "import d from './d.json' with { type: 'json' };",
      'd.json': '{}',
    },
    'a missing export': { 'main.js': "import { b } from './a.js';", 'a.js': 'export const a = 1;' },
    'a syntax error': { 'main.js': 'export const = 1;' },
    'an import declared again': {
      'main.js': "import { a } from './a.js';\nvar a;",
      'a.js': 'export const a = 1;',
    },
    'an assignment to an import': {
      'main.js': "import { a } from './a.js';\na++;",
      'a.js': 'export let a = 1;',
    },
    'our reserved names': { 'main.js': 'const __ca$d = 1;' },
    'a top-level return': { 'main.js': 'return;' },
    'a top-level arguments': { 'main.js': 'console.log(arguments);' },
    'an HTML-like comment': { 'main.js': 'let x = 1;\nx <!--x;' },
    'a nesting too deep for the parser': {
      'main.js': `import { a } from './a.js';\nx = ${'['.repeat(30_000)}a${']'.repeat(30_000)};`,
      'a.js': 'export const a = 1;',
    },
    // @lezer/javascript 1.5 reads `export default class {}` as a syntax error.
    'an anonymous default class': { 'main.js': 'export default class {}' },
    'an export * clash': {
      'main.js': "export * from './a.js';\nexport * from './b.js';",
      'a.js': 'export const n = 1;',
      'b.js': 'export const n = 2;',
    },
  };
  for (const [name, files] of Object.entries(nativeCases)) {
    it(`loads natively with ${name}`, () => {
      const document = compile({ 'index.html': page, ...files });
      expect(document.flat).to.equal(null);
      expect(Object.keys(document.modules)).to.include('@context-action/workspace/main.js');
    });
  }

  it('below flattenFrom modules, or without the flattener, loads natively', () => {
    const files = [text('index.html', page), text('main.js', '')];
    expect(
      compilePreviewDocument(files, new Map(), { flattenFrom: 2 }, flattenWithParser).flat,
    ).to.equal(null);
    expect(compilePreviewDocument(files, new Map(), { flattenFrom: 1 }).flat).to.equal(null);
  });
});

describe('module syntax', () => {
  it('does not parse a module nested deeper than any people write: it loads natively', () => {
    let parses = 0;
    const counting = Object.create(parser, {
      parse: { value: (source: string) => ((parses += 1), parser.parse(source)) },
    }) as typeof parser;
    const nested = (depth: number) => `x = ${'['.repeat(depth)}1${']'.repeat(depth)};`;
    expect(readModule(nested(400), counting)).to.not.equal(null);
    expect(parses).to.equal(1);
    expect(readModule(nested(30_000), counting)).to.equal(null);
    expect(parses, 'the deep module never reaches the parser').to.equal(1);
  });

  it('rewrites import uses, not shadowing names, property keys or labels', () => {
    const shape = readModule(
      [
        "import { a, b as c } from './x.js';",
        'function f(a) { return a + c; }',
        'const o = { a, c: c, [c]: 1 };',
        'a: for (;;) break a;',
        'a.c; c`t`; new c(); { let c = 1; c; }',
      ].join('\n'),
      parser,
    )!;
    const edits = shape.edits
      .filter((edit) => 'text' in edit && edit.text !== '')
      .map((edit) => ('text' in edit ? edit.text : ''));
    // Line by line: `c` in f (its `a` is the parameter); `{ a, c: c, [c]: 1 }`; no label;
    // `a.c`, a tagged template (called without a `this`), `new c()`, not the block's own `c`.
    expect(edits).to.deep.equal([
      '__ca$d[0].b',
      'a:__ca$d[0].a',
      '__ca$d[0].b',
      '__ca$d[0].b',
      '__ca$d[0].a',
      '(0,__ca$d[0].b)',
      '__ca$d[0].b',
    ]);
  });

  it('takes the specifier after `from`, not a quoted import name', () => {
    const shape = readModule("import { 'a-b' as c } from './x.js';\nc;", parser)!;
    expect(shape.requests).to.deep.equal(['./x.js']);
    expect(shape.imports.get('c')).to.deep.equal({ request: './x.js', name: 'a-b' });
  });

  it('keeps every line where it was', () => {
    const source =
      "import {\n  a,\n} from './x.js';\nexport default\n  a;\nexport {\n  a as b,\n};\nexport * from './y.js';\nconsole.log(import.meta.url);";
    const shape = readModule(source, parser)!;
    let result = source;
    for (const edit of [...shape.edits].sort((x, y) => y.from - x.from))
      if ('text' in edit) result = result.slice(0, edit.from) + edit.text + result.slice(edit.to);
    expect(result.split('\n')).to.have.length(source.split('\n').length);
    expect(result.split('\n')[9]).to.equal('console.log(__ca$meta.url);');
  });
});
