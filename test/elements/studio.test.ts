import { expect, fixture, html } from '@open-wc/testing';
import '../../src/elements/studio/studio.js';
import type { CaStudio } from '../../src/elements/studio/studio.element.js';
import type { ToolCallEvent } from '../../src/runtime/protocol/events.js';
import { previewHostCapability } from '../../src/runtime/preview/preview-host.js';
import type { StudioRuntime } from '../../src/runtime/studio-runtime.js';
import { uniqueName, waitFor } from '../support/wait.js';

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
  await studio.runtime.ready;
  await previewSettled(studio.runtime);
  return studio;
}

describe('<ca-studio> walking skeleton (E1, section 0)', () => {
  it('runs tools/list → local agent → tools/call → approval → workspace → preview ack → result', async () => {
    const studio = await mountStudio(uniqueName('studio-path'));
    const runtime = studio.runtime;
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

    approval.shadowRoot!.querySelector<HTMLButtonElement>('[part="approve"]')!.click();
    await run;

    const rows = runtime.trace.getSnapshot();
    expect(rows.map((row) => [row.method, row.name, row.status])).to.deep.equal([
      ['agent.request', 'make the accent green', 'completed'],
      ['tools/list', 'tools/list', 'completed'],
      ['tools/call', 'workspace.getStatus', 'completed'],
      ['tools/call', 'preview.setTheme', 'completed'],
    ]);
    expect(new Set(rows.map((row) => row.sessionId)).size).to.equal(1);
    expect(rows.slice(2).every((row) => row.source === 'local' && row.mode === 'agent')).to.equal(
      true,
    );

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
    const refresh = await runtime.registry.callTool('preview.refresh', {});
    expect(refresh.structuredContent).to.include({ revision: structured.revision });
    const preview = await inner<HTMLElement>(studio, 'ca-preview');
    const iframe = preview.shadowRoot!.querySelector('iframe')!;
    expect(iframe.getAttribute('sandbox')).to.equal('allow-scripts');
    expect(iframe.srcdoc).to.match(/--accent:\s*#16a34a/i);
  });

  it('restores source and preview from IndexedDB after a reload', async () => {
    const databaseName = uniqueName('studio-reload');
    const first = await mountStudio(databaseName);
    const result = await first.runtime.registry.callTool('workspace.writeFile', {
      path: 'index.html',
      text: '<!doctype html><title>Kept</title><h1>Survives a reload</h1>',
    });
    expect(result.error).to.equal(undefined);
    first.remove();
    first.runtime.dispose();

    const second = await mountStudio(databaseName);
    expect(textOf(second.runtime, 'index.html')).to.include('Survives a reload');
    const preview = await inner<HTMLElement>(second, 'ca-preview');
    expect(preview.shadowRoot!.querySelector('iframe')!.srcdoc).to.include('Survives a reload');
  });

  it('shares one runtime given through the runtime property', async () => {
    const studio = await mountStudio(uniqueName('studio-shared'));
    const editor = await inner<HTMLElement & { runtime?: unknown }>(studio, 'ca-editor');
    expect(editor.runtime).to.equal(undefined);
    expect(studio.runtime.registry.getToolDefinition('workspace.writeFile')?.name).to.equal(
      'workspace.writeFile',
    );
  });

  it('is accessible', async () => {
    const studio = await mountStudio(uniqueName('studio-a11y'));
    await expect(studio).to.be.accessible();
  });
});
