import { expect, fixture, html } from '@open-wc/testing';
import '../../../src/elements/preview/preview.js';
import type { CaPreview } from '../../../src/elements/preview/preview.element.js';
import type { WorkspaceRepository } from '../../../src/runtime/workspace/repository.js';
import { createIndexedDbWorkspaceRepository } from '../../../src/storage/workspace/indexeddb-repository.js';
import { createStudioRuntime } from '../../../src/composition/studio-runtime.js';
import { uniqueName, waitFor } from '../../support/wait.js';
import { callAsPerson } from '../../../src/runtime/registry/person-call.js';

/** Real IndexedDB whose first load waits for `open()`, so the test decides when hydration ends. */
function gatedRepository(databaseName: string) {
  const repository = createIndexedDbWorkspaceRepository({ databaseName });
  let open!: () => void;
  const gate = new Promise<void>((resolve) => (open = resolve));
  const gated: WorkspaceRepository = {
    storageMode: repository.storageMode,
    load: () => gate.then(() => repository.load()),
    commit: (change) => repository.commit(change),
    close: () => repository.close(),
  };
  return { repository: gated, open };
}

/** Every animation frame: which shell frame is loaded and whether it can be seen. */
function watchFrames(preview: CaPreview) {
  const box = preview.shadowRoot!.querySelector<HTMLElement>('[part="frame"]')!;
  const samples: { frame: HTMLIFrameElement | null; visible: boolean }[] = [];
  let running = true;
  const sample = () => {
    samples.push({ frame: preview.frame, visible: box.style.visibility !== 'hidden' });
    if (running) requestAnimationFrame(sample);
  };
  sample();
  return {
    samples,
    stop: () => (running = false),
  };
}

async function mount(databaseName: string) {
  const { repository, open } = gatedRepository(databaseName);
  const runtime = createStudioRuntime({ workspaceRepository: repository, databaseName });
  const preview = await fixture<CaPreview>(html`<ca-preview .runtime=${runtime}></ca-preview>`);
  return { runtime, preview, open, watch: watchFrames(preview) };
}

const readyAt = (preview: CaPreview, revision: number) =>
  waitFor(() => {
    const status = preview.controller?.getSnapshot().status;
    return status?.state === 'ready' && status.revision === revision;
  }, `the preview acknowledged at revision ${revision}`);

describe('<ca-preview> cold start: first render from the seed while IndexedDB opens', () => {
  it('renders the seed before hydration, hidden, and shows that same frame when the database was new', async () => {
    const { runtime, preview, open, watch } = await mount(uniqueName('cold-new'));
    await readyAt(preview, 1);
    expect(runtime.workspace.getSnapshot().revision, 'still hydrating').to.equal(0);
    const seedFrame = preview.frame;
    expect(
      watch.samples.some((sample) => sample.visible && sample.frame),
      'hidden',
    ).to.equal(false);
    expect(preview.shadowRoot!.querySelector('[part="status"]')!.textContent).to.include('idle');

    open();
    await runtime.ready;
    await waitFor(() => watch.samples.at(-1)?.visible, 'the frame to show');
    watch.stop();
    // Confirmed: no second load, the acknowledged seed frame is the one shown.
    expect(preview.frame === seedFrame, 'the seed frame is the one shown').to.equal(true);
    expect(preview.controller!.getSnapshot().status.revision).to.equal(1);
    runtime.dispose();
  });

  it('never shows the seed render when the stored workspace differs', async () => {
    const databaseName = uniqueName('cold-stored');
    const first = createStudioRuntime({ databaseName });
    await first.ready;
    // Only the styles differ: the controller would restyle the seed frame in place, so the
    // seed's page (with its old styles) must be dropped, not restyled while visible.
    const written = await callAsPerson(first.registry, 'workspace.writeFile', {
      path: 'styles.css',
      text: 'body { background: rgb(1, 2, 3); }',
    });
    expect(written.error).to.equal(undefined);
    first.dispose();

    const { runtime, preview, open, watch } = await mount(databaseName);
    await readyAt(preview, 1);
    const seedFrame = preview.frame;
    open();
    await runtime.ready;
    const revision = runtime.workspace.getSnapshot().revision;
    expect(revision).to.be.greaterThan(1);
    await readyAt(preview, revision);
    await waitFor(() => watch.samples.at(-1)?.visible, 'the frame to show');
    watch.stop();
    expect(preview.frame === seedFrame, 'a fresh frame').to.equal(false);
    expect(seedFrame!.isConnected, 'the seed frame is gone').to.equal(false);
    expect(
      watch.samples.some((sample) => sample.visible && sample.frame === seedFrame),
      'the seed render was never visible',
    ).to.equal(false);
    runtime.dispose();
  });

  it('a tool call made while IndexedDB opens waits for hydration, then runs', async () => {
    const { runtime, preview, open } = await mount(uniqueName('cold-tool'));
    await readyAt(preview, 1);
    let settled = false;
    const early = callAsPerson(runtime.registry, 'workspace.writeFile', {
      path: 'index.html',
      text: '<h1>early</h1>',
    }).finally(() => (settled = true));
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(settled, 'the call waits while the workspace loads').to.equal(false);
    open();
    const result = await early;
    expect(result.error).to.equal(undefined);
    const file = runtime.workspace.getFile('index.html');
    expect(file.ok && file.value.kind === 'text' && file.value.text).to.equal('<h1>early</h1>');
    runtime.dispose();
  });
});
