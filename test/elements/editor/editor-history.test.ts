import { expect, fixture, html } from '@open-wc/testing';
import { sendKeys } from '@web/test-runner-commands';
import { EditorView } from '@codemirror/view';
import '../../../src/elements/editor/editor.js';
import '../../../src/elements/approval/approval.js';
import type { CaEditor } from '../../../src/elements/editor/editor.element.js';
import type { CaApproval } from '../../../src/elements/approval/approval.element.js';
import {
  createStudioRuntime,
  type StudioRuntime,
} from '../../../src/composition/studio-runtime.js';
import { loadLanguage } from '../../../src/elements/editor/languages.js';
import { loadCompletion } from '../../../src/elements/editor/lazy-completion.js';
import { pasteText } from '../../support/clipboard.js';
import { waitFor } from '../../support/wait.js';
import { callAsPerson } from '../../../src/runtime/registry/person-call.js';

// Line endings, per-file history, the size limit and steady typing,
// each driven through the keyboard, paste and the approval dialog in real Chromium.

async function setup(attributes: { idle?: number; maxWait?: number } = {}) {
  const runtime = createStudioRuntime({ workspaceRepository: null });
  await runtime.ready;
  const root = await fixture<HTMLElement>(
    html`<div>
      <ca-editor
        .runtime=${runtime}
        idle-ms=${attributes.idle ?? 20}
        max-wait-ms=${attributes.maxWait ?? 2000}
      ></ca-editor>
      <ca-approval .runtime=${runtime}></ca-approval>
    </div>`,
  );
  const element = root.querySelector<CaEditor>('ca-editor')!;
  const approval = root.querySelector<CaApproval>('ca-approval')!;
  const content = await waitFor(
    () => element.shadowRoot!.querySelector<HTMLElement>('.cm-content'),
    'CodeMirror to mount',
  );
  await waitFor(() => content.textContent?.includes('<!doctype html>'), 'the active file');
  // What the first focus loads, loaded before: evaluated while typing on a busy machine, it could
  // hold keys apart long enough to part one typed run into two undo steps.
  await Promise.all([loadLanguage('index.html'), loadCompletion()]);
  return { runtime, element, approval, content };
}

const fileText = (runtime: StudioRuntime, path: string) => {
  const file = runtime.workspace.getSnapshot().files.find((entry) => entry.path === path);
  return file?.kind === 'text' ? file.text : undefined;
};

const tab = (element: CaEditor, path: string) =>
  [...element.shadowRoot!.querySelectorAll<HTMLButtonElement>('[role="tab"]')].find(
    (button) => button.textContent?.trim() === path,
  );

async function openTab(element: CaEditor, content: HTMLElement, path: string, shows: string) {
  const button = await waitFor(() => tab(element, path), `the ${path} tab`);
  button.click();
  await waitFor(() => content.textContent?.includes(shows), `${path} in the editor`);
}

/** Presses `key` with Control held, as a person would. */
async function withControl(key: string) {
  await sendKeys({ down: 'Control' });
  await sendKeys({ press: key });
  await sendKeys({ up: 'Control' });
}

/** Puts the caret at the end of the document, through the keyboard. */
async function caretToEnd(content: HTMLElement) {
  content.focus();
  await withControl('End');
}

/** The whole text the editor holds (CodeMirror draws only what is in view). */
const editorText = (element: CaEditor) =>
  EditorView.findFromDOM(
    element.shadowRoot!.querySelector<HTMLElement>('.cm-editor')!,
  )!.state.sliceDoc();

const paste = pasteText;

describe('<ca-editor> never loses an edit', () => {
  it('scenario 2: a CRLF file opens, takes keys and Enter, and stays CRLF', async () => {
    const { runtime, element, content } = await setup();
    await callAsPerson(runtime.registry, 'workspace.writeFile', {
      path: 'README.md',
      text: '# t\r\nx',
    });
    await openTab(element, content, 'README.md', '# t');
    await caretToEnd(content);
    await sendKeys({ type: 'y' });
    await sendKeys({ press: 'Enter' });
    await sendKeys({ type: 'z' });
    paste(content, 'p\nq');
    await waitFor(() => fileText(runtime, 'README.md')?.endsWith('q'), 'the draft to save');
    expect(fileText(runtime, 'README.md')).to.equal('# t\r\nxy\r\nzp\r\nq');
    expect(content.querySelectorAll('.cm-line').length).to.equal(4);
  });

  it('scenario 2: bare-CR and mixed files round-trip exactly', async () => {
    const { runtime, element, content } = await setup();
    await callAsPerson(runtime.registry, 'workspace.createFile', {
      path: 'cr.txt',
      text: 'a\rb\rc',
    });
    await callAsPerson(runtime.registry, 'workspace.createFile', {
      path: 'mixed.txt',
      text: 'm1\r\nm2\nm3\r\n',
    });
    await openTab(element, content, 'cr.txt', 'a');
    await caretToEnd(content);
    await sendKeys({ type: '!' });
    await waitFor(() => fileText(runtime, 'cr.txt') === 'a\rb\rc!', 'cr.txt to save');
    await openTab(element, content, 'mixed.txt', 'm1');
    await caretToEnd(content);
    await sendKeys({ type: 'end' });
    await waitFor(() => fileText(runtime, 'mixed.txt')?.endsWith('end'), 'mixed.txt to save');
    expect(fileText(runtime, 'mixed.txt')).to.equal('m1\r\nm2\nm3\r\nend');
  });

  it('scenario 2: an approved createFile of a CRLF file opens it without a sync loop', async () => {
    const { runtime, approval, content } = await setup();
    const call = runtime.registry.executeModelToolCall({
      id: 'model-crlf',
      name: 'workspace.createFile',
      arguments: { path: 'notes.md', text: '# notes\r\nline two\r\n' },
    });
    const approve = await waitFor(
      () =>
        approval.shadowRoot!.querySelector<HTMLButtonElement>('[part="approve"]:not(:disabled)'),
      'the Approve button',
    );
    approve.click();
    expect((await call).error).to.equal(undefined);
    await callAsPerson(runtime.registry, 'workspace.openFile', { path: 'notes.md' });
    await waitFor(() => content.textContent?.includes('line two'), 'notes.md in the editor');
    await caretToEnd(content);
    await sendKeys({ type: 'more' });
    await waitFor(() => fileText(runtime, 'notes.md')?.endsWith('more'), 'notes.md to save');
    expect(fileText(runtime, 'notes.md')).to.equal('# notes\r\nline two\r\nmore');
  });

  it('scenario 3: undo never crosses files, and switching files is not undoable', async () => {
    const { runtime, element, content } = await setup();
    const html0 = fileText(runtime, 'index.html')!;
    const css0 = fileText(runtime, 'styles.css')!;
    await caretToEnd(content);
    await sendKeys({ type: '<!-- mine -->' });
    await waitFor(() => fileText(runtime, 'index.html')?.endsWith('<!-- mine -->'), 'the save');
    await openTab(element, content, 'styles.css', '--accent');
    content.focus();
    await withControl('z');
    await withControl('z');
    await element.flush();
    expect(fileText(runtime, 'styles.css')).to.equal(css0);
    expect(content.textContent).to.include('--accent');
    await openTab(element, content, 'index.html', '<!-- mine -->');
    content.focus();
    await withControl('z');
    await waitFor(() => fileText(runtime, 'index.html') === html0, 'undo of the typed comment');
  });

  it('scenario 3: each file keeps its own selection', async () => {
    const { element, content } = await setup();
    content.focus();
    await withControl('Home');
    await sendKeys({ press: 'ArrowDown' });
    await sendKeys({ press: 'ArrowDown' });
    const status = () => element.shadowRoot!.querySelector('[part="status"]')!.textContent!;
    await waitFor(() => status().includes('Ln 3'), 'the caret on line 3');
    await openTab(element, content, 'styles.css', '--accent');
    expect(status()).to.include('Ln 1');
    await openTab(element, content, 'index.html', '<!doctype html>');
    expect(status()).to.include('Ln 3,');
  });

  it('scenario 3: an agent edit stays out of the person\u2019s undo history', async () => {
    const { runtime, content } = await setup();
    await caretToEnd(content);
    await sendKeys({ type: 'A' });
    await waitFor(() => fileText(runtime, 'index.html')?.endsWith('A'), 'the save');
    const base = fileText(runtime, 'index.html')!;
    await callAsPerson(runtime.registry, 'workspace.writeFile', {
      path: 'index.html',
      text: `<!-- agent -->\n${base}`,
    });
    await waitFor(() => content.textContent?.includes('<!-- agent -->'), 'the agent edit');
    content.focus();
    await withControl('z');
    await waitFor(() => !fileText(runtime, 'index.html')?.endsWith('A'), 'undo of the typed A');
    expect(fileText(runtime, 'index.html')).to.equal(`<!-- agent -->\n${base.slice(0, -1)}`);
  });

  it('scenario 4: a paste past the limit stays in the editor, marked, and undo brings it back', async () => {
    const { runtime, element, content } = await setup();
    const start = `<!-- ${'x'.repeat(70_000 - 9)} -->`;
    await callAsPerson(runtime.registry, 'workspace.writeFile', {
      path: 'index.html',
      text: start,
    });
    await waitFor(() => editorText(element).length === 70_000, 'the 70,000-character file');
    await caretToEnd(content);
    await sendKeys({ type: 'word' });
    await waitFor(() => fileText(runtime, 'index.html') === `${start}word`, 'the word to save');
    paste(content, 'y'.repeat(20_000));
    const alert = await waitFor(
      () =>
        [...element.shadowRoot!.querySelectorAll('[role="alert"]')].find((node) =>
          node.textContent?.includes('Over the limit'),
        ),
      'the over-limit mark',
    );
    await element.flush();
    await runtime.drafts.flushAll();
    expect(alert.textContent).to.include('10,004');
    expect(fileText(runtime, 'index.html')).to.equal(`${start}word`);
    expect(runtime.drafts.current().get('index.html')?.length).to.equal(90_004);
    expect(editorText(element).length).to.equal(90_004);
    const writes = runtime.trace.getSnapshot().filter((row) => row.name === 'workspace.writeFile');
    // The typed word was written, and no write failed: one status, `completed`.
    expect(new Set(writes.map((row) => row.status))).to.deep.equal(new Set(['completed']));
    // Undo takes the paste back; the draft fits again and is written.
    content.focus();
    await withControl('z');
    await waitFor(() => runtime.drafts.current().size === 0, 'the draft to fit and save');
    expect(fileText(runtime, 'index.html')).to.equal(`${start}word`);
    expect(element.shadowRoot!.textContent).not.to.include('Over the limit');
  });

  it('scenario 4: an over-limit draft survives switching files', async () => {
    const { runtime, element, content } = await setup();
    await caretToEnd(content);
    paste(content, 'z'.repeat(80_001));
    await waitFor(() => runtime.drafts.current().has('index.html'), 'the draft');
    await openTab(element, content, 'styles.css', '--accent');
    await openTab(element, content, 'index.html', '<!doctype html>');
    expect(editorText(element).length).to.be.greaterThan(80_001);
    expect(fileText(runtime, 'index.html')).not.to.include('zzz');
  });

  it('scenario 5: steady typing is saved within max-wait, without waiting for a pause', async () => {
    // The idle save is a minute away: only the max-wait timer can write while keys keep coming.
    const { runtime, content } = await setup({ idle: 60_000, maxWait: 100 });
    await caretToEnd(content);
    let typed = '';
    while (!fileText(runtime, 'index.html')?.endsWith('k')) {
      await sendKeys({ type: 'k' });
      typed += 'k';
      if (typed.length > 200) throw new Error('typing was never saved');
    }
    expect(fileText(runtime, 'index.html')).to.match(/k+$/);
  });
});
