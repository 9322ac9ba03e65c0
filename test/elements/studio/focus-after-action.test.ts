import { expect, fixture, html } from '@open-wc/testing';
import { sendKeys } from '@web/test-runner-commands';
import '../../../src/elements/actions/actions.js';
import '../../../src/elements/chat/chat.js';
import '../../../src/elements/studio/studio.js';
import type { CaWorkspaceActions } from '../../../src/elements/actions/actions.element.js';
import type { CaChat } from '../../../src/elements/chat/chat.element.js';
import type { CaStudio } from '../../../src/elements/studio/studio.element.js';
import { deepActiveElement } from '../../../src/elements/shared/focus.js';
import { previewHostCapability } from '../../../src/runtime/preview/preview-host.js';
import { createStudioRuntime } from '../../../src/composition/studio-runtime.js';
import { acknowledgingHost } from '../../runtime/tools/workspace/support.js';
import { uniqueName, waitFor } from '../../support/wait.js';
import { callAsPerson } from '../../../src/runtime/registry/person-call.js';

const named = (root: ShadowRoot, selector: string, name: string) =>
  waitFor(
    () =>
      [...root.querySelectorAll<HTMLButtonElement>(selector)].find(
        (button) => button.textContent?.trim() === name,
      ),
    name,
  );

describe('focus after an action stays where the person works', () => {
  it('the header Undo that empties the history hands focus to Redo, not the page', async () => {
    const runtime = createStudioRuntime({ workspaceRepository: null });
    await runtime.ready;
    await callAsPerson(runtime.registry, 'workspace.writeFile', {
      path: 'app.js',
      text: '// edited',
    });
    const actions = await fixture<CaWorkspaceActions>(
      html`<ca-workspace-actions .runtime=${runtime}></ca-workspace-actions>`,
    );
    const undo = await named(actions.shadowRoot!, 'button', 'Undo');
    await waitFor(() => !undo.disabled, 'Undo to enable');
    undo.focus();
    await sendKeys({ press: 'Enter' });
    await waitFor(() => undo.disabled, 'the history to empty');
    await waitFor(() => deepActiveElement() !== document.body, 'focus to land');
    expect(deepActiveElement()?.textContent?.trim()).to.equal('Redo');
    runtime.dispose();
  });

  it('a recipe chip that leaves after its run hands focus to the prompt', async () => {
    const runtime = createStudioRuntime({ workspaceRepository: null, toolPolicy: () => 'allow' });
    await runtime.ready;
    runtime.capabilities.provide(previewHostCapability, acknowledgingHost(runtime.workspace));
    const chat = await fixture<CaChat>(html`<ca-chat .runtime=${runtime}></ca-chat>`);
    const chip = await named(chat.shadowRoot!, '.recipes button', 'Create a file');
    chip.focus();
    await sendKeys({ press: 'Enter' });
    await waitFor(() => !chip.isConnected, 'the chip to leave');
    await chat.updateComplete;
    expect(deepActiveElement()).to.equal(chat.shadowRoot!.querySelector('textarea'));
    runtime.dispose();
  });

  it('Approve after a recipe chip gives focus back to the chip', async () => {
    const wrapper = await fixture<HTMLDivElement>(
      `<div style="width: 1200px; height: 760px"><ca-studio database-name="${uniqueName('focus')}"></ca-studio></div>`,
    );
    const studio = wrapper.querySelector<CaStudio>('ca-studio')!;
    await studio.updateComplete;
    await studio.runtime!.ready;
    const chat = studio.shadowRoot!.querySelector<CaChat>('ca-chat')!;
    const chip = await named(chat.shadowRoot!, '.recipes button', 'Green accent');
    chip.focus();
    await sendKeys({ press: 'Enter' });
    const approval = studio.shadowRoot!.querySelector('ca-approval')!;
    const approve = await waitFor(() => {
      const button = approval.shadowRoot?.querySelector<HTMLButtonElement>('[part~="approve"]');
      return button && !button.disabled && button.checkVisibility() ? button : undefined;
    }, 'Approve');
    approve.focus();
    await sendKeys({ press: 'Enter' });
    await waitFor(
      () => studio.runtime!.agent.getSnapshot().lastRun?.status === 'completed',
      'the run',
    );
    await chat.updateComplete;
    expect(deepActiveElement()).to.equal(chip);
  });
});
