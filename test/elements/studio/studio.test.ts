import { expect, fixture, html } from '@open-wc/testing';
import { sendKeys } from '@web/test-runner-commands';
import '../../../src/elements/studio/studio.js';
import type { CaStudio } from '../../../src/elements/studio/studio.element.js';
import type { ToolCallEvent } from '../../../src/runtime/protocol/events.js';
import { previewHostCapability } from '../../../src/runtime/preview/preview-host.js';
import type { StudioRuntime } from '../../../src/composition/studio-runtime.js';
import {
  OPENROUTER_API_KEY_STORAGE_KEY,
  OPENROUTER_SETTINGS_STORAGE_KEY,
} from '../../../src/runtime/agents/openrouter/settings.js';
import { scriptOpenAi, textResponse, toolCallResponse } from '../../support/openai-script.js';
import { uniqueName, waitFor } from '../../support/wait.js';
import { callAsPerson } from '../../../src/runtime/registry/person-call.js';

const inner = <T extends Element>(studio: CaStudio, selector: string) =>
  waitFor(() => studio.shadowRoot!.querySelector<T>(selector), selector);

/** Waits until the mounted preview acknowledged the workspace's current revision. */
function previewSettled(runtime: StudioRuntime) {
  return waitFor(() => {
    const host = runtime.capabilities.resolve(previewHostCapability);
    const status = host?.getStatus();
    return status && status.acknowledgedRevision === runtime.workspace.getSnapshot().revision
      ? status
      : undefined;
  }, 'the preview acknowledgement');
}

const textOf = (runtime: StudioRuntime, path: string) => {
  const file = runtime.workspace.getSnapshot().files.find((entry) => entry.path === path);
  return file?.kind === 'text' ? file.text : undefined;
};

async function mountStudio(databaseName: string) {
  const studio = await fixture<CaStudio>(
    html`<ca-studio database-name=${databaseName}></ca-studio>`,
  );
  await studio.runtime!.ready;
  await previewSettled(studio.runtime!);
  return studio;
}

describe('<ca-studio> walking skeleton (E1, section 0)', () => {
  it('runs tools/list → local agent → tools/call → approval → workspace → preview ack → result', async () => {
    const studio = await mountStudio(uniqueName('studio-path'));
    const runtime = studio.runtime!;
    const events: ToolCallEvent[] = [];
    runtime.registry.subscribe((event) => events.push(event));

    const chat = await inner<HTMLElement & { submit(prompt: string): Promise<void> }>(
      studio,
      'ca-chat',
    );
    const run = chat.submit('make the accent green');

    const approval = await inner<HTMLElement>(studio, 'ca-approval');
    const dialog = await waitFor(() => {
      const found = approval.shadowRoot!.querySelector('dialog');
      return found?.open ? found : undefined;
    }, 'the approval dialog');
    expect(dialog.textContent).to.include('preview.setTheme');
    expect(dialog.textContent).to.include('green');

    // Before approval: the run, its discovery and the read-only preflight are traced, the mutation waits.
    expect(
      runtime.trace.getSnapshot().map((row) => [row.method, row.name, row.status]),
    ).to.deep.equal([
      ['agent.request', 'make the accent green', 'running'],
      ['tools/list', 'tools/list', 'completed'],
      ['tools/call', 'workspace.getStatus', 'completed'],
      ['tools/call', 'preview.setTheme', 'running'],
    ]);
    const revisionBefore = runtime.workspace.getSnapshot().revision;

    (
      await waitFor(
        () => approval.shadowRoot!.querySelector<HTMLButtonElement>('[part="approve"]:enabled'),
        'Approve to be enabled',
      )
    ).click();
    await run;

    const rows = runtime.trace.getSnapshot();
    expect(rows.map((row) => [row.method, row.name, row.status])).to.deep.equal([
      ['agent.request', 'make the accent green', 'completed'],
      ['tools/list', 'tools/list', 'completed'],
      ['tools/call', 'workspace.getStatus', 'completed'],
      ['tools/call', 'preview.setTheme', 'completed'],
    ]);
    expect(new Set(rows.map((row) => row.sessionId)).size).to.equal(1);
    expect(rows.slice(2).map((row) => [row.source, row.mode])).to.deep.equal([
      ['local', 'agent'],
      ['local', 'agent'],
    ]);

    const completed = events.find(
      (event) => event.type === 'completed' && event.request.params.name === 'preview.setTheme',
    )!;
    const structured = completed.result!.structuredContent as { revision: number };
    expect(structured.revision).to.equal(revisionBefore + 1);
    expect(runtime.workspace.getSnapshot().revision).to.equal(structured.revision);
    expect(textOf(runtime, 'styles.css')).to.match(/--accent:\s*#16a34a/i);

    const status = await previewSettled(runtime);
    expect(status.acknowledgedRevision).to.equal(structured.revision);
    // The CSS edit was applied in place; a remount at the same revision shows the same change.
    const refresh = await callAsPerson(runtime.registry, 'preview.refresh', {});
    expect(refresh.structuredContent).to.include({ revision: structured.revision });
    const preview = await inner<HTMLElement>(studio, 'ca-preview');
    const iframe = preview.shadowRoot!.querySelector('iframe')!;
    expect(iframe.getAttribute('sandbox')).to.equal('allow-scripts');
    expect(iframe.srcdoc).to.match(/--accent:\s*#16a34a/i);
  });

  it('restores source and preview from IndexedDB after a reload', async () => {
    const databaseName = uniqueName('studio-reload');
    const first = await mountStudio(databaseName);
    const result = await callAsPerson(first.runtime!.registry, 'workspace.writeFile', {
      path: 'index.html',
      text: '<!doctype html><title>Kept</title><h1>Survives a reload</h1>',
    });
    expect(result.error).to.equal(undefined);
    first.remove();
    first.runtime!.dispose();

    const second = await mountStudio(databaseName);
    expect(textOf(second.runtime!, 'index.html')).to.include('Survives a reload');
    const preview = await inner<HTMLElement>(second, 'ca-preview');
    expect(preview.shadowRoot!.querySelector('iframe')!.srcdoc).to.include('Survives a reload');
  });

  it('shares one runtime given through the runtime property', async () => {
    const studio = await mountStudio(uniqueName('studio-shared'));
    const editor = await inner<HTMLElement & { runtime?: unknown }>(studio, 'ca-editor');
    expect(editor.runtime).to.equal(undefined);
    expect(studio.runtime!.registry.getToolDefinition('workspace.writeFile')?.name).to.equal(
      'workspace.writeFile',
    );
  });

  it('is accessible', async () => {
    const studio = await mountStudio(uniqueName('studio-a11y'));
    await expect(studio).to.be.accessible();
  });
});

const KEY = 'sk-or-v1-studio-test-key';

function clearStoredSettings() {
  localStorage.removeItem(OPENROUTER_API_KEY_STORAGE_KEY);
  localStorage.removeItem(OPENROUTER_SETTINGS_STORAGE_KEY);
}

/** Fills one settings field the way a person does: focus, select, type. */
async function typeInto(settings: HTMLElement, id: string, value: string) {
  const input = settings.shadowRoot!.querySelector<HTMLInputElement>(`#${id}`)!;
  input.focus();
  input.select();
  await sendKeys({ type: value });
}

describe('<ca-studio> with an OpenAI-compatible model (A2, A6, E4)', () => {
  beforeEach(clearStoredSettings);
  afterEach(clearStoredSettings);

  it('configures the model in the header dialog and runs tools/list → model → tools/call → approval → file change', async () => {
    const studio = await mountStudio(uniqueName('studio-openrouter'));
    const runtime = studio.runtime!;
    const revision = runtime.workspace.getSnapshot().revision;
    const script = await scriptOpenAi([
      toolCallResponse('call_heading', 'workspace.writeFile', {
        path: 'index.html',
        text: '<!doctype html><title>Model</title><h1>Written by the model</h1>',
        expectedRevision: revision,
      }),
      textResponse('I rewrote index.html.'),
    ]);

    const modelButton = await inner<HTMLButtonElement>(studio, '[part="model-button"]');
    expect(modelButton.textContent!.replace(/\s+/g, ' ').trim()).to.equal('Model Local agent');
    modelButton.focus();
    modelButton.click();
    const settings = await inner<HTMLElement & { open: boolean }>(studio, 'ca-settings');
    // The dialog's code loads on this first click (lazy chunk); it still opens with the key field focused.
    await waitFor(() => settings.shadowRoot?.querySelector('dialog')?.open, 'the settings dialog');
    await waitFor(
      () => settings.shadowRoot!.activeElement?.id === 'apiKey',
      'focus on the API key field',
    );
    await typeInto(settings, 'apiKey', KEY);
    await typeInto(settings, 'endpoint', script.endpoint);
    settings.shadowRoot!.querySelector<HTMLButtonElement>('[part="save"]')!.click();
    await waitFor(() => !settings.open, 'the dialog to close');
    // (Compared as a boolean: chai would print the whole studio on a mismatch.)
    expect(studio.shadowRoot!.activeElement === modelButton, 'focus on the Model button').to.equal(
      true,
    );
    await studio.updateComplete;
    expect(modelButton.textContent!.replace(/\s+/g, ' ').trim()).to.equal(
      'Model OpenRouter · openai/gpt-4o-mini',
    );

    const chat = await inner<HTMLElement & { submit(prompt: string): Promise<void> }>(
      studio,
      'ca-chat',
    );
    const run = chat.submit('Put a new heading on the page');
    const approval = await inner<HTMLElement>(studio, 'ca-approval');
    const dialog = await waitFor(() => {
      const found = approval.shadowRoot!.querySelector('dialog');
      return found?.open ? found : undefined;
    }, 'the approval dialog');
    expect(dialog.textContent).to.include('workspace.writeFile');
    expect(dialog.textContent).to.include('model · agent');
    (
      await waitFor(
        () => approval.shadowRoot!.querySelector<HTMLButtonElement>('[part="approve"]:enabled'),
        'Approve to be enabled',
      )
    ).click();
    await run;

    expect(runtime.agent.getSnapshot().lastRun?.status).to.equal('completed');
    expect(textOf(runtime, 'index.html')).to.include('Written by the model');
    const rows = runtime.trace.getSnapshot();
    expect(rows.map((row) => [row.method, row.name, row.status, row.source])).to.deep.equal([
      ['agent.request', 'Put a new heading on the page', 'completed', 'model'],
      ['tools/list', 'tools/list', 'completed', 'model'],
      ['tools/call', 'workspace.writeFile', 'completed', 'model'],
    ]);
    expect(new Set(rows.map((row) => row.sessionId)).size).to.equal(1);

    const transcript = chat.shadowRoot!.querySelector('[role="log"]')!;
    expect(transcript.textContent).to.include('Put a new heading on the page');
    expect(transcript.querySelector('[data-tool="workspace.writeFile"]')).not.to.equal(null);
    expect(transcript.textContent).to.include('I rewrote index.html.');

    const { count, requests } = await script.requests();
    expect(count).to.equal(2);
    expect(requests[0]!.authorization).to.equal(`Bearer ${KEY}`);
    expect(requests[0]!.body.model).to.equal('openai/gpt-4o-mini');
    expect(requests[0]!.body.tools!.map((tool) => tool.function.name)).to.include(
      'workspace__writeFile',
    );
    const toolMessage = requests[1]!.body.messages.find((message) => message.role === 'tool');
    expect(toolMessage?.tool_call_id).to.equal('call_heading');
  });
});
