import { expect } from '@open-wc/testing';
import { createMemoryDurableOperationBackend } from '../../../src/runtime/durable/memory-backend.js';
import { previewHostCapability } from '../../../src/runtime/preview/preview-host.js';
import { memoryFolder } from '../../support/memory-folder.js';
import { openFolderThroughTool } from '../../support/open-folder.js';
import { waitFor } from '../../support/wait.js';
import { acknowledgingHost } from '../../runtime/tools/workspace/support.js';
import { action, inspect, root, setup } from './catalog-support.js';
import { callAsPerson } from '../../../src/runtime/registry/person-call.js';

/** The Live Code Editor's catalog over a folder in memory, with `app.js` edited. */
async function linkedEditorCatalog() {
  const { runtime, element } = await setup({
    surface: 'live-editor',
    storage: 'memory',
    durableOperationBackend: createMemoryDurableOperationBackend(),
  });
  runtime.capabilities.provide(previewHostCapability, acknowledgingHost(runtime.workspace));
  const folder = memoryFolder('site', { 'index.html': '<p>1</p>', 'app.js': '1;' });
  await openFolderThroughTool(runtime, folder, { discardChanges: true });
  await callAsPerson(runtime.registry, 'workspace.writeFile', { path: 'app.js', text: '2;' });
  await element.refresh();
  await inspect(element, 'editor.saveAll');
  return { runtime, element, folder };
}

async function runConfirmed(element: Awaited<ReturnType<typeof setup>>['element'], button = 'run') {
  action(element, button).click();
  const dialog = root(element).querySelector('dialog')!;
  await waitFor(() => dialog.open, 'the destructive-run confirmation');
  dialog.querySelector<HTMLButtonElement>('[data-action="confirm"]')!.click();
}

const resultText = (element: Awaited<ReturnType<typeof setup>>['element']) =>
  root(element).querySelector('[part="result"]')?.textContent ?? '';

describe('<ca-catalog> runs editor saves as intents', () => {
  it('an editor save whose acknowledgement was lost is checked against the folder and shown recovered', async () => {
    const { runtime, element, folder } = await linkedEditorCatalog();
    folder.loseAcknowledgements = true;
    await runConfirmed(element);
    await waitFor(() => resultText(element).includes('Recovered'), 'the recovered notice');
    expect(resultText(element)).to.include('1 file(s) marked saved');
    expect(runtime.workspace.getSnapshot().dirtyPaths).to.deep.equal([]);
    expect(folder.writes.get('app.js')).to.equal(1);
  });

  it('Retry after a cancelled save reuses its key: the write that landed is not made again', async () => {
    const { runtime, element, folder } = await linkedEditorCatalog();
    let acknowledge = () => {};
    folder.acknowledgeAfter = new Promise<void>((resolve) => (acknowledge = resolve));
    await runConfirmed(element);
    await waitFor(() => folder.writes.get('app.js') === 1, 'the write to land');
    await element.updateComplete;
    action(element, 'cancel-run').click();
    await waitFor(() => action(element, 'retry'), 'Retry after the cancellation');
    await runConfirmed(element, 'retry');
    // The cancelled call may have written: its key is refused until reconciled, never re-run.
    await waitFor(() => resultText(element).includes('TOOL_IDEMPOTENCY_UNKNOWN'), 'the retry');
    expect(resultText(element)).to.include('still unknown');
    acknowledge();
    await waitFor(
      () => runtime.workspace.getSnapshot().dirtyPaths.length === 0,
      'the late acknowledgement to mark app.js saved',
    );
    expect(folder.writes.get('app.js')).to.equal(1);
  });
});
