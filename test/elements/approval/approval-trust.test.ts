import { expect, fixture, html } from '@open-wc/testing';
import { sendKeys } from '@web/test-runner-commands';
import '../../../src/elements/approval/approval.js';
import type { CaApproval } from '../../../src/elements/approval/approval.element.js';
import {
  createStudioRuntime,
  type StudioRuntime,
} from '../../../src/composition/studio-runtime.js';
import { waitFor } from '../../support/wait.js';

// Approvals a person can trust, through the real dialog.

async function setup() {
  const runtime = createStudioRuntime({ workspaceRepository: null });
  await runtime.ready;
  const element = await fixture<CaApproval>(html`<ca-approval .runtime=${runtime}></ca-approval>`);
  return { runtime, element };
}

const openDialog = (element: CaApproval) =>
  waitFor(() => {
    const found = element.shadowRoot?.querySelector('dialog');
    return found?.open ? found : undefined;
  }, 'the approval dialog');

const part = (element: CaApproval, name: string) =>
  element.shadowRoot!.querySelector<HTMLButtonElement>(`[part="${name}"]`);

const armed = (element: CaApproval) =>
  waitFor(() => {
    const approve = part(element, 'approve');
    return approve && !approve.disabled ? approve : undefined;
  }, 'Approve to be enabled');

const fileText = (runtime: StudioRuntime, path: string) => {
  const file = runtime.workspace.getSnapshot().files.find((entry) => entry.path === path);
  return file?.kind === 'text' ? file.text : undefined;
};

describe('<ca-approval> a person can trust', () => {
  it('scenario 8: a 70,000-character patch shows its size and +/− lines; the diff only on request', async () => {
    const { runtime, element } = await setup();
    const replacement = `<p>${'typo '.repeat(13_999)}</p>\n<p>second</p>`;
    const call = runtime.registry.executeModelToolCall({
      id: 'typo',
      name: 'workspace.applyPatch',
      arguments: { path: 'index.html', search: '<main>', replace: replacement },
    });
    const dialog = await openDialog(element);
    const text = dialog.textContent!.replace(/\s+/g, ' ');
    expect(text).to.include(
      `replace ${replacement.length.toLocaleString('en')} characters · 2 lines`,
    );
    expect(text).to.include('search 6 characters · 1 line');
    expect(text).to.include('+2 −1 lines');
    expect(text).not.to.include('typo typo');
    expect(element.shadowRoot!.querySelector('[part="diff"]')).to.equal(null);

    const show = part(element, 'show-change')!;
    expect(show.getAttribute('aria-expanded')).to.equal('false');
    show.click();
    const diff = await waitFor(
      () => element.shadowRoot!.querySelector<HTMLElement>('[part="diff"] .cm-editor'),
      'the diff',
    );
    expect(show.getAttribute('aria-expanded')).to.equal('true');
    expect(diff.querySelector('.cm-deletedChunk')!.textContent).to.include('<main>');
    // Bounded: the 70,000-character line wraps inside a box that scrolls, never past the dialog.
    expect(diff.parentElement!.clientHeight).to.be.below(300);
    expect(diff.scrollWidth - diff.clientWidth).to.be.at.most(1);
    part(element, 'deny')!.click();
    expect((await call).error?.code).to.equal('TOOL_APPROVAL_DENIED');
  });

  it('scenario 8: a cancelled head moves focus to the dialog and Enter cannot approve the next', async () => {
    const { runtime, element } = await setup();
    const cancel = new AbortController();
    const first = runtime.registry.executeModelToolCall(
      { id: 'first', name: 'workspace.writeFile', arguments: { path: 'app.js', text: '1' } },
      { signal: cancel.signal },
    );
    const second = runtime.registry.executeModelToolCall({
      id: 'second',
      name: 'workspace.deleteFile',
      arguments: { path: 'styles.css' },
    });
    const dialog = await openDialog(element);
    (await armed(element)).focus();
    expect(element.shadowRoot!.activeElement).to.equal(part(element, 'approve'));
    cancel.abort();
    await waitFor(() => dialog.textContent?.includes('workspace.deleteFile'), 'the next request');
    expect(part(element, 'approve')!.disabled).to.equal(true);
    await waitFor(() => element.shadowRoot!.activeElement === dialog, 'focus on the dialog');
    await sendKeys({ press: 'Enter' });
    await sendKeys({ press: ' ' });
    expect(runtime.approvals.store.getSnapshot().map((entry) => entry.toolName)).to.deep.equal([
      'workspace.deleteFile',
    ]);
    expect(fileText(runtime, 'styles.css')).to.be.a('string');
    expect((await first).error?.code).to.equal('TOOL_CANCELLED');
    // After the pause the person can decide deliberately.
    (await armed(element)).click();
    expect((await second).error).to.equal(undefined);
    expect(fileText(runtime, 'styles.css')).to.equal(undefined);
  });

  it('scenario 8: with no approval surface, gated calls fail at once with TOOL_APPROVAL_UNAVAILABLE', async () => {
    const { runtime, element } = await setup();
    const pending = runtime.registry.executeModelToolCall({
      id: 'before',
      name: 'workspace.writeFile',
      arguments: { path: 'app.js', text: '3' },
    });
    await openDialog(element);
    element.remove();
    expect((await pending).error?.code).to.equal('TOOL_APPROVAL_DENIED');
    const later = await runtime.registry.executeModelToolCall({
      id: 'after',
      name: 'workspace.writeFile',
      arguments: { path: 'app.js', text: '4' },
    });
    expect(later.error?.code).to.equal('TOOL_APPROVAL_UNAVAILABLE');
    const bare = createStudioRuntime({ workspaceRepository: null });
    await bare.ready;
    const unanswered = await bare.registry.executeModelToolCall({
      id: 'bare',
      name: 'workspace.deleteFile',
      arguments: { path: 'app.js' },
    });
    expect(unanswered.error?.code).to.equal('TOOL_APPROVAL_UNAVAILABLE');
    // A host's own handler connects the same way a surface does.
    const disconnect = bare.approvals.connect();
    const handled = bare.registry.executeModelToolCall({
      id: 'hosted',
      name: 'workspace.deleteFile',
      arguments: { path: 'app.js' },
    });
    await waitFor(() => bare.approvals.store.getSnapshot()[0], 'the host to be asked');
    bare.approvals.resolve(bare.approvals.store.getSnapshot()[0]!.id, 'approved');
    expect((await handled).error).to.equal(undefined);
    disconnect();
    bare.dispose();
  });

  it('returns focus to the element that had it and unlocks page scroll', async () => {
    const { runtime, element } = await setup();
    // Scroll is only locked when the dialog is modal to the page.
    element.approval = 'page';
    const opener = document.createElement('button');
    opener.textContent = 'opener';
    document.body.append(opener);
    opener.focus();
    const call = runtime.registry.executeModelToolCall({
      id: 'focus',
      name: 'workspace.writeFile',
      arguments: { path: 'app.js', text: '5' },
    });
    await openDialog(element);
    expect(document.documentElement.style.overflow).to.equal('hidden');
    part(element, 'deny')!.click();
    await call;
    await waitFor(() => document.activeElement === opener, 'focus back on the opener');
    await waitFor(() => document.documentElement.style.overflow === '', 'page scroll unlocked');
    opener.remove();
  });
});
