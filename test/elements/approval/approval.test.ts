import { expect, fixture, html } from '@open-wc/testing';
import { sendKeys } from '@web/test-runner-commands';
import '../../../src/elements/approval/approval.js';
import type { CaApproval } from '../../../src/elements/approval/approval.element.js';
import { createStudioRuntime } from '../../../src/composition/studio-runtime.js';
import { waitFor } from '../../support/wait.js';

async function setup() {
  const runtime = createStudioRuntime({ workspaceRepository: null });
  await runtime.ready;
  const element = await fixture<CaApproval>(html`<ca-approval .runtime=${runtime}></ca-approval>`);
  const call = runtime.registry.executeModelToolCall(
    {
      id: 'model-1',
      name: 'workspace.writeFile',
      arguments: { path: 'index.html', text: '<p>secret source</p>' },
    },
    { context: { source: 'model', mode: 'agent', sessionId: 's-1' } },
  );
  const dialog = await waitFor(() => {
    const found = element.shadowRoot?.querySelector('dialog');
    return found?.open ? found : undefined;
  }, 'the approval dialog');
  return { runtime, element, call, dialog };
}

const button = (element: CaApproval, part: string) =>
  element.shadowRoot!.querySelector<HTMLButtonElement>(`[part="${part}"]`)!;

describe('<ca-approval> (E5, R18)', () => {
  it('shows tool, description, source · mode and argument names, never the file source', async () => {
    const { dialog, element, call } = await setup();
    expect(dialog.textContent).to.include('workspace.writeFile');
    expect(dialog.textContent).to.include('model · agent');
    expect(dialog.textContent).to.include('path, text');
    expect(dialog.textContent).to.include('index.html');
    expect(dialog.textContent).not.to.include('secret source');
    button(element, 'deny').click();
    await call;
  });

  it('runs the call on Approve', async () => {
    const { element, call, runtime } = await setup();
    const decisions: string[] = [];
    element.addEventListener('ca-approval-decide', (event) =>
      decisions.push(event.detail.decision),
    );
    (
      await waitFor(
        () => !button(element, 'approve').disabled && button(element, 'approve'),
        'Approve',
      )
    ).click();
    const result = await call;
    expect(result.error).to.equal(undefined);
    expect(decisions).to.deep.equal(['approved']);
    const file = runtime.workspace.getSnapshot().files.find((entry) => entry.path === 'index.html');
    expect(file && file.kind === 'text' && file.text).to.equal('<p>secret source</p>');
  });

  it('returns a structured denial on Deny and leaves the workspace untouched', async () => {
    const { element, call, runtime } = await setup();
    const before = runtime.workspace.getSnapshot().revision;
    button(element, 'deny').click();
    const result = await call;
    expect(result.error?.code).to.equal('TOOL_APPROVAL_DENIED');
    expect(runtime.workspace.getSnapshot().revision).to.equal(before);
  });

  it('denies on Escape', async () => {
    const { dialog, call, runtime } = await setup();
    const before = runtime.workspace.getSnapshot().revision;
    await sendKeys({ press: 'Escape' });
    expect((await call).error?.code).to.equal('TOOL_APPROVAL_DENIED');
    expect(runtime.workspace.getSnapshot().revision).to.equal(before);
    await waitFor(() => !dialog.open, 'the dialog to close');
  });

  it('denies pending calls when the surface is removed', async () => {
    const { element, call } = await setup();
    element.remove();
    expect((await call).error?.code).to.equal('TOOL_APPROVAL_DENIED');
  });

  it('is accessible while asking', async () => {
    const { element, call } = await setup();
    await expect(element).to.be.accessible();
    button(element, 'deny').click();
    await call;
  });
});
