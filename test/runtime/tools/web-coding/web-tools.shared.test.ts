import { expect } from 'chai';
import {
  createWebCodingTools,
  WEB_CODING_SEED,
  WEB_TOOL_POLICIES,
} from '../../../../src/runtime/tools/web-coding/index.js';
import { describe, it } from '../../../support/spec.js';
import { errorOf, structured, surfaceRegistry } from '../surface-support.js';

const CATALOG = [
  'web.getWorkspace',
  'web.readFile',
  'web.applyPatch',
  'web.writeFile',
  'web.setTheme',
  'web.addFeature',
  'web.updateHero',
];
const MUTATIONS: [string, Record<string, unknown>][] = [
  ['web.applyPatch', { path: 'app.js', search: 'button', replace: 'btn' }],
  ['web.writeFile', { path: 'app.js', text: 'console.log(1);' }],
  ['web.setTheme', { accent: 'green' }],
  ['web.addFeature', { title: 'New', description: 'Card' }],
  ['web.updateHero', { title: 'Hello' }],
];
const MUTATION_FIELDS = ['revision', 'activePath', 'path', 'storageMode', 'dirtyPaths', 'preview'];

const web = (options: Parameters<typeof surfaceRegistry>[2] = {}) =>
  surfaceRegistry(WEB_CODING_SEED, (manager) => createWebCodingTools(manager), options);

describe('the web.* catalog matches the seed table', () => {
  it('lists exactly the seed tools with their default policies', async () => {
    const { registry } = await web();
    const names = registry.listTools().tools.map((tool) => tool.name);
    expect(names.sort()).to.deep.equal([...CATALOG].sort());
    expect(Object.keys(WEB_TOOL_POLICIES).sort()).to.deep.equal([...CATALOG].sort());
    expect(Object.values(WEB_TOOL_POLICIES)).to.deep.equal([
      ...Array(2).fill('allow'),
      ...Array(5).fill('ask'),
    ]);
    expect(names).not.to.include('web.runScript');
  });
  it('marks the reads read-only and takes expectedRevision on every mutation', async () => {
    const { registry } = await web();
    for (const name of ['web.getWorkspace', 'web.readFile'])
      expect(registry.getToolDefinition(name)?.annotations?.readOnlyHint, name).to.equal(true);
    for (const [name] of MUTATIONS) {
      const schema = registry.getToolDefinition(name)?.inputSchema as {
        properties: Record<string, unknown>;
      };
      expect(schema.properties, name).to.have.property('expectedRevision');
    }
  });
  it('seeds a three-file HTML/CSS/JS workspace', () => {
    expect(WEB_CODING_SEED.map((file) => file.path)).to.deep.equal([
      'index.html',
      'styles.css',
      'app.js',
    ]);
  });
});

describe('web.getWorkspace and web.readFile hand out the revision clock', () => {
  it('getWorkspace returns files, the entry point and the revision', async () => {
    const { call } = await web();
    const result = structured(await call('web.getWorkspace'));
    expect(result).to.deep.include({ revision: 1, entryPath: 'index.html', storageMode: 'memory' });
    const files = result.files as { path: string; length: number; text?: string }[];
    expect(files.map((file) => file.path)).to.deep.equal(['app.js', 'index.html', 'styles.css']);
    expect(files[0]?.text?.length).to.equal(files[0]?.length);
  });
  it('readFile returns one text file and the current revision', async () => {
    const { call } = await web();
    const result = structured(await call('web.readFile', { path: './styles.css' }));
    expect(result).to.deep.include({ path: 'styles.css', revision: 1, activePath: 'index.html' });
    expect(result.text).to.contain('--accent');
  });
  it('readFile reports a missing file and an invalid path', async () => {
    const { call } = await web();
    expect(errorOf(await call('web.readFile', { path: 'nope.js' })).code).to.equal(
      'WORKSPACE_FILE_NOT_FOUND',
    );
    expect(errorOf(await call('web.readFile', { path: '../x.js' })).code).to.equal(
      'WORKSPACE_PATH_INVALID',
    );
  });
});

describe('web.* mutations answer after the preview acknowledgement', () => {
  for (const [name, args] of MUTATIONS) {
    it(`${name} returns the new revision, activePath, storage mode and the ack`, async () => {
      const { call, host } = await web();
      const result = structured(await call(name, { ...args, expectedRevision: 1 }));
      expect(result).to.include.keys(MUTATION_FIELDS);
      expect(result).to.deep.include({
        revision: 2,
        activePath: 'index.html',
        storageMode: 'memory',
        preview: { state: 'ready', revision: 2 },
      });
      expect(host?.waited).to.deep.equal([2]);
    });
    it(`${name} rejects a stale expectedRevision before changing source`, async () => {
      const { call, manager } = await web();
      const before = manager.getSnapshot();
      const error = errorOf(await call(name, { ...args, expectedRevision: 0 }));
      expect(error).to.deep.include({ code: 'WORKSPACE_REVISION_CONFLICT', retryable: true });
      expect(error.details).to.deep.include({ expectedRevision: 0, currentRevision: 1 });
      expect(manager.getSnapshot()).to.equal(before);
    });
  }
  it('setTheme rewrites --accent in the entry stylesheet', async () => {
    const { call, manager } = await web();
    const result = structured(await call('web.setTheme', { accent: 'green' }));
    expect(result.path).to.equal('styles.css');
    const css = manager.getFile('styles.css');
    expect(css.ok && css.value.kind === 'text' && css.value.text).to.contain('--accent: #16a34a');
  });
  it('updateHero and addFeature escape plain text into the entry page', async () => {
    const { call, manager } = await web();
    structured(await call('web.updateHero', { title: '<b>Hi</b>' }));
    structured(await call('web.addFeature', { title: 'Fast', description: 'a & b' }));
    const html = manager.getFile('index.html');
    const text = html.ok && html.value.kind === 'text' ? html.value.text : '';
    expect(text).to.contain('&lt;b&gt;Hi&lt;/b&gt;');
    expect(text).to.contain('<h3>Fast</h3>');
    expect(text).to.contain('a &amp; b');
  });
  it('applyPatch replaces all occurrences and counts them', async () => {
    const { call } = await web();
    const result = structured(
      await call('web.applyPatch', {
        path: 'app.js',
        search: 'title',
        replace: 'heading',
        occurrence: 'all',
      }),
    );
    expect(result.replacements).to.equal(3);
  });
  it('applyPatch reports a miss without echoing the search text', async () => {
    const { call } = await web();
    const error = errorOf(
      await call('web.applyPatch', { path: 'app.js', search: 'SECRET-NEEDLE', replace: 'x' }),
    );
    expect(error.code).to.equal('WORKSPACE_PATCH_NOT_FOUND');
    expect(JSON.stringify(error)).not.to.contain('SECRET-NEEDLE');
  });
  it('writeFile refuses a missing file and text over the source budget', async () => {
    const { call } = await web();
    expect(errorOf(await call('web.writeFile', { path: 'new.js', text: '' })).code).to.equal(
      'WORKSPACE_FILE_NOT_FOUND',
    );
    expect(
      errorOf(await call('web.writeFile', { path: 'app.js', text: 'x'.repeat(80_001) })).code,
    ).to.equal('TOOL_VALIDATION_FAILED');
  });
  it('visual tools report PREVIEW_TARGET_NOT_FOUND when the markup is gone', async () => {
    const { call } = await web();
    structured(await call('web.writeFile', { path: 'index.html', text: '<p>bare</p>' }));
    structured(await call('web.writeFile', { path: 'styles.css', text: 'p {}' }));
    for (const [name, args] of MUTATIONS.slice(2))
      expect(errorOf(await call(name, args)).code, name).to.equal('PREVIEW_TARGET_NOT_FOUND');
  });
  it('fails with the preview ack error after the edit landed', async () => {
    const { call, manager } = await web({ preview: 'timeout' });
    const error = errorOf(await call('web.setTheme', { accent: 'teal' }));
    expect(error).to.deep.include({ code: 'PREVIEW_ACK_TIMEOUT', retryable: true });
    expect(error.details).to.deep.include({ committedRevision: 2 });
    expect(manager.getSnapshot().revision).to.equal(2);
  });
  it('reports memory storage with a bounded storageError', async () => {
    const { call } = await web({ repository: null, memoryReason: 'x'.repeat(1_000) });
    const result = structured(await call('web.writeFile', { path: 'app.js', text: '' }));
    expect(result.storageMode).to.equal('memory');
    expect(result.storageError).to.be.a('string').with.length.at.most(200);
  });
});
