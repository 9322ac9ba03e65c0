/**
 * Module semantics through the real frame (P3), once with the graph flattened into one script
 * and once loaded natively: both must print the same thing. Each page says which path ran, so
 * a flattening that silently fell back cannot pass as flattened.
 */
import { expect } from '@open-wc/testing';
import { loadFlattener } from '../../../src/bridge/sandbox/load-flattener.js';
import { PIXEL_PNG } from './fixtures.js';
import { FLAT_PLACES_IN_WEBKIT, itIn } from '../../support/engines.js';
import { mountPreview, type Mounted } from './harness.js';

let mounted: Mounted | undefined;
// A preview never waits for the parser: loaded first, every page below can be flattened.
before(() => loadFlattener());
afterEach(() => {
  mounted?.dispose();
  mounted = undefined;
});

/** A classic script before the module scripts: whether the loader of a flat graph is there. */
const PATH_PROBE =
  '<script>console.log("path", typeof __ca$modules === "object" ? "flat" : "native")</script>';

/** Logs once the page's module scripts have run. */
const LOADED_PROBE = '<script>addEventListener("load", () => console.log("loaded"))</script>';

const MODES = [
  { name: 'flattened', flattenFrom: 1, path: 'path flat' },
  { name: 'native', flattenFrom: 10_000, path: 'path native' },
] as const;

const LIVE = {
  'index.html': `${PATH_PROBE}<script type="module" src="src/main.js"></script>`,
  'src/counter.js':
    'export let count = 0;\nexport function inc() { count += 1; }\nexport { count as "__proto__" };',
  'src/a.js': "import { inc } from './counter.js';\nconsole.log('evaluated a');\ninc();",
  'src/b.js':
    "import { inc, count } from './counter.js';\nimport './a.js';\ninc();\nexport const seen = () => count;\nexport const show = (count) => count;",
  'src/main.js': [
    "import { count, '__proto__' as proto } from './counter.js';",
    "import * as counter from './counter.js';",
    "import { seen, show } from './b.js';",
    "import './a.js';",
    "console.log('live', count, seen(), proto, counter.count, show(7), JSON.stringify({ count }), Object.prototype.toString.call(counter));",
  ].join('\n'),
};

const DYNAMIC = {
  'index.html': `${PATH_PROBE}<script type="module" src="src/main.js"></script>`,
  'src/main.js': [
    "import * as statically from './lazy.js';",
    "const first = await import('./lazy.js');",
    "const again = await import('./lazy.js');",
    "const data = await fetch(new URL('../data/config.json', import.meta.url)).then((r) => r.json());",
    "console.log('dynamic', first === again, first === statically, first.default, import.meta.url, data.name);",
  ].join('\n'),
  'src/lazy.js':
    "await Promise.resolve();\nconsole.log('evaluated lazy');\nexport default import.meta.url;",
  'data/config.json': '{ "name": "local" }',
};

for (const mode of MODES) {
  // A flattened graph's scripts run inline: WebKit names them about:srcdoc in stacks and mutes
  // their compile errors, so there only the native graph keeps every error's file and line.
  const located =
    mode.name === 'native' ? it : itIn(['chromium', 'firefox'], FLAT_PLACES_IN_WEBKIT);
  describe(`modules, ${mode.name} (P3)`, () => {
    const mount = (files: Record<string, string>) =>
      mountPreview(files, { limits: { flattenFrom: mode.flattenFrom } });

    it('evaluates each module once and keeps bindings live', async () => {
      mounted = mount(LIVE);
      expect(await mounted.consoleLine(/^path/)).to.equal(mode.path);
      expect(await mounted.consoleLine(/^live/)).to.equal(
        'live 2 2 2 2 7 {"count":2} [object Module]',
      );
      const evaluated = mounted.controller
        .getSnapshot()
        .console.entries.filter((entry) => entry.text === 'evaluated a');
      expect(evaluated).to.have.length(1);
      expect((await mounted.settle()).ok).to.equal(true);
    });

    it('gives dynamic import() the one instance and import.meta.url the workspace URL', async () => {
      mounted = mount(DYNAMIC);
      expect(await mounted.consoleLine(/^path/)).to.equal(mode.path);
      expect(await mounted.consoleLine(/^dynamic/)).to.equal(
        'dynamic true true https://workspace.invalid/src/lazy.js https://workspace.invalid/src/main.js local',
      );
      expect(
        mounted.controller
          .getSnapshot()
          .console.entries.filter((entry) => entry.text === 'evaluated lazy'),
      ).to.have.length(1);
    });

    it('names anonymous default exports "default"', async () => {
      mounted = mount({
        'index.html': `${PATH_PROBE}<script type="module" src="main.js"></script>`,
        'main.js':
          "import f from './f.js';\nimport C from './c.js';\nimport v from './v.js';\nconsole.log('names', f.name, C.name, v)",
        'f.js': 'export default function () {}',
        'c.js': 'export default () => {}',
        'v.js': 'export default 40 + 2',
      });
      expect(await mounted.consoleLine(/^path/)).to.equal(mode.path);
      expect(await mounted.consoleLine(/^names/)).to.equal('names default default 42');
    });

    it('runs a cyclic graph (natively: a cycle is never flattened)', async () => {
      mounted = mount({
        'index.html': `${PATH_PROBE}<script type="module" src="src/main.js"></script>`,
        'src/main.js': "import { ping } from './a.js';\nconsole.log('result', ping(3));",
        'src/a.js':
          "import { pong } from './b.js';\nexport const ping = (n) => (n === 0 ? 'done' : pong(n - 1));",
        'src/b.js': "import { ping } from './a.js';\nexport const pong = (n) => ping(n);",
      });
      expect(await mounted.consoleLine(/^path/)).to.equal('path native');
      expect(await mounted.consoleLine(/^result/)).to.equal('result done');
    });

    located('names the file and line of an uncaught error in a module', async () => {
      mounted = mount({
        'index.html': `${PATH_PROBE}<script type="module" src="src/main.js"></script>`,
        'src/main.js': "import { fail } from './lib/fail.js';\n\nfail();",
        'src/lib/fail.js': 'export function fail() {\n  // line 2\n  throw new Error("boom");\n}',
      });
      expect(await mounted.consoleLine(/^path/)).to.equal(mode.path);
      const outcome = await mounted.settle();
      expect(!outcome.ok && outcome.error.message).to.contain('Error: boom (src/lib/fail.js:3)');
    });

    located(
      'names the file and line of a syntax error and of an error in an inline module',
      async () => {
        mounted = mount({
          'index.html': `${PATH_PROBE}<script type="module" src="main.js"></script>`,
          'main.js': "import './bad.js';",
          'bad.js': 'export const a = 1;\nexport const = 2;',
        });
        const syntax = await mounted.settle();
        expect(!syntax.ok && syntax.error.message).to.match(/SyntaxError.*\(bad\.js:2\)$/);

        mounted.dispose();
        mounted = mount({
          'index.html': `<p>x</p>\n${PATH_PROBE}\n<script type="module">\nimport { a } from './a.js';\n\nnull.x(a);\n</script>`,
          'a.js': 'export const a = 1;',
        });
        const inline = await mounted.settle();
        expect(!inline.ok && inline.error.message).to.match(/TypeError.*\(index\.html:6\)$/);
      },
    );

    located(
      'runs no module of a graph with an error only the engine finds, and names its line',
      async () => {
        // The parser reads a redeclaration as valid: the flat graph is built and fails to compile.
        mounted = mount({
          'index.html': `${PATH_PROBE}<script type="module" src="main.js"></script>${LOADED_PROBE}`,
          'main.js': "import './a.js';\nimport './bad.js';\nconsole.log('evaluated main');",
          'a.js': "console.log('evaluated a');",
          'bad.js': 'let x = 1;\nlet x = 2;',
        });
        expect(await mounted.consoleLine(/^path/)).to.equal(mode.path);
        const outcome = await mounted.settle();
        expect(!outcome.ok && outcome.error.message).to.match(/SyntaxError.*\(bad\.js:2\)$/);
        await mounted.consoleLine(/^loaded/);
        const texts = mounted.controller.getSnapshot().console.entries.map((entry) => entry.text);
        expect(texts.filter((text) => text.startsWith('evaluated'))).to.deep.equal([]);
      },
    );

    located('names the file and line of an unhandled rejection', async () => {
      mounted = mount({
        'index.html': `${PATH_PROBE}<script type="module" src="main.js"></script>`,
        'main.js': "import { later } from './later.js';\nlater();",
        'later.js': 'export function later() {\n  Promise.reject(new Error("late"));\n}',
      });
      const outcome = await mounted.settle();
      expect(!outcome.ok && outcome.error.message).to.contain(
        'Unhandled rejection: Error: late (later.js:2)',
      );
    });

    located('names the file and line of a console error or warning', async () => {
      mounted = mount({
        'index.html': `${PATH_PROBE}<script type="module" src="main.js"></script>`,
        'main.js':
          "import { warn } from './warn.js';\nwarn();\nconsole.error('bad', 1);\nconsole.log('plain');",
        'warn.js': "export function warn() {\n\n  console.warn('careful');\n}",
      });
      expect(await mounted.consoleLine(/^path/)).to.equal(mode.path);
      expect(await mounted.consoleLine(/^careful/)).to.equal('careful (warn.js:3)');
      expect(await mounted.consoleLine(/^bad/)).to.equal('bad 1 (main.js:3)');
      expect(await mounted.consoleLine(/^plain/)).to.equal('plain');
    });

    it('reports an ambiguous star export the way the browser does', async () => {
      mounted = mount({
        'index.html': `${PATH_PROBE}<script type="module" src="main.js"></script>`,
        'main.js': "import { n } from './both.js';\nconsole.log(n);",
        'both.js': "export * from './x.js';\nexport * from './y.js';",
        'x.js': 'export const n = 1;',
        'y.js': 'export const n = 2;',
      });
      expect(await mounted.consoleLine(/^path/)).to.equal('path native');
      const outcome = await mounted.settle();
      // Each engine words it (V8: conflicting star exports; Gecko, JavaScriptCore: ambiguous),
      // and names modules by their files, never by the data: URLs they load from.
      const message = !outcome.ok ? outcome.error.message : '';
      expect(message).to.match(/SyntaxError: .*(conflicting star exports|ambiguous)/);
      expect(message).not.to.contain('data:');
    });

    it('loads an image asset beside a module graph', async () => {
      mounted = mount({
        'index.html': `<img id="pic" src="a.png" alt="">${PATH_PROBE}<script type="module" src="main.js"></script>`,
        'main.js':
          "import { id } from './id.js';\naddEventListener('load', () => console.log('width', document.getElementById(id).naturalWidth));",
        'id.js': "export const id = 'pic';",
      });
      mounted.workspace.writeAsset('a.png', PIXEL_PNG, 'image/png');
      expect(await mounted.consoleLine(/^width/)).to.equal('width 1');
    });
  });
}
