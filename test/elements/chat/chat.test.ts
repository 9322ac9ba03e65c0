import { expect, fixture, html } from '@open-wc/testing';
import '../../../src/elements/chat/chat.js';
import '../../../src/elements/preview/preview.js';
import type { CaChat } from '../../../src/elements/chat/chat.element.js';
import {
  OPENROUTER_API_KEY_STORAGE_KEY,
  OPENROUTER_SETTINGS_STORAGE_KEY,
} from '../../../src/runtime/agents/openrouter/settings.js';
import * as z from 'zod';
import { defineTool } from '../../../src/runtime/registry/define-tool.js';
import { createToolRegistry } from '../../../src/runtime/registry/registry.js';
import { createStudioRuntime } from '../../../src/composition/studio-runtime.js';
import {
  errorResponse,
  scriptOpenAi,
  textResponse,
  toolCallResponse,
} from '../../support/openai-script.js';
import { waitFor } from '../../support/wait.js';
import { callAsPerson } from '../../../src/runtime/registry/person-call.js';

async function setup() {
  const runtime = createStudioRuntime({ workspaceRepository: null });
  await runtime.ready;
  // The tests answer approvals themselves, connected as a host's own handler would be.
  runtime.approvals.connect();
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
    await callAsPerson(runtime.registry, 'workspace.writeFile', {
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

  it('offers only the recipes whose tools the registry has, following registrations live', async () => {
    const { runtime } = await setup();
    const registry = createToolRegistry();
    const tool = (name: string) =>
      defineTool(
        {
          name,
          description: name,
          inputSchema: z.object({}),
          annotations: { readOnlyHint: true },
        },
        () => ({ ok: true as const, value: {} }),
      );
    registry.register(tool('workspace.getStatus'));
    const element = await fixture<CaChat>(
      html`<ca-chat .runtime=${{ ...runtime, agentTools: registry }}></ca-chat>`,
    );
    const labels = () =>
      [...element.shadowRoot!.querySelectorAll('[aria-label="Prompt recipes"] button')].map(
        (button) => button.textContent?.trim(),
      );
    // The recipes come with a chunk the first render may not have yet.
    await waitFor(() => labels().length > 0, 'the recipes');
    expect(labels()).to.deep.equal(['Workspace status']);
    const unregister = registry.register(tool('preview.getStatus'));
    await element.updateComplete;
    expect(labels()).to.deep.equal(['Workspace status', 'Preview status']);
    unregister();
    await element.updateComplete;
    expect(labels()).to.deep.equal(['Workspace status']);
  });

  it('is accessible', async () => {
    const { element } = await setup();
    await expect(element).to.be.accessible();
  });
});

const KEY = 'sk-or-v1-chat-test-key';

function clearStoredSettings() {
  localStorage.removeItem(OPENROUTER_API_KEY_STORAGE_KEY);
  localStorage.removeItem(OPENROUTER_SETTINGS_STORAGE_KEY);
}

const status = (element: CaChat) =>
  element.shadowRoot!.querySelector('[role="status"]')!.textContent!.replace(/\s+/g, ' ');
const badge = (element: CaChat) =>
  element.shadowRoot!.querySelector('[part="mode"]')!.textContent!.trim();
const buttonNamed = (element: CaChat, name: string) =>
  [...element.shadowRoot!.querySelectorAll('button')].find((b) => b.textContent?.trim() === name);

describe('<ca-chat> with OpenRouter (A2, A4, A5)', () => {
  beforeEach(clearStoredSettings);
  afterEach(clearStoredSettings);

  it('names the mode in a badge that follows a key saved by another same-origin document', async () => {
    const { element } = await setup();
    expect(badge(element)).to.equal('Local agent');
    const frame = await fixture<HTMLIFrameElement>(html`<iframe title="Another tab"></iframe>`);
    frame.contentWindow!.localStorage.setItem(OPENROUTER_API_KEY_STORAGE_KEY, KEY);
    await waitFor(
      () => badge(element) === 'OpenRouter · openai/gpt-4o-mini',
      'the OpenRouter badge',
    );
    frame.contentWindow!.localStorage.removeItem(OPENROUTER_API_KEY_STORAGE_KEY);
    await waitFor(() => badge(element) === 'Local agent', 'the local badge again');
  });

  it('offers "Use local agent & retry" after a 401 and runs the local agent without another provider request', async () => {
    const { element, runtime } = await setup();
    const script = await scriptOpenAi([errorResponse(401, 'No auth credentials found')]);
    expect(runtime.openrouter.update({ apiKey: KEY, endpoint: script.endpoint }).ok).to.equal(true);

    await element.submit('Make the accent green');
    expect(runtime.agent.getSnapshot().lastRun?.error?.code).to.equal('OPENROUTER_UNAUTHORIZED');
    await element.updateComplete;
    expect(status(element)).to.include('OPENROUTER_UNAUTHORIZED');
    expect(buttonNamed(element, 'Retry')).to.equal(undefined);

    buttonNamed(element, 'Use local agent & retry')!.click();
    const [pending] = await waitFor(() => {
      const list = runtime.approvals.store.getSnapshot();
      return list.length ? list : undefined;
    }, 'the local agent asking for approval');
    await element.updateComplete;
    expect(pending!.source).to.equal('local');
    expect(badge(element)).to.equal('Local agent');
    runtime.approvals.resolve(pending!.id, 'denied');
    await waitFor(() => !runtime.agent.getSnapshot().running, 'the local run to end');

    const requests = await script.requests();
    expect(requests.count).to.equal(1);
    expect(requests.requests[0]!.authorization).to.equal(`Bearer ${KEY}`);
    expect(localStorage.getItem(OPENROUTER_API_KEY_STORAGE_KEY)).to.equal(KEY);
    const runs = runtime.trace.getSnapshot().filter((row) => row.method === 'agent.request');
    expect(runs.map((row) => [row.source, row.status])).to.deep.equal([
      ['model', 'failed'],
      ['local', 'failed'],
    ]);
    await element.updateComplete;
    expect(badge(element)).to.equal('OpenRouter · openai/gpt-4o-mini');
  });

  it('offers Retry, not the local agent, when the provider stays unavailable through its retries', async () => {
    const { element, runtime } = await setup();
    const unavailable = errorResponse(503, 'Provider unavailable');
    const script = await scriptOpenAi([unavailable, unavailable, unavailable]);
    runtime.openrouter.update({ apiKey: KEY, endpoint: script.endpoint });
    await element.submit('What is the workspace status?');
    expect(runtime.agent.getSnapshot().lastRun?.error).to.include({
      code: 'OPENROUTER_PROVIDER_ERROR',
      retryable: true,
    });
    expect((await script.requests()).count).to.equal(3);
    await element.updateComplete;
    expect(buttonNamed(element, 'Retry')).not.to.equal(undefined);
    expect(buttonNamed(element, 'Use local agent & retry')).to.equal(undefined);
  });

  it('shows the retry and the turn of a running provider request', async () => {
    const { element, runtime } = await setup();
    const script = await scriptOpenAi([
      errorResponse(429, 'Rate limited'),
      toolCallResponse('call_status', 'workspace.getStatus', {}),
      textResponse('All good.', 1500),
    ]);
    runtime.openrouter.update({ apiKey: KEY, endpoint: script.endpoint });
    const run = element.submit('What is the workspace status?');
    await waitFor(
      () => status(element).includes('retrying (1 of 2) after OPENROUTER_RATE_LIMITED'),
      'the retry line',
    );
    await waitFor(() => status(element).includes('turn 2 of 5'), 'the second turn');
    await run;
    expect(runtime.agent.getSnapshot().lastRun?.status).to.equal('completed');
    await element.updateComplete;
    expect(element.shadowRoot!.querySelector('[part="progress"]')).to.equal(null);
  });

  it('shows a request cancelled during a slow provider response as cancelled, not failed', async () => {
    const { element, runtime } = await setup();
    const script = await scriptOpenAi([textResponse('Too late.', 8000)]);
    runtime.openrouter.update({ apiKey: KEY, endpoint: script.endpoint });
    const run = element.submit('What is the workspace status?');
    await script.until((log) => log.count === 1, 'the provider request');
    await element.updateComplete;
    buttonNamed(element, 'Cancel')!.click();
    await run;
    expect(runtime.agent.getSnapshot().lastRun?.status).to.equal('cancelled');
    await element.updateComplete;
    expect(status(element)).to.include('Cancelled');
    expect(status(element)).not.to.include('Failed');
    await script.until((log) => log.aborted === 1, 'the aborted request');
  });
});
