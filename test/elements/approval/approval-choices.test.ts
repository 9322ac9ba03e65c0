import { expect, fixture, html } from '@open-wc/testing';
import { sendKeys } from '@web/test-runner-commands';
import { deepActiveElement } from '../../../src/elements/shared/focus.js';
import '../../../src/elements/approval/approval.js';
import '../../../src/elements/settings/settings.js';
import type { CaSettings } from '../../../src/elements/settings/settings.element.js';
import type { CaApproval } from '../../../src/elements/approval/approval.element.js';
import { createStudioRuntime } from '../../../src/composition/studio-runtime.js';
import { waitFor } from '../../support/wait.js';

const part = (element: CaApproval, name: string) =>
  element.shadowRoot!.querySelector<HTMLButtonElement & HTMLInputElement>(`[part="${name}"]`);

async function setup(choices?: string) {
  const runtime = createStudioRuntime({ workspaceRepository: null });
  await runtime.ready;
  const element = await fixture<CaApproval>(
    html`<ca-approval
      .runtime=${runtime}
      choices=${choices ?? 'once session reason'}
    ></ca-approval>`,
  );
  let n = 0;
  const call = (name = 'workspace.writeFile', args: Record<string, unknown> = {}) =>
    runtime.registry.executeModelToolCall(
      { id: `model-${++n}`, name, arguments: { path: 'index.html', text: `<p>${n}</p>`, ...args } },
      { context: { source: 'model', mode: 'agent', sessionId: 's-1' } },
    );
  const armed = (name: string) =>
    waitFor(() => {
      const button = part(element, name);
      return element.shadowRoot?.querySelector('dialog')?.open && button && !button.disabled
        ? button
        : undefined;
    }, name);
  return { runtime, element, call, armed };
}

describe('<ca-approval> choices', () => {
  it('Allow for this session skips the card for that tool until revoked, then it asks again', async () => {
    const { runtime, element, call, armed } = await setup();
    const first = call();
    (await armed('approve-session')).click();
    expect((await first).error).to.equal(undefined);
    await waitFor(
      () =>
        element.shadowRoot!.querySelector('[role="status"]')?.textContent?.trim() ===
        'workspace.writeFile is allowed for this session; Model settings can revoke it.',
      'the grant told',
    );
    expect(runtime.approvals.grants?.getSnapshot().map((grant) => grant.toolName)).to.deep.equal([
      'workspace.writeFile',
    ]);
    expect((await call()).error).to.equal(undefined);
    expect(runtime.approvals.store.getSnapshot()).to.deep.equal([]);

    runtime.approvals.grants!.revoke(runtime.approvals.grants!.getSnapshot()[0]!.id);
    const third = call();
    (await armed('approve')).click();
    expect((await third).error).to.equal(undefined);
  });

  it('a destructive tool offers no Allow for this session', async () => {
    const { call, element, armed } = await setup();
    const deletion = call('workspace.deleteFile', { text: undefined });
    await armed('approve');
    expect(part(element, 'approve-session')).to.equal(null);
    part(element, 'deny')!.click();
    expect((await deletion).error?.code).to.equal('TOOL_APPROVAL_DENIED');
  });

  it("Deny with a reason sends it as the call's error text", async () => {
    const { call, element, armed } = await setup();
    const pending = call();
    await armed('approve');
    part(element, 'reason')!.value = 'Keep the old heading.';
    part(element, 'deny')!.click();
    const error = (await pending).error;
    expect(error?.message).to.equal(
      'The call to workspace.writeFile was not approved: Keep the old heading.',
    );
  });

  it('the choices attribute turns Allow for this session and the reason off', async () => {
    const { call, element, armed } = await setup('once');
    const pending = call();
    await armed('approve');
    expect(part(element, 'approve-session')).to.equal(null);
    expect(part(element, 'reason')).to.equal(null);
    part(element, 'approve')!.click();
    expect((await pending).error).to.equal(undefined);
  });

  it('Model settings lists a session grant, and Revoke brings the card back', async () => {
    const { runtime, call, armed } = await setup();
    const first = call();
    (await armed('approve-session')).click();
    await first;
    const settings = await fixture<CaSettings>(
      html`<ca-settings .runtime=${runtime} open></ca-settings>`,
    );
    const revoke = await waitFor(
      () => settings.shadowRoot?.querySelector<HTMLButtonElement>('[part="revoke"]'),
      'Revoke',
    );
    expect(settings.shadowRoot!.querySelector('[part="grants"]')!.textContent).to.include(
      'workspace.writeFile',
    );
    revoke.focus();
    await sendKeys({ press: 'Enter' });
    await waitFor(() => !settings.shadowRoot?.querySelector('[part="revoke"]'), 'the grant gone');
    // The Revoke pressed is gone: focus moves on to Save, not the page.
    await waitFor(
      () => deepActiveElement() === settings.shadowRoot!.querySelector('[part="save"]'),
      'focus on Save',
    );
    const next = call();
    (await armed('approve')).click();
    expect((await next).error).to.equal(undefined);
  });
});
