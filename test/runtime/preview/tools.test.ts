import { expect } from '@open-wc/testing';
import { createCapabilityTable } from '../../../src/runtime/registry/capability-table.js';
import { previewHostCapability } from '../../../src/runtime/preview/preview-host.js';
import { createPreviewTools } from '../../../src/runtime/preview/tools.js';
import { createToolRegistry, type ToolRegistry } from '../../../src/runtime/registry/registry.js';
import { mountPreview, type Mounted } from '../../bridge/sandbox/harness.js';
import { callAsPerson } from '../../../src/runtime/registry/person-call.js';

const PAGE = `<!doctype html><html><head><link rel="stylesheet" href="css/styles.css"></head><body>
<header class="hero"><h1 class="hero-title">Old</h1><p class="hero-subtitle">Sub</p></header>
<section class="features">
  <article class="feature"><h3>One</h3><p>First</p></article>
</section>
<script>let shown = '';
setInterval(() => {
  const accent = getComputedStyle(document.documentElement).getPropertyValue('--accent').trim();
  if (accent !== shown) console.log('accent', (shown = accent));
}, 20);</script>
</body></html>`;

let mounted: Mounted | undefined;
let registry: ToolRegistry;

function setup(files: Record<string, string>) {
  mounted = mountPreview(files);
  const capabilities = createCapabilityTable();
  capabilities.provide(previewHostCapability, mounted.controller);
  registry = createToolRegistry({ capabilityResolver: capabilities.resolve });
  for (const tool of createPreviewTools(mounted.workspace)) registry.register(tool);
  return mounted;
}

afterEach(() => {
  mounted?.dispose();
  mounted = undefined;
});

describe('preview tools on a mounted preview (P7, P8)', () => {
  const files = { 'src/index.html': PAGE, 'src/css/styles.css': ':root { --accent: #2563eb; }' };

  it('setTheme rewrites the accent and returns after the preview acknowledges it', async () => {
    const { workspace, controller } = setup(files);
    await mounted!.settle();
    const result = await callAsPerson(registry, 'preview.setTheme', {
      accent: 'green',
      expectedRevision: 1,
    });
    expect(result.error).to.equal(undefined);
    expect(result.structuredContent).to.deep.include({
      revision: 2,
      path: 'src/css/styles.css',
      accent: 'green',
      preview: { revision: 2, state: 'ready' },
    });
    expect(controller.getStatus().acknowledgedRevision).to.equal(2);
    expect(await mounted!.consoleLine(/^accent #16a34a$/)).to.equal('accent #16a34a');
    const css = workspace.getSnapshot().files.find((file) => file.path === 'src/css/styles.css');
    expect(css?.kind === 'text' && css.text).to.equal(':root { --accent: #16a34a; }');
  });

  it('rejects a stale expectedRevision before changing anything', async () => {
    const { workspace } = setup(files);
    await mounted!.settle();
    const result = await callAsPerson(registry, 'preview.updateHero', {
      title: 'New',
      expectedRevision: 0,
    });
    expect(result.error?.code).to.equal('WORKSPACE_REVISION_CONFLICT');
    expect(workspace.getSnapshot().revision).to.equal(1);
  });

  it('updateHero and addFeature edit the entry and wait for the new revision', async () => {
    const { controller } = setup(files);
    await mounted!.settle();
    const hero = await callAsPerson(registry, 'preview.updateHero', {
      title: 'Fresh',
      subtitle: 'Copy',
    });
    expect(hero.structuredContent).to.deep.include({ revision: 2, path: 'src/index.html' });
    const feature = await callAsPerson(registry, 'preview.addFeature', {
      title: 'Two',
      description: 'Second',
    });
    expect(feature.structuredContent).to.deep.include({
      revision: 3,
      preview: { revision: 3, state: 'ready' },
    });
    const srcdoc = controller.page!;
    expect(srcdoc).to.contain('<h1 class="hero-title">Fresh</h1>');
    expect(srcdoc).to.contain('<article class="feature"><h3>Two</h3><p>Second</p></article>');
  });

  it('returns PREVIEW_TARGET_NOT_FOUND when the workspace lacks the target', async () => {
    const { workspace } = setup({ 'index.html': '<p>plain</p>' });
    await mounted!.settle();
    const theme = await callAsPerson(registry, 'preview.setTheme', { accent: 'teal' });
    expect(theme.error?.code).to.equal('PREVIEW_TARGET_NOT_FOUND');
    const hero = await callAsPerson(registry, 'preview.updateHero', { title: 'x' });
    expect(hero.error?.code).to.equal('PREVIEW_TARGET_NOT_FOUND');
    expect(workspace.getSnapshot().revision).to.equal(1);
  });

  it('reports PREVIEW_RUNTIME_ERROR when the edited revision fails in the preview', async () => {
    setup({
      'index.html':
        '<header class="hero"><h1 class="hero-title">x</h1></header><script>if (document.querySelector(".hero-title").textContent === "boom") throw new Error("bad title")</script>',
    });
    await mounted!.settle();
    const result = await callAsPerson(registry, 'preview.updateHero', { title: 'boom' });
    expect(result.error).to.include({ code: 'PREVIEW_RUNTIME_ERROR', retryable: false });
  });

  it('getStatus reports revision, acknowledgement, state and diagnostics', async () => {
    setup({ 'index.html': '<script src="missing.js"></script>' });
    await mounted!.settle();
    const result = await callAsPerson(registry, 'preview.getStatus', {});
    expect(result.structuredContent).to.deep.include({
      revision: 1,
      acknowledgedRevision: 1,
      state: 'ready',
    });
    expect((result.structuredContent!.diagnostics as { code: string }[])[0]!.code).to.equal(
      'PREVIEW_MISSING_REFERENCE',
    );
  });

  it('refresh remounts and keeps the revision', async () => {
    const { controller } = setup(files);
    await mounted!.settle();
    const frame = controller.frame;
    const result = await callAsPerson(registry, 'preview.refresh', {});
    expect(result.structuredContent).to.deep.equal({
      revision: 1,
      preview: { revision: 1, state: 'ready' },
    });
    expect(controller.frame).not.to.equal(frame);
  });
});
