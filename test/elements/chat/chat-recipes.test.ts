import { expect, fixture, html } from '@open-wc/testing';
import '../../../src/elements/chat/chat.js';
import type { CaChat } from '../../../src/elements/chat/chat.element.js';
import type { AgentDriver } from '../../../src/runtime/agents/agent-types.js';
import { previewHostCapability } from '../../../src/runtime/preview/preview-host.js';
import type { StudioSurface } from '../../../src/runtime/surfaces/names.js';
import { createStudioRuntime } from '../../../src/composition/studio-runtime.js';
import { acknowledgingHost } from '../../runtime/tools/workspace/support.js';
import { waitFor } from '../../support/wait.js';
import { callAsPerson } from '../../../src/runtime/registry/person-call.js';

async function setup(surface: StudioSurface, agent?: AgentDriver) {
  const runtime = createStudioRuntime({
    workspaceRepository: null,
    surface,
    toolPolicy: () => 'allow',
    ...(agent ? { agent } : {}),
  });
  await runtime.ready;
  runtime.capabilities.provide(previewHostCapability, acknowledgingHost(runtime.workspace));
  const element = await fixture<CaChat>(html`<ca-chat .runtime=${runtime}></ca-chat>`);
  await waitFor(() => chips(element).length > 0, 'the recipes');
  return { runtime, element };
}

const chips = (element: CaChat) => [
  ...element.shadowRoot!.querySelectorAll<HTMLButtonElement>(
    '[aria-label="Prompt recipes"] button',
  ),
];
const labels = (element: CaChat) => chips(element).map((chip) => chip.textContent?.trim());

describe('<ca-chat> recipes fit the surface and the workspace', () => {
  it('offers no visual recipe on the live-editor page, whose files have no hero or accent', async () => {
    const { element } = await setup('live-editor');
    expect(labels(element)).not.to.include.members(['Green accent']);
    expect(labels(element)).not.to.include('New hero title');
    expect(labels(element)).not.to.include('Add a feature');
  });

  it('every recipe offered on the live-editor page succeeds there', async () => {
    const { runtime, element } = await setup('live-editor');
    for (const label of labels(element)) {
      const chip = chips(element).find((item) => item.textContent?.trim() === label);
      if (!chip) continue;
      chip.click();
      await waitFor(() => runtime.agent.getSnapshot().lastRun?.status, `${label} to finish`);
      await waitFor(() => !runtime.agent.getSnapshot().running, `${label} to finish`);
      const last = runtime.agent.getSnapshot().lastRun;
      expect(`${label}: ${last?.status} ${last?.error?.code ?? ''}`).to.equal(
        `${label}: completed `,
      );
      await element.updateComplete;
    }
  });

  it('offers Undo only once there is a change to undo', async () => {
    const { runtime, element } = await setup('studio');
    expect(labels(element)).not.to.include('Undo last change');
    expect(labels(element)).to.include('Green accent');
    await callAsPerson(runtime.registry, 'workspace.createFile', { path: 'extra.md' });
    await waitFor(() => labels(element).includes('Undo last change'), 'Undo to appear');
  });

  it('keeps Retry clear of the recipe chips: a click on its centre hits Retry', async () => {
    const failing: AgentDriver = {
      id: 'failing',
      run: async () => ({
        status: 'failed',
        error: { code: 'AGENT_PROVIDER_UNAVAILABLE', message: 'Try later.', retryable: true },
      }),
    };
    const { element } = await setup('studio', failing);
    element.style.cssText = 'display: flex; flex-direction: column; width: 360px; height: 260px';
    await element.submit('Make the accent green');
    const retry = await waitFor(
      () =>
        [...element.shadowRoot!.querySelectorAll<HTMLButtonElement>('.status button')].find(
          (button) => button.textContent?.trim() === 'Retry',
        ),
      'Retry',
    );
    const box = retry.getBoundingClientRect();
    const hit = element.shadowRoot!.elementFromPoint(
      box.left + box.width / 2,
      box.top + box.height / 2,
    );
    expect(hit).to.equal(retry);
  });
});
