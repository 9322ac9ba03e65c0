import { expect, fixture, html, oneEvent } from '@open-wc/testing';
import '../../../src/elements/trace/trace.js';
import type { CaTrace } from '../../../src/elements/trace/trace.element.js';
import { previewHostCapability } from '../../../src/runtime/preview/preview-host.js';
import type { StudioRuntime } from '../../../src/composition/studio-runtime.js';
import { acknowledgingHost } from '../../runtime/tools/workspace/support.js';
import { waitFor } from '../../support/wait.js';
import { action, editSample, inspect, root, setup } from '../catalog/catalog-support.js';

const TIMEOUT = { code: 'PREVIEW_ACK_TIMEOUT', message: 'No acknowledgement.', retryable: true };

/** A preview that does not acknowledge until `recover()`. */
function failingPreview(runtime: StudioRuntime) {
  const host = acknowledgingHost(runtime.workspace, TIMEOUT);
  runtime.capabilities.provide(previewHostCapability, host);
  return { host, recover: () => (host.failWith = undefined) };
}

const recoveryButton = (scope: ShadowRoot) =>
  scope.querySelector<HTMLButtonElement>('button[data-recovery]');

describe('the Tools panel offers the chat recovery actions after a failed run', () => {
  it('offers Refresh preview when a write is not acknowledged, and runs preview.refresh', async () => {
    const { element, runtime } = await setup();
    const { recover } = failingPreview(runtime);
    await inspect(element, 'workspace.writeFile');
    editSample(element, '{ "path": "index.html", "text": "<p>x</p>" }');
    await element.updateComplete;
    action(element, 'run').click();
    const button = await waitFor(() => recoveryButton(root(element)), 'a recovery action');
    expect(button.textContent?.trim()).to.equal('Refresh preview');
    expect(action(element, 'retry')).to.not.equal(null);
    recover();
    button.click();
    await waitFor(
      () => root(element).querySelector('.notice')?.textContent === 'Preview refreshed.',
      'the refresh notice',
    );
    const calls = runtime.trace.getSnapshot().filter((row) => row.method === 'tools/call');
    expect(calls.map((row) => `${row.name} ${row.status}`)).to.deep.equal([
      'workspace.writeFile failed',
      'preview.refresh completed',
    ]);
    await expect(element).to.be.accessible();
  });

  it('offers Reconnect folder when no folder is linked', async () => {
    const { element } = await setup();
    await inspect(element, 'workspace.grantFolderAccess');
    action(element, 'run').click();
    const button = await waitFor(() => recoveryButton(root(element)), 'a recovery action');
    expect(button.textContent?.trim()).to.equal('Reconnect folder');
    const asked = oneEvent(element, 'ca-folder-reconnect');
    button.click();
    await asked;
  });

  it('offers Re-read & retry after a revision conflict and retries at the current revision', async () => {
    const { element, runtime } = await setup();
    await inspect(element, 'workspace.writeFile');
    editSample(element, '{ "path": "index.html", "text": "<p>x</p>", "expectedRevision": 0 }');
    await element.updateComplete;
    action(element, 'run').click();
    const retry = await waitFor(() => action(element, 'retry'), 'a retry');
    expect(retry.textContent?.trim()).to.equal('Re-read & retry');
    const before = runtime.workspace.getSnapshot().revision;
    retry.click();
    await waitFor(() => runtime.workspace.getSnapshot().revision === before + 1, 'the write');
  });
});

describe('the trace labels failures and offers their recovery', () => {
  it('marks a failed row retryable or terminal and offers Refresh preview', async () => {
    const { runtime } = await setup();
    const { recover } = failingPreview(runtime);
    const trace = await fixture<CaTrace>(html`<ca-trace .runtime=${runtime}></ca-trace>`);
    const local = { context: { source: 'local', mode: 'direct' } } as const;
    await runtime.registry.callTool(
      'workspace.writeFile',
      { path: 'index.html', text: 'x' },
      local,
    );
    await runtime.registry.callTool('workspace.readFile', { path: 'missing.txt' }, local);
    await trace.updateComplete;
    const status = (name: string) =>
      [...trace.shadowRoot!.querySelectorAll('tr[data-status="failed"]')]
        .find((row) => row.querySelector('.name')?.textContent === name)
        ?.querySelector('.status')?.textContent;
    expect(status('workspace.writeFile')).to.equal('failed · PREVIEW_ACK_TIMEOUT · retryable');
    expect(status('workspace.readFile')).to.match(/^failed · \w+ · terminal$/);
    const button = recoveryButton(trace.shadowRoot!)!;
    expect(button.textContent?.trim()).to.equal('Refresh preview');
    recover();
    button.click();
    await waitFor(
      () => trace.shadowRoot!.querySelector('.notice')?.textContent === 'Preview refreshed.',
      'the refresh notice',
    );
    await expect(trace).to.be.accessible();
  });
});
