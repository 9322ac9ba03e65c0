import { expect, fixture, html } from '@open-wc/testing';
import '../../../src/elements/editor/editor.js';
import type { CaEditor } from '../../../src/elements/editor/editor.element.js';
import { createStudioRuntime } from '../../../src/composition/studio-runtime.js';
import { waitFor } from '../../support/wait.js';
import { callAsPerson } from '../../../src/runtime/registry/person-call.js';

async function setup() {
  const runtime = createStudioRuntime({ workspaceRepository: null });
  await runtime.ready;
  const element = await fixture<CaEditor>(
    html`<ca-editor .runtime=${runtime} idle-ms="20"></ca-editor>`,
  );
  const content = await waitFor(
    () => element.shadowRoot!.querySelector<HTMLElement>('.cm-content'),
    'CodeMirror to mount',
  );
  await waitFor(() => content.textContent?.includes('<!doctype html>'), 'the active file');
  return { runtime, element, content };
}

const typeInto = (content: HTMLElement, text: string) => {
  content.focus();
  document.execCommand('insertText', false, text);
};

describe('<ca-editor> (E2)', () => {
  it('shows the active workspace file in CodeMirror', async () => {
    const { element } = await setup();
    const selected = element.shadowRoot!.querySelector('[role="tab"][aria-selected="true"]');
    expect(selected?.textContent?.trim()).to.equal('index.html');
  });

  it('writes edits only through workspace.writeFile as a local direct call', async () => {
    const { runtime, content } = await setup();
    const before = runtime.workspace.getSnapshot().revision;
    typeInto(content, '<!-- typed -->');
    await waitFor(() => runtime.workspace.getSnapshot().revision > before, 'the draft to flush');
    const file = runtime.workspace.getSnapshot().files.find((entry) => entry.path === 'index.html');
    expect(file?.kind === 'text' && file.text.includes('<!-- typed -->')).to.equal(true);
    const call = runtime.trace.getSnapshot().find((row) => row.name === 'workspace.writeFile');
    expect(call).to.include({
      method: 'tools/call',
      source: 'local',
      mode: 'direct',
      status: 'completed',
    });
  });

  it('follows changes made by tools', async () => {
    const { runtime, content } = await setup();
    await callAsPerson(runtime.registry, 'workspace.writeFile', {
      path: 'index.html',
      text: '<h1>From a tool</h1>',
    });
    await waitFor(() => content.textContent === '<h1>From a tool</h1>', 'the editor to follow');
  });

  it('opens another file through workspace.openFile', async () => {
    const { runtime, element, content } = await setup();
    const tab = [...element.shadowRoot!.querySelectorAll<HTMLButtonElement>('[role="tab"]')].find(
      (button) => button.textContent?.trim() === 'styles.css',
    )!;
    tab.click();
    await waitFor(() => content.textContent?.includes('--accent'), 'styles.css');
    expect(runtime.workspace.getSnapshot().activePath).to.equal('styles.css');
    expect(runtime.trace.getSnapshot().some((row) => row.name === 'workspace.openFile')).to.equal(
      true,
    );
  });

  it('is read-only while an agent runs', async () => {
    const { runtime, content } = await setup();
    // Answered by the test, as a host's own approval handler would: the run waits for it.
    runtime.approvals.connect();
    const run = runtime.agent.run('Make the accent green');
    await waitFor(() => content.getAttribute('contenteditable') === 'false', 'read-only mode');
    runtime.agent.cancel();
    await run;
    await waitFor(() => content.getAttribute('contenteditable') === 'true', 'editable again');
  });

  it('is accessible', async () => {
    const { element } = await setup();
    await expect(element).to.be.accessible();
  });
});
