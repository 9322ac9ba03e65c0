import { expect, fixture, html } from '@open-wc/testing';
import '../../../src/elements/approval/approval.js';
import type { CaApproval } from '../../../src/elements/approval/approval.element.js';
import {
  createStudioRuntime,
  type StudioRuntime,
} from '../../../src/composition/studio-runtime.js';
import { uniqueName, waitFor } from '../../support/wait.js';

// Approvals show the change the way code review tools do: per file, with size and line counts,
// and on request a unified, syntax-highlighted diff in which every line has its own row.

const readme = Array.from({ length: 300 }, (_, index) => `line ${index + 1}`).join('\n');
const SEED = [
  { path: 'index.html', text: '<main>\n  <p>alpha</p>\n  <p>beta</p>\n</main>\n' },
  { path: 'styles.css', text: ':root {\n  --accent: #2563eb;\n}\n' },
  { path: 'README.md', text: 'A short readme.' },
];
const person = { context: { source: 'local', mode: 'direct' } } as const;
const model = { context: { source: 'model', mode: 'agent' } } as const;

async function setup(options: Parameters<typeof createStudioRuntime>[0] = {}) {
  const runtime = createStudioRuntime({ workspaceRepository: null, seed: SEED, ...options });
  await runtime.ready;
  await runtime.workspace.ready;
  const element = await fixture<CaApproval>(
    html`<ca-approval .runtime=${runtime} approve-delay-ms="0"></ca-approval>`,
  );
  return { runtime, element };
}

const dialogText = (element: CaApproval) =>
  waitFor(() => {
    const dialog = element.shadowRoot?.querySelector('dialog');
    return dialog?.open ? dialog.textContent!.replace(/\s+/g, ' ') : undefined;
  }, 'the approval dialog');

const part = (element: CaApproval, name: string) =>
  element.shadowRoot!.querySelector<HTMLElement>(`[part="${name}"]`);

/** The top of the row (a kept, added or removed line) whose text includes `text`. */
const topOf = (diff: Element, text: string) =>
  [...diff.querySelectorAll('.cm-line, .cm-deletedLine')]
    .find((row) => row.textContent!.includes(text))
    ?.getBoundingClientRect().top;

// The default buffer (250 entries) fills up with the modules loaded before the test runs.
performance.setResourceTimingBufferSize(100_000);
const mergeLoaded = () =>
  performance
    .getEntriesByType('resource')
    .some((entry) => /@codemirror\/merge|approval-diff\.ts/.test(entry.name));

function fileText(runtime: StudioRuntime, path: string) {
  const file = runtime.workspace.getFile(path);
  return file.ok && file.value.kind === 'text' ? file.value.text : undefined;
}

describe('<ca-approval> shows the change as a diff', () => {
  it('Show change renders every removed and added line on its own row, highlighted, loaded on demand', async () => {
    const { runtime, element } = await setup();
    const call = runtime.registry.callTool(
      'workspace.writeFile',
      {
        path: 'index.html',
        text: '<main>\n  <p>alpha</p>\n  <p>gamma</p>\n  <p>delta</p>\n</main>\n',
      },
      model,
    );
    const text = await dialogText(element);
    expect(text).to.include('index.html changed +2 −1');
    expect(text).to.include('44 → 60 characters · 5 → 6 lines');
    expect(part(element, 'diff')).to.equal(null);
    expect(mergeLoaded(), 'the diff module before Show change').to.equal(false);

    part(element, 'show-change')!.click();
    const diff = await waitFor(
      () => element.shadowRoot!.querySelector<HTMLElement>('[part="diff"] .cm-editor'),
      'the diff view',
    );
    expect(mergeLoaded(), 'the diff module after Show change').to.equal(true);
    // The text came from the runtime on demand; the store the card renders never held it.
    expect(diff.textContent).to.include('gamma');
    expect(JSON.stringify(runtime.approvals.store.getSnapshot())).not.to.include('gamma');
    const rows = ['beta', 'gamma', 'delta'].map((line) => topOf(diff, line));
    expect(
      rows.every((top) => top !== undefined),
      'each line is shown',
    ).to.equal(true);
    // One row per line: the removed line, then each added line below the one before.
    expect(rows[1]! > rows[0]! && rows[2]! > rows[1]!, `rows at ${rows.join(', ')}`).to.equal(true);
    expect(diff.querySelector('.cm-deletedChunk')!.textContent).to.include('<p>beta</p>');
    expect(diff.querySelectorAll('.cm-changedLine').length).to.equal(2);
    // Syntax highlighting: the tag names are styled spans, not plain text.
    expect(diff.querySelector('.cm-content span[class]')).to.not.equal(null);
    expect(diff.scrollWidth - diff.clientWidth, 'no sideways scrolling').to.be.at.most(1);
    // The diff box scrolls with the keyboard too: it takes focus and is named for its file.
    expect(part(element, 'diff')!.tabIndex).to.equal(0);
    expect(part(element, 'diff')!.getAttribute('aria-label')).to.equal('Change to index.html');
    await expect(element).to.be.accessible();

    part(element, 'deny')!.click();
    expect((await call).error?.code).to.equal('TOOL_APPROVAL_DENIED');
  });

  it('revert, undo and reset cards show every file and line they change', async () => {
    const { runtime, element } = await setup();
    await runtime.registry.callTool(
      'workspace.writeFile',
      { path: 'README.md', text: readme },
      person,
    );

    const revert = runtime.registry.callTool('workspace.revertFile', { path: 'README.md' }, model);
    expect(await dialogText(element)).to.include('README.md changed +1 −300');
    part(element, 'deny')!.click();
    await revert;

    const undo = runtime.registry.callTool('workspace.undo', {}, model);
    expect(await dialogText(element)).to.include('README.md changed +1 −300');
    part(element, 'deny')!.click();
    await undo;

    await runtime.registry.callTool(
      'workspace.createFile',
      { path: 'extra.js', text: 'run()' },
      person,
    );
    const reset = runtime.registry.callTool('workspace.reset', {}, model);
    const text = await dialogText(element);
    expect(text).to.include('+1 −301 lines in 2 files');
    expect(text).to.include('README.md changed +1 −300');
    expect(text).to.include('extra.js deleted +0 −1');
    part(element, 'deny')!.click();
    await reset;
    expect(fileText(runtime, 'README.md')).to.equal(readme);
  });

  it('a preview.* card names the stylesheet it rewrites and shows the change', async () => {
    const { runtime, element } = await setup();
    const call = runtime.registry.callTool(
      'preview.setTheme',
      { accent: 'green', expectedRevision: runtime.workspace.getSnapshot().revision },
      model,
    );
    const text = await dialogText(element);
    expect(text).to.include('styles.css changed +1 −1');
    part(element, 'show-change')!.click();
    const diff = await waitFor(
      () => element.shadowRoot!.querySelector<HTMLElement>('[part="diff"] .cm-editor'),
      'the diff view',
    );
    expect(diff.querySelector('.cm-deletedChunk')!.textContent).to.include('#2563eb');
    part(element, 'deny')!.click();
    await call;
  });

  it('two tabs: a write waiting in A is recomputed when B commits, and Approve keeps B’s commit', async () => {
    const databaseName = uniqueName('stale-approval');
    const { runtime: a, element } = await setup({ databaseName, workspaceRepository: undefined });
    const b = createStudioRuntime({ databaseName, seed: SEED });
    await b.ready;
    await b.workspace.ready;
    const call = a.registry.callTool(
      'workspace.writeFile',
      { path: 'README.md', text: 'Written by the model.' },
      model,
    );
    expect(await dialogText(element)).to.include('README.md changed +1 −1');

    const mine = 'A short readme.\nAnd a line from tab B.';
    expect(
      (await b.registry.callTool('workspace.writeFile', { path: 'README.md', text: mine }, person))
        .error,
    ).to.equal(undefined);
    await waitFor(
      () => part(element, 'dialog')!.querySelector('.stale'),
      'the card to say the file moved',
    );
    expect(await dialogText(element)).to.include('README.md changed +1 −2');

    part(element, 'approve')!.click();
    expect((await call).error?.code).to.equal('WORKSPACE_REVISION_CONFLICT');
    expect(fileText(a, 'README.md')).to.equal(mine);
    await a.workspace.ready;
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(fileText(b, 'README.md')).to.equal(mine);
    b.dispose();
    a.dispose();
  });
});
