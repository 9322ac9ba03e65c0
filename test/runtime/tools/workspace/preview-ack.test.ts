import { expect, fixture, html } from '@open-wc/testing';
import '../../../../src/elements/preview/preview.js';
import type { CaPreview } from '../../../../src/elements/preview/preview.element.js';
import { previewHostCapability } from '../../../../src/runtime/preview/preview-host.js';
import { createStudioRuntime } from '../../../../src/composition/studio-runtime.js';
import { waitFor } from '../../../support/wait.js';
import { callAsPerson } from '../../../../src/runtime/registry/person-call.js';

/** A studio runtime with a real `<ca-preview>` mounted: its sandboxed iframe acknowledges. */
async function setup() {
  const runtime = createStudioRuntime({ workspaceRepository: null });
  await runtime.ready;
  const preview = await fixture<CaPreview>(
    html`<ca-preview .runtime=${runtime} ack-timeout="4000"></ca-preview>`,
  );
  const host = await waitFor(
    () => runtime.capabilities.resolve(previewHostCapability),
    'the preview host',
  );
  const first = await host.waitForRevision(
    runtime.workspace.getSnapshot().revision,
    new AbortController().signal,
  );
  expect(first.ok, JSON.stringify(first)).to.equal(true);
  /** One tool call; its result must carry the iframe's acknowledgement of its own revision. */
  const mutate = async (name: string, args: Record<string, unknown>) => {
    const result = await callAsPerson(runtime.registry, `workspace.${name}`, args);
    expect(result.error, name).to.equal(undefined);
    const fields = result.structuredContent as { revision: number; preview: unknown };
    expect(fields.revision, name).to.equal(runtime.workspace.getSnapshot().revision);
    expect(fields.preview, name).to.deep.equal({ state: 'ready', revision: fields.revision });
    expect(host.getStatus(), name).to.include({
      state: 'ready',
      revision: fields.revision,
      acknowledgedRevision: fields.revision,
    });
    return fields.revision;
  };
  return { runtime, preview, mutate };
}

describe('workspace.* mutations wait for the real <ca-preview> acknowledgement (W2, P6)', () => {
  it('write, create, rename, delete, patch and undo each return the revision the iframe acknowledged', async () => {
    const { preview, mutate } = await setup();
    const shows = (text: string) => preview.controller!.page!.includes(text);

    await mutate('writeFile', { path: 'index.html', text: '<h1 id="t">Written</h1>' });
    expect(shows('Written')).to.equal(true);

    await mutate('createFile', { path: 'extra.js', text: 'console.log("extra");' });
    await mutate('renameFile', { from: 'extra.js', to: 'moved.js' });
    await mutate('deleteFile', { path: 'moved.js' });

    await mutate('applyPatch', { path: 'index.html', search: 'Written', replace: 'Patched' });
    expect(shows('Patched')).to.equal(true);

    await mutate('undo', {});
    expect(shows('Written')).to.equal(true);
    expect(shows('Patched')).to.equal(false);
  });
});
