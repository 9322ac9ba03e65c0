import { expect, fixture, html } from '@open-wc/testing';
import { sendKeys, sendMouse } from '@web/test-runner-commands';
import { EditorView } from '@codemirror/view';
import '../../../src/elements/editor/editor.js';
import type { CaEditor } from '../../../src/elements/editor/editor.element.js';
import type { AgentDriver } from '../../../src/runtime/agents/agent-types.js';
import { createStudioRuntime } from '../../../src/composition/studio-runtime.js';
import { fetched } from '../../support/fetched.js';
import { waitFor } from '../../support/wait.js';
import { clickInto, withCtrl } from '../../support/real-input.js';
import { callAsPerson } from '../../../src/runtime/registry/person-call.js';

/**
 * An editor whose timers never fire during a test: only blur and agent runs flush. (WebDriver
 * types slowly enough in WebKit for the 2 s maximum wait to pass while a test types.)
 */
async function setup(idleMs = 600_000) {
  const runtime = createStudioRuntime({ workspaceRepository: null });
  await runtime.ready;
  const element = await fixture<CaEditor>(
    html`<ca-editor .runtime=${runtime} idle-ms=${idleMs} max-wait-ms=${idleMs}></ca-editor>`,
  );
  const content = await waitFor(
    () => element.shadowRoot!.querySelector<HTMLElement>('.cm-content'),
    'CodeMirror to mount',
  );
  await waitFor(() => content.textContent?.includes('<!doctype html>'), 'the active file');
  const view = EditorView.findFromDOM(content)!;
  return { runtime, element, content, view };
}

const statusText = (element: CaEditor) =>
  element.shadowRoot!.querySelector('[part="status"]')!.textContent!.replace(/\s+/g, ' ');

const budgetOf = (element: CaEditor) =>
  [...element.shadowRoot!.querySelectorAll('[part="status"] span')].find((span) =>
    /\/\s*80,000 chars/.test(span.textContent ?? ''),
  )!;

const fileText = (runtime: ReturnType<typeof createStudioRuntime>, path: string) => {
  const file = runtime.workspace.getSnapshot().files.find((entry) => entry.path === path);
  return file?.kind === 'text' ? file.text : undefined;
};

async function openThroughTool(
  runtime: ReturnType<typeof createStudioRuntime>,
  path: string,
  text: string,
) {
  const created = await callAsPerson(runtime.registry, 'workspace.createFile', { path, text });
  expect(created.error, path).to.equal(undefined);
  await callAsPerson(runtime.registry, 'workspace.openFile', { path });
}

describe('<ca-editor> search, status bar and modes (E2)', () => {
  it('Ctrl+F opens in-file search; Enter selects the next match and the status bar follows it', async () => {
    const { runtime, element, content, view } = await setup();
    await callAsPerson(runtime.registry, 'workspace.writeFile', {
      path: 'index.html',
      text: 'first line\nsecond line\nthird needle here\n',
    });
    await waitFor(() => content.textContent?.includes('needle'), 'the new text');
    await clickInto(content);
    // The first search key of the page loads search (src/elements/editor/lazy-search.ts).
    expect(fetched('@codemirror/search'), 'search before first use').to.equal(false);
    await withCtrl('KeyF');
    const field = await waitFor(
      () => element.shadowRoot!.querySelector<HTMLInputElement>('.cm-search input[name="search"]'),
      'the search panel',
    );
    expect(element.shadowRoot!.activeElement).to.equal(field);
    await sendKeys({ type: 'needle' });
    await sendKeys({ press: 'Enter' });
    const at = 'first line\nsecond line\nthird '.length;
    await waitFor(() => view.state.selection.main.from === at, 'the match to be selected');
    expect(
      view.state.sliceDoc(view.state.selection.main.from, view.state.selection.main.to),
    ).to.equal('needle');
    await waitFor(() => statusText(element).includes('Ln 3, Col 13'), 'Ln 3, Col 13');
    await sendKeys({ press: 'Escape' });
    await waitFor(() => !element.shadowRoot!.querySelector('.cm-search'), 'the panel to close');
  });

  it('the status bar shows line, column, line count and the 80,000-character budget as you type', async () => {
    const { runtime, element, content } = await setup();
    await callAsPerson(runtime.registry, 'workspace.writeFile', {
      path: 'index.html',
      text: 'ab\ncd',
    });
    await waitFor(() => statusText(element).includes('5 / 80,000 chars'), 'the length');
    expect(statusText(element)).to.include('2 lines');
    await clickInto(content);
    await withCtrl('End');
    await sendKeys({ type: 'efg' });
    await waitFor(() => statusText(element).includes('Ln 2, Col 6'), 'Ln 2, Col 6');
    expect(statusText(element)).to.include('8 / 80,000 chars');
    await sendKeys({ press: 'Enter' });
    await waitFor(() => statusText(element).includes('Ln 3, Col 1 · 3 lines'), 'a third line');
    expect(budgetOf(element).classList.contains('over')).to.equal(false);
  });

  it('marks the budget over 80,000 characters', async () => {
    const { element, view } = await setup();
    view.dispatch({
      changes: { from: 0, to: view.state.doc.length, insert: 'x'.repeat(80_001) },
      userEvent: 'input.paste',
    });
    await waitFor(() => statusText(element).includes('80,001 / 80,000 chars'), 'the length');
    expect(budgetOf(element).classList.contains('over')).to.equal(true);
  });

  it('picks the language from the extension: TypeScript, JSON, Markdown, CSS and HTML', async () => {
    const { runtime, content } = await setup();
    const modes: [string, string, string][] = [
      ['app.ts', 'const n: number = 1;\n', 'typescript'],
      ['data.json', '{ "a": [1, 2] }\n', 'json'],
      ['notes.md', '# Notes\n\n- one\n', 'markdown'],
      ['styles.css', '', 'css'],
      ['index.html', '', 'html'],
    ];
    for (const [path, text, name] of modes) {
      if (text) await openThroughTool(runtime, path, text);
      else await callAsPerson(runtime.registry, 'workspace.openFile', { path });
      await waitFor(
        () => content.dataset.language === name,
        `${path} in ${name} mode (is ${content.dataset.language})`,
      );
    }
  });
});

describe('<ca-editor> flushes its draft (E2)', () => {
  it('writes the draft when the editor loses focus, long before the idle timer', async () => {
    const { runtime, content } = await setup();
    const before = runtime.workspace.getSnapshot().revision;
    await clickInto(content);
    await withCtrl('Home');
    await sendKeys({ type: '<!-- on blur -->' });
    expect(runtime.workspace.getSnapshot().revision).to.equal(before);
    const outside = document.createElement('button');
    outside.textContent = 'Elsewhere';
    document.body.append(outside);
    try {
      // WebDriver refuses a pointer outside the viewport (CDP lets it through).
      outside.scrollIntoView();
      const box = outside.getBoundingClientRect();
      await sendMouse({
        type: 'click',
        position: [Math.round(box.x + box.width / 2), Math.round(box.y + box.height / 2)],
      });
      await waitFor(
        () => fileText(runtime, 'index.html')?.startsWith('<!-- on blur -->'),
        'the flush',
      );
    } finally {
      outside.remove();
    }
    const row = runtime.trace.getSnapshot().find((entry) => entry.name === 'workspace.writeFile');
    expect(row).to.include({ source: 'local', mode: 'direct', status: 'completed' });
  });

  it('writes the draft before an agent run starts, so the agent reads what the person sees', async () => {
    const { runtime, view } = await setup();
    // A user edit without focus, so no blur can flush it first.
    view.dispatch({ changes: { from: 0, insert: '<!-- draft -->' }, userEvent: 'input.type' });
    expect(fileText(runtime, 'index.html')).not.to.contain('<!-- draft -->');
    let seen: unknown;
    const reader: AgentDriver = {
      id: 'reader',
      async run({ tools, context, signal }) {
        const read = await tools.executeModelToolCall(
          { id: 'read-1', name: 'workspace.readFile', arguments: { path: 'index.html' } },
          { context, signal },
        );
        seen = (read.structuredContent as { text?: string } | undefined)?.text;
        return { status: 'completed' };
      },
    };
    await runtime.agent.run('Read the page', { driver: reader });
    expect(seen)
      .to.be.a('string')
      .and.satisfy((text: string) => text.startsWith('<!-- draft -->'));
  });
});
