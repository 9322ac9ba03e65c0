import { expect, fixture, html, oneEvent } from '@open-wc/testing';
import '../../../src/elements/chat/chat.js';
import type { CaChat } from '../../../src/elements/chat/chat.element.js';
import type { AgentDriver } from '../../../src/runtime/agents/agent-types.js';
import { createMemoryDurableOperationBackend } from '../../../src/runtime/durable/memory-backend.js';
import { previewHostCapability } from '../../../src/runtime/preview/preview-host.js';
import { createStudioRuntime } from '../../../src/composition/studio-runtime.js';
import { acknowledgingHost } from '../../runtime/tools/workspace/support.js';
import { waitFor } from '../../support/wait.js';

/** A scripted model turn: one tool call through the model call path, its failure reported. */
const callsOnce = (name: string, args: Record<string, unknown> = {}): AgentDriver => ({
  id: 'scripted',
  async run({ tools, context, signal }) {
    const result = await tools.executeModelToolCall(
      { id: 'call-1', name, arguments: args },
      { signal, context },
    );
    return result.error ? { status: 'failed', error: result.error } : { status: 'completed' };
  },
});

async function setup(agent: AgentDriver) {
  const runtime = createStudioRuntime({
    workspaceRepository: null,
    durableOperationBackend: createMemoryDurableOperationBackend(),
    toolPolicy: () => 'allow',
    agent,
  });
  await runtime.ready;
  const element = await fixture<CaChat>(html`<ca-chat .runtime=${runtime}></ca-chat>`);
  const recovery = () =>
    element.shadowRoot!.querySelector<HTMLButtonElement>('button[data-recovery]');
  return { runtime, element, recovery };
}

describe('<ca-chat> recovery actions after typed failures', () => {
  it('offers Refresh preview after an acknowledgement timeout and runs preview.refresh', async () => {
    const { runtime, element, recovery } = await setup(callsOnce('preview.refresh'));
    const failing = acknowledgingHost(runtime.workspace, {
      code: 'PREVIEW_ACK_TIMEOUT',
      message: 'No acknowledgement.',
      retryable: true,
    });
    const unprovide = runtime.capabilities.provide(previewHostCapability, failing);
    await element.submit('refresh');
    await element.updateComplete;
    expect(recovery()?.textContent?.trim()).to.equal('Refresh preview');
    unprovide();
    runtime.capabilities.provide(previewHostCapability, acknowledgingHost(runtime.workspace));
    recovery()!.click();
    await waitFor(
      () => element.shadowRoot!.querySelector('.notice')?.textContent === 'Preview refreshed.',
      'the refresh notice',
    );
    const rows = runtime.trace.getSnapshot().filter((row) => row.method === 'tools/call');
    expect(rows.map((row) => `${row.name} ${row.source}·${row.mode} ${row.status}`)).to.deep.equal([
      'preview.refresh model·agent failed',
      'preview.refresh local·direct completed',
    ]);
    await expect(element).to.be.accessible();
  });

  it('reports a model write whose preview did not acknowledge as failed, with Refresh preview', async () => {
    const { runtime, element, recovery } = await setup(
      callsOnce('workspace.writeFile', { path: 'index.html', text: '<p>x</p>' }),
    );
    runtime.capabilities.provide(
      previewHostCapability,
      acknowledgingHost(runtime.workspace, {
        code: 'PREVIEW_ACK_TIMEOUT',
        message: 'No acknowledgement.',
        retryable: true,
      }),
    );
    const before = runtime.workspace.getSnapshot().revision;
    await element.submit('write');
    await element.updateComplete;
    expect(runtime.agent.getSnapshot().lastRun?.error).to.deep.include({
      code: 'PREVIEW_ACK_TIMEOUT',
      retryable: true,
    });
    expect(runtime.agent.getSnapshot().lastRun?.error?.details).to.deep.include({
      committedRevision: before + 1,
    });
    expect(recovery()?.textContent?.trim()).to.equal('Refresh preview');
  });

  it('offers Reconnect folder after a save without a folder and asks the page for a picker', async () => {
    const { element, recovery } = await setup(callsOnce('workspace.saveAll'));
    await element.submit('save');
    await element.updateComplete;
    expect(recovery()?.textContent?.trim()).to.equal('Reconnect folder');
    const asked = oneEvent(element, 'ca-folder-reconnect');
    recovery()!.click();
    const event = await asked;
    expect(event.bubbles && event.composed).to.equal(true);
  });

  it('offers no recovery for a failure that has none', async () => {
    const { element, recovery } = await setup(callsOnce('workspace.undo'));
    await element.submit('undo');
    await element.updateComplete;
    expect(element.shadowRoot!.querySelector('[role="status"]')?.textContent).to.contain(
      'WORKSPACE_HISTORY_EMPTY',
    );
    expect(recovery()).to.equal(null);
  });
});
