import { expect, fixture, html } from '@open-wc/testing';
import '../../../src/elements/editor/editor.js';
import '../../../src/elements/preview/preview.js';
import type { CaEditor } from '../../../src/elements/editor/editor.element.js';
import type { CaPreview } from '../../../src/elements/preview/preview.element.js';
import { createStudioRuntime } from '../../../src/composition/studio-runtime.js';
import { waitFor } from '../../support/wait.js';

/**
 * An editor and a preview on one runtime, the preview showing the seed; the editor writes a
 * draft `idleMs` after the last keystroke.
 */
async function setup(idleMs = 20) {
  const runtime = createStudioRuntime({ workspaceRepository: null });
  await runtime.ready;
  const root = await fixture<HTMLElement>(html`
    <div>
      <ca-editor .runtime=${runtime} idle-ms=${idleMs}></ca-editor>
      <ca-preview .runtime=${runtime}></ca-preview>
    </div>
  `);
  const editor = root.querySelector<CaEditor>('ca-editor')!;
  const preview = root.querySelector<CaPreview>('ca-preview')!;
  const content = await waitFor(
    () => editor.shadowRoot!.querySelector<HTMLElement>('.cm-content'),
    'CodeMirror to mount',
  );
  await waitFor(() => content.textContent?.includes('<!doctype html>'), 'the active file');
  await preview.updateComplete;
  const revision = runtime.workspace.getSnapshot().revision;
  const shown = await preview.controller!.waitForRevision(revision, new AbortController().signal);
  expect(shown.ok, JSON.stringify(shown)).to.equal(true);
  // The expected revision of every writeFile the editor makes.
  const expected: unknown[] = [];
  runtime.registry.subscribe((event) => {
    if (event.type !== 'started' || event.request.params.name !== 'workspace.writeFile') return;
    expected.push(event.request.params.arguments?.expectedRevision);
  });
  const writes = () =>
    runtime.trace
      .getSnapshot()
      .filter((row) => row.name === 'workspace.writeFile' && row.status !== 'running');
  return { runtime, editor, preview, content, revision, writes, expected };
}

const typeInto = (content: HTMLElement, text: string) => {
  content.focus();
  document.execCommand('insertText', false, text);
};

const alerts = (editor: CaEditor) =>
  [...editor.shadowRoot!.querySelectorAll('[role="alert"]')].map((node) => node.textContent);

const fileText = (runtime: ReturnType<typeof createStudioRuntime>, path: string) => {
  const file = runtime.workspace.getSnapshot().files.find((entry) => entry.path === path);
  return file?.kind === 'text' ? file.text : undefined;
};

describe('<ca-editor> saving', () => {
  it('a page whose script throws after a person’s edit: the editor shows it saved, the preview shows the error', async () => {
    const { runtime, editor, preview, content, revision, writes, expected } = await setup();
    typeInto(content, '<script>throw new Error("typed boom")</script>');
    await waitFor(() => writes().length === 1, 'the draft to be written');
    // Stored, against the revision the draft was reconciled with: the page's failure is not the
    // write's (a write that waited for the page would fail with PREVIEW_RUNTIME_ERROR).
    expect(expected).to.deep.equal([revision]);
    expect(writes()[0]).to.include({ status: 'completed' });
    expect(fileText(runtime, 'index.html')).to.include('typed boom');
    // The page fails in the preview, and says so there.
    const status = await waitFor(() => {
      const part = preview.shadowRoot!.querySelector('[part="status"]');
      return part?.textContent?.includes('typed boom') ? part.textContent : undefined;
    }, 'the preview to show the error');
    expect(status).to.include('error');
    expect(preview.controller!.getStatus()).to.include({ state: 'error', revision: revision + 1 });
    // The editor counts the text as saved: no draft, no alert, the tab not marked unsaved.
    await editor.updateComplete;
    expect(runtime.drafts.current().size).to.equal(0);
    expect(alerts(editor)).to.deep.equal([]);
  });

  it('a write the workspace refuses is shown as not saved, and the draft is kept', async () => {
    // No idle write: the draft is written when the test flushes it.
    const { runtime, editor, content, writes } = await setup(60_000);
    const before = fileText(runtime, 'index.html');
    // Typed, then the workspace turns read-only before the draft is written. CodeMirror takes
    // the typing in when it reads the DOM, which a busy page may do a frame later.
    typeInto(content, '<!-- kept -->');
    await waitFor(
      () => runtime.drafts.current().get('index.html')?.includes('<!-- kept -->'),
      'the typing to be a draft',
    );
    runtime.config.set({ readOnly: true });
    await editor.flush();
    await waitFor(() => writes().length === 1, 'the refused write');
    expect(writes()[0]!.error?.code).to.equal('TOOL_READ_ONLY');
    expect(fileText(runtime, 'index.html')).to.equal(before);
    expect(runtime.drafts.current().get('index.html')).to.include('<!-- kept -->');
    await editor.updateComplete;
    expect(alerts(editor).join(' ')).to.include('Not saved: TOOL_READ_ONLY');
  });
});
