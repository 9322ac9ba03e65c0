/**
 * TypeScript, JSX and vendored packages through the real frame, loaded natively and flattened:
 * modules are transpiled, bare specifiers resolve from `web_modules` by `exports` conditions,
 * and a syntax error or a thrown error names the original file and line.
 */
import { expect } from '@open-wc/testing';
import { loadFlattener } from '../../../src/bridge/sandbox/load-flattener.js';
import { FLAT_PLACES_IN_WEBKIT, itIn } from '../../support/engines.js';
import { mountPreview, type Mounted } from './harness.js';
import { LOADED_PROBE, TINY_JSX, TSX_APP } from './typescript-fixtures.js';

let mounted: Mounted | undefined;
before(() => loadFlattener());
afterEach(() => {
  mounted?.dispose();
  mounted = undefined;
});

const MODES = [
  { name: 'native', flattenFrom: 10_000 },
  { name: 'flattened', flattenFrom: 1 },
] as const;

for (const mode of MODES) {
  const located =
    mode.name === 'native' ? it : itIn(['chromium', 'firefox'], FLAT_PLACES_IN_WEBKIT);
  describe(`TypeScript and JSX modules, ${mode.name}`, () => {
    const mount = (files: Record<string, string>) =>
      mountPreview(files, { limits: { flattenFrom: mode.flattenFrom } });

    it('renders a TSX app with a vendored JSX runtime and acknowledges it', async () => {
      mounted = mount(TSX_APP);
      expect(await mounted.consoleLine(/^rendered/)).to.equal(
        'rendered <h1 class="title">Shop</h1><ul><li>a</li><li>b</li></ul> [5] a+b',
      );
      const outcome = await mounted.settle();
      expect(outcome.ok, JSON.stringify(outcome)).to.equal(true);
      expect(mounted.controller.getStatus().diagnostics).to.deep.equal([]);
    });

    it('compiles JSX with a classic pragma and a TS module imported from an inline script', async () => {
      mounted = mount({
        'index.html': `${LOADED_PROBE}<script type="module">import { show } from './show.ts';\nshow();</script>`,
        'show.ts':
          "import { view } from './view.jsx';\nexport const show = (): void => console.log('view', view().outerHTML);",
        'view.jsx': [
          '/** @jsx h */',
          "const h = (type, props, ...children) => Object.assign(document.createElement(type), props, { textContent: children.join('') });",
          'export const view = () => <b title="t">bold</b>;',
        ].join('\n'),
      });
      expect(await mounted.consoleLine(/^view/)).to.equal('view <b title="t">bold</b>');
      expect((await mounted.settle()).ok).to.equal(true);
    });

    located('names the original line of an error thrown after types and JSX', async () => {
      mounted = mount({
        ...TSX_APP,
        'src/App.tsx': TSX_APP['src/App.tsx']!.replace(
          '  return (',
          '  if (items.length > 0) throw new Error(`too many: ${items.length as number}`);\n  return (',
        ),
      });
      const outcome = await mounted.settle();
      expect(!outcome.ok && outcome.error.message).to.match(
        /Error: too many: 2 \(src\/App\.tsx:8:\d+\)$/,
      );
    });

    located('names the original column of an error thrown after types on its line', async () => {
      const line =
        '  const count: number = items.length as number; if (count > 0) throw new Error(`too many: ${count}`);';
      mounted = mount({
        ...TSX_APP,
        'src/App.tsx': TSX_APP['src/App.tsx']!.replace('  return (', `${line}\n  return (`),
      });
      const outcome = await mounted.settle();
      const place = !outcome.ok && /\(src\/App\.tsx:(\d+):(\d+)\)$/.exec(outcome.error.message);
      expect(place, JSON.stringify(outcome)).to.not.equal(false);
      const [, row, column] = place as RegExpExecArray;
      expect(Number(row)).to.equal(8);
      // Engines name the throw, the construction (V8, Gecko) or the construction's closing
      // parenthesis (JavaScriptCore): each where the source has it, 18 columns right of where
      // the compiled line, without its two annotations, has it.
      expect([
        line.indexOf('throw') + 1,
        line.indexOf('new Error') + 1,
        line.lastIndexOf(')') + 1,
      ]).to.include(Number(column));
    });

    located('reports a syntax error with its file, line and column', async () => {
      mounted = mount({
        ...TSX_APP,
        'src/items.ts':
          'export const total = (items: readonly number[]) =>\n  items.reduce((a, b) => a + b, 0);\nexport const x: = 1;',
      });
      const outcome = await mounted.settle();
      expect(!outcome.ok && outcome.error.message).to.match(/SyntaxError: .*\(src\/items\.ts:3\)$/);
      const syntax = mounted.controller
        .getStatus()
        .diagnostics.find((diagnostic) => diagnostic.code === 'PREVIEW_MODULE_SYNTAX');
      expect(syntax).to.include({ path: 'src/items.ts', line: 3, level: 'error' });
      expect(syntax?.column).to.be.within(15, 17);
    });
  });
}

describe('vendored packages', () => {
  it('says how to vendor a package that does not resolve, and what it found instead', async () => {
    mounted = mountPreview({
      ...TINY_JSX,
      'index.html': '<script type="module" src="main.js"></script>',
      'main.js': [
        "import 'left-pad';",
        "import 'tiny-jsx/private/x.js';",
        "import 'tiny-jsx/missing';",
      ].join('\n'),
    });
    const outcome = await mounted.settle();
    expect(outcome.ok).to.equal(false);
    const messages = mounted.controller
      .getStatus()
      .diagnostics.map((diagnostic) => [diagnostic.code, diagnostic.message]);
    expect(messages).to.have.length(3);
    for (const [code, message] of messages) {
      expect(code).to.equal('PREVIEW_MODULE_BARE_SPECIFIER');
      expect(message).to.match(/Vendor its ES module build as web_modules\/(left-pad|tiny-jsx)\//);
    }
    expect(messages[0]![1]).to.contain('no web_modules/left-pad/package.json');
    expect(messages[1]![1]).to.contain('does not export "./private/x.js"');
    expect(messages[2]![1]).to.contain('does not export "./missing"');
  });
});
