import { expect, fixture, html } from '@open-wc/testing';
import '../../src/elements/chat/chat.js';
import '../../src/elements/preview/preview.js';
import type { CaChat } from '../../src/elements/chat/chat.element.js';
import { createStudioRuntime } from '../../src/runtime/studio-runtime.js';
import { waitFor } from '../support/wait.js';

async function setup() {
  const runtime = createStudioRuntime({ workspaceRepository: null });
  await runtime.ready;
  const element = await fixture<CaChat>(html`<ca-chat .runtime=${runtime}></ca-chat>`);
  return { runtime, element };
}

describe('<ca-chat> (E7, A4)', () => {
  it('runs a prompt through the agent and shows the tool steps', async () => {
    const { element } = await setup();
    await element.submit('What is the workspace status?');
    const log = element.shadowRoot!.querySelector('[role="log"]')!;
    expect(log.textContent).to.include('What is the workspace status?');
    expect(log.querySelector('[data-tool="workspace.getStatus"]')).not.to.equal(null);
  });

  it('shows a cancelled run as cancelled, not failed', async () => {
    const { element, runtime } = await setup();
    const run = element.submit('Make the accent green');
    await waitFor(() => runtime.approvals.store.getSnapshot().length > 0, 'the approval request');
    await element.updateComplete;
    const cancel = [...element.shadowRoot!.querySelectorAll('button')].find(
      (b) => b.textContent?.trim() === 'Cancel',
    )!;
    cancel.click();
    await run;
    expect(runtime.agent.getSnapshot().lastRun?.status).to.equal('cancelled');
    await element.updateComplete;
    expect(element.shadowRoot!.querySelector('[role="status"]')!.textContent).to.include(
      'Cancelled',
    );
    expect(runtime.approvals.store.getSnapshot()).to.have.length(0);
  });

  it('rejects an approved mutation whose revision moved while it waited, and offers Re-read & retry (A1, A5)', async () => {
    const { element, runtime } = await setup();
    // Visual tools need a mounted preview to acknowledge their revision.
    await fixture(html`<ca-preview .runtime=${runtime}></ca-preview>`);
    const approveNext = async () => {
      const [pending] = await waitFor(() => {
        const list = runtime.approvals.store.getSnapshot();
        return list.length ? list : undefined;
      }, 'an approval request');
      runtime.approvals.resolve(pending!.id, 'approved');
    };
    const run = element.submit('Make the accent green');
    await waitFor(() => runtime.approvals.store.getSnapshot().length > 0, 'the approval request');
    // The person edits while the agent's call waits for approval.
    await runtime.registry.callTool('workspace.writeFile', {
      path: 'app.js',
      text: '// edited meanwhile',
    });
    await approveNext();
    await run;
    expect(runtime.agent.getSnapshot().lastRun?.error?.code).to.equal(
      'WORKSPACE_REVISION_CONFLICT',
    );
    const css = runtime.workspace.getSnapshot().files.find((file) => file.path === 'styles.css');
    expect(css?.kind === 'text' && css.text.includes('#16a34a')).to.equal(false);

    await element.updateComplete;
    const retry = [...element.shadowRoot!.querySelectorAll('button')].find(
      (b) => b.textContent?.trim() === 'Re-read & retry',
    )!;
    retry.click();
    await approveNext();
    await waitFor(
      () => runtime.agent.getSnapshot().lastRun?.status === 'completed',
      'the retried run',
    );
    const retried = runtime.workspace
      .getSnapshot()
      .files.find((file) => file.path === 'styles.css');
    expect(retried?.kind === 'text' && retried.text.includes('#16a34a')).to.equal(true);
  });

  it('lets a page veto a prompt with ca-prompt-submit', async () => {
    const { element, runtime } = await setup();
    element.addEventListener('ca-prompt-submit', (event) => event.preventDefault());
    await element.submit('What is the workspace status?');
    expect(runtime.agent.getSnapshot().messages).to.have.length(0);
  });

  it('takes a deep-linked prompt as composer text only', async () => {
    const runtime = createStudioRuntime({ workspaceRepository: null });
    const element = await fixture<CaChat>(
      html`<ca-chat .runtime=${runtime} prompt="Make the accent green"></ca-chat>`,
    );
    expect(element.shadowRoot!.querySelector('textarea')!.value).to.equal('Make the accent green');
    expect(runtime.trace.getSnapshot()).to.have.length(0);
  });

  it('is accessible', async () => {
    const { element } = await setup();
    await expect(element).to.be.accessible();
  });
});
