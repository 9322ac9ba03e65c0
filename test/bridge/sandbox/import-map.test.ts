/**
 * A site's import map through the real frame: a bare specifier the workspace lacks loads from
 * the map's origin, exactly that origin joins `script-src` and nothing else does, and a hostile
 * map is refused whole with a stable code, leaving the policy as it was.
 */
import { expect } from '@open-wc/testing';
import {
  PREVIEW_CONTENT_SECURITY_POLICY,
  previewContentSecurityPolicy,
} from '../../../src/bridge/sandbox/assemble.js';
import { itIn } from '../../support/engines.js';
import { mountPreview, type Mounted } from './harness.js';
import { readSink, settleSink, type SinkCounts } from './sink.js';

let mounted: Mounted | undefined;
let ports: SinkCounts['ports'];
before(async () => {
  ports = (await readSink(true)).ports;
});
afterEach(() => {
  mounted?.dispose();
  mounted = undefined;
});

const LOADED = '<script>addEventListener("load", () => console.log("loaded"))</script>';
const policyOf = (html: string | null | undefined) =>
  /http-equiv="Content-Security-Policy" content="([^"]*)"/.exec(html ?? '')?.[1];
/** The outer frame's policy (the inner frame inherits it) and the page's. */
const policies = (view: Mounted) => [
  policyOf(view.controller.frame?.srcdoc),
  policyOf(view.controller.page),
];
const codes = (view: Mounted) =>
  view.controller.getStatus().diagnostics.map((diagnostic) => diagnostic.code);

/** A page importing `remote` (a bare specifier) and, after it, trying other ways out. */
const page = (escape: string) => ({
  'index.html': `${LOADED}<script type="module" src="main.js"></script>`,
  'main.js': ["import served from 'remote';", 'console.log(served);', escape].join('\n'),
});

describe('a site import map', () => {
  it('loads a mapped bare specifier from its origin, the only origin the policy adds', async () => {
    const origin = `http://127.0.0.1:${ports.http}`;
    mounted = mountPreview(page(''));
    mounted.controller.setImportMap(
      JSON.stringify({ imports: { remote: `${origin}/module/remote.js` } }),
    );
    expect(await mounted.consoleLine(/^served/)).to.equal('served /module/remote.js');
    expect((await mounted.settle()).ok).to.equal(true);
    expect(codes(mounted)).to.deep.equal([]);
    const expected = previewContentSecurityPolicy([origin]);
    expect(expected).to.equal(
      PREVIEW_CONTENT_SECURITY_POLICY.replace('data: blob:;', `data: blob: ${origin};`),
    );
    expect(policies(mounted)).to.deep.equal([expected, expected]);
    expect((await settleSink()).http).to.deep.equal(['GET /module/remote.js']);
  });

  itIn(['chromium'], 'the other ways out are Chromium-only checks')(
    'still blocks a fetch to the map origin and a module from any other origin',
    async () => {
      const origin = `http://127.0.0.1:${ports.http}`;
      mounted = mountPreview(
        page(
          [
            `fetch('${origin}/fetched').then(() => console.log('escaped fetch'), () => console.log('fetch blocked'));`,
            // Named at run time, so the compiler leaves them to the browser.
            `const other = ['http://localhost:', ${ports.http}, '/module/other.js'].join('');`,
            `import(other).then(() => console.log('escaped module'), () => console.log('module blocked'));`,
            "const unmapped = ['remote', 'other'].join('-');",
            `import(unmapped).then(() => console.log('escaped bare'), () => console.log('bare blocked'));`,
          ].join('\n'),
        ),
      );
      mounted.controller.setImportMap({ imports: { remote: `${origin}/module/remote.js` } });
      expect(await mounted.consoleLine(/^fetch/)).to.equal('fetch blocked');
      expect(await mounted.consoleLine(/^module/)).to.equal('module blocked');
      expect(await mounted.consoleLine(/^bare/)).to.equal('bare blocked');
      expect((await settleSink()).http).to.deep.equal(['GET /module/remote.js']);
    },
  );

  it('refuses a hostile map whole with PREVIEW_IMPORT_MAP_INVALID and keeps the policy', async () => {
    const origin = `http://127.0.0.1:${ports.http}`;
    const hostile: unknown[] = [
      { imports: { remote: 'https://*.example.com/x.js' } },
      { imports: { remote: 'https://*/x.js' } },
      { imports: { remote: 'javascript:alert(1)' } },
      { imports: { remote: 'data:text/javascript,export default 1' } },
      { imports: { remote: 'blob:https://example.com/uuid' } },
      { imports: { remote: '/module/remote.js' } },
      { imports: { remote: "'unsafe-inline'" } },
      { imports: { './local.js': `${origin}/x.js` } },
      { imports: { '@context-action/workspace/main.js': `${origin}/x.js` } },
      { imports: { remote: 'https://user:secret@a.example/x.js' } },
      { imports: { 'remote/': `${origin}/x.js` } },
      { imports: {}, scopes: { '*': { remote: `${origin}/x.js` } } },
      { imports: {}, integrity: {} },
      '{ "imports": ',
      '[]',
      42,
    ];
    mounted = mountPreview(page(''));
    for (const map of hostile) {
      mounted.controller.setImportMap(map);
      const outcome = await mounted.settle();
      expect(outcome.ok, JSON.stringify(map)).to.equal(false);
      expect(codes(mounted), JSON.stringify(map)).to.include('PREVIEW_IMPORT_MAP_INVALID');
      expect(policies(mounted), JSON.stringify(map)).to.deep.equal([
        PREVIEW_CONTENT_SECURITY_POLICY,
        PREVIEW_CONTENT_SECURITY_POLICY,
      ]);
    }
    expect((await settleSink()).http).to.deep.equal([]);
  });

  it('adds only the origin of a URL whose path reads like policy, and keeps a good map over a refused one', async () => {
    const origin = `http://127.0.0.1:${ports.http}`;
    mounted = mountPreview(page(''));
    mounted.controller.setImportMap({
      imports: { remote: `${origin}/module/remote.js?; script-src * 'unsafe-hashes'` },
    });
    expect(await mounted.consoleLine(/^served/)).to.match(/^served \/module\/remote\.js\?/);
    const expected = previewContentSecurityPolicy([origin]);
    expect(policies(mounted)).to.deep.equal([expected, expected]);
    mounted.controller.setImportMap({ imports: { remote: 'https://*.example/x.js' } });
    expect((await mounted.settle()).ok).to.equal(true);
    expect(codes(mounted)).to.deep.equal(['PREVIEW_IMPORT_MAP_INVALID']);
    expect(policies(mounted)).to.deep.equal([expected, expected]);
    mounted.controller.setImportMap(null);
    expect((await mounted.settle()).ok).to.equal(false);
    expect(codes(mounted)).to.deep.equal(['PREVIEW_MODULE_BARE_SPECIFIER']);
    expect(policies(mounted)).to.deep.equal([
      PREVIEW_CONTENT_SECURITY_POLICY,
      PREVIEW_CONTENT_SECURITY_POLICY,
    ]);
    for (const request of (await settleSink()).http) expect(request).to.match(/^GET \/module\//);
  });

  it('resolves from the workspace first: a vendored package wins over the map', async () => {
    const origin = `http://127.0.0.1:${ports.http}`;
    mounted = mountPreview({
      ...page(''),
      'web_modules/remote/package.json': '{ "exports": "./index.js" }',
      'web_modules/remote/index.js': "export default 'served from the workspace';",
    });
    mounted.controller.setImportMap({ imports: { remote: `${origin}/module/remote.js` } });
    expect(await mounted.consoleLine(/^served/)).to.equal('served from the workspace');
    expect((await mounted.settle()).ok).to.equal(true);
    expect((await settleSink()).http).to.deep.equal([]);
  });
});
