import { expect, fixture, html } from '@open-wc/testing';
import { sendKeys } from '@web/test-runner-commands';
import '../../../src/elements/studio/studio.js';
import type { CaCatalog } from '../../../src/elements/catalog/catalog.element.js';
import type { CaChat } from '../../../src/elements/chat/chat.element.js';
import type { CaEditor } from '../../../src/elements/editor/editor.element.js';
import type { CaExplorer } from '../../../src/elements/explorer/explorer.element.js';
import type { CaPreview } from '../../../src/elements/preview/preview.element.js';
import type { CaSearch } from '../../../src/elements/search/search.element.js';
import type { CaStatusBar } from '../../../src/elements/status-bar/status-bar.element.js';
import type { CaStudio } from '../../../src/elements/studio/studio.element.js';
import { createMemoryDurableOperationBackend } from '../../../src/runtime/durable/memory-backend.js';
import type { ToolCallEvent } from '../../../src/runtime/protocol/events.js';
import type { WorkspaceFolderPermission } from '../../../src/runtime/workspace/folder-port.js';
import { createFileSystemAccessFolder } from '../../../src/storage/folder/file-system-access.js';
import {
  createStudioRuntime,
  type StudioRuntime,
} from '../../../src/composition/studio-runtime.js';
import { openFolderThroughTool } from '../../support/open-folder.js';
import { NO_OPFS, WITH_OPFS, itIn } from '../../support/engines.js';
import { waitFor } from '../../support/wait.js';
import { callAsPerson } from '../../../src/runtime/registry/person-call.js';

/**
 * The one write path (docs/architecture.md): each thing a person does in an element that
 * changes the workspace or the preview is exactly one registry call — one started and one
 * final lifecycle event of a tool that is not read-only — made as `local · direct` unless it
 * came through the agent, and shown in the trace.
 */
const SEED = [
  {
    path: 'index.html',
    text: '<!doctype html><link rel="stylesheet" href="styles.css"><header class="hero"><h1 class="hero-title">Hi</h1></header><main class="features"></main>',
  },
  { path: 'styles.css', text: ':root { --accent: #2563eb; }\n/* needle */' },
  { path: 'app.js', text: 'console.log(1);' },
];

let runtime: StudioRuntime;
let studio: CaStudio;
let events: ToolCallEvent[];

const inStudio = <T extends Element>(selector: string) =>
  studio.shadowRoot!.querySelector<T & Element>(selector)!;
const buttonIn = (host: Element, label: string) =>
  [...host.shadowRoot!.querySelectorAll<HTMLButtonElement>('button')].find(
    (button) => button.textContent?.trim() === label,
  )!;

function readOnly(name: string): boolean {
  return runtime.registry.getToolDefinition(name)?.annotations?.readOnlyHint === true;
}

/** Runs `act` and returns the lifecycle events of non-read-only tools it caused. */
async function changesDuring(act: () => Promise<unknown>) {
  const from = events.length;
  await act();
  const changes = () => events.slice(from).filter((event) => !readOnly(event.provenance.toolName));
  const started = () => changes().filter((event) => event.type === 'started');
  const finished = () => changes().filter((event) => event.type !== 'started');
  // A mutation is visible in the workspace before its call ends (it still waits for the preview).
  await waitFor(() => finished().length >= started().length, 'the calls to finish');
  return { started: started(), finished: finished() };
}

function expectOneCall(
  changes: Awaited<ReturnType<typeof changesDuring>>,
  toolName: string,
  source = { source: 'local', mode: 'direct' },
) {
  expect(changes.started.map((event) => event.provenance.toolName)).to.deep.equal([toolName]);
  expect(changes.finished.map((event) => [event.provenance.toolName, event.type])).to.deep.equal([
    [toolName, 'completed'],
  ]);
  expect(changes.finished[0]!.traceId).to.equal(changes.started[0]!.traceId);
  const row = runtime.trace.getSnapshot().find((entry) => entry.name === toolName);
  expect(row, `${toolName} in the trace`).to.include({ status: 'completed', ...source });
}

/** A real writable folder from the Origin Private File System (a picker cannot be automated). */
async function opfsFolder(files: Record<string, string>) {
  const root = await navigator.storage.getDirectory();
  const directory = await root.getDirectoryHandle(`write-path-${crypto.randomUUID()}`, {
    create: true,
  });
  for (const [name, text] of Object.entries(files)) {
    const writable = await (await directory.getFileHandle(name, { create: true })).createWritable();
    await writable.write(text);
    await writable.close();
  }
  return directory;
}

const finished = (toolName: string, from: number) => () =>
  events
    .slice(from)
    .some((event) => event.type !== 'started' && event.provenance.toolName === toolName);

beforeEach(async () => {
  runtime = createStudioRuntime({
    workspaceRepository: null,
    durableOperationBackend: createMemoryDurableOperationBackend(),
    seed: SEED,
  });
  events = [];
  runtime.registry.subscribe((event) => events.push(event));
  await runtime.ready;
  studio = await fixture<CaStudio>(
    html`<ca-studio catalog-open .runtime=${runtime} style="height: 900px"></ca-studio>`,
  );
  await waitFor(
    () => inStudio<CaPreview>('ca-preview').controller?.getStatus().acknowledgedRevision,
    'the preview to acknowledge the seed',
  );
});

afterEach(() => runtime.dispose());

describe('every change a person makes is one registry call', () => {
  it('explorer: New file', async () => {
    const explorer = inStudio<CaExplorer>('ca-explorer');
    const changes = await changesDuring(async () => {
      buttonIn(explorer, 'New file').click();
      const input = await waitFor(
        () => explorer.shadowRoot!.querySelector<HTMLInputElement>('dialog[open] input'),
        'the dialog',
      );
      input.value = 'about.html';
      input.dispatchEvent(new Event('input'));
      explorer
        .shadowRoot!.querySelector<HTMLButtonElement>('dialog [data-action="confirm"]')!
        .click();
      await waitFor(() => runtime.workspace.getFile('about.html').ok, 'the new file');
    });
    expectOneCall(changes, 'workspace.createFile');
  });

  itIn(WITH_OPFS, NO_OPFS)('explorer: Open folder picks inside workspace.openFolder', async () => {
    const explorer = inStudio<CaExplorer>('ca-explorer');
    const directory = await opfsFolder({ 'index.html': '<h1>Disk</h1>' });
    const picker = globalThis as { showDirectoryPicker?: () => Promise<FileSystemDirectoryHandle> };
    picker.showDirectoryPicker = async () => directory;
    try {
      const changes = await changesDuring(async () => {
        buttonIn(explorer, 'Open folder').click();
        await waitFor(() => runtime.workspace.getStatus().folder.connected, 'the folder link');
      });
      expectOneCall(changes, 'workspace.openFolder');
    } finally {
      delete picker.showDirectoryPicker;
    }
    expect(runtime.workspace.getStatus().folder).to.include({
      name: directory.name,
      writable: true,
    });
    expect(runtime.workspace.getSnapshot().files.map((file) => file.path)).to.deep.equal([
      'index.html',
    ]);
  });

  itIn(WITH_OPFS, NO_OPFS)('explorer: Grant access and Disconnect', async () => {
    const explorer = inStudio<CaExplorer>('ca-explorer');
    let permission: WorkspaceFolderPermission = 'prompt';
    const folder = createFileSystemAccessFolder(await opfsFolder({ 'index.html': '<p>1</p>' }), {
      permission: { query: async () => permission, request: async () => (permission = 'granted') },
    });
    await openFolderThroughTool(runtime, folder);
    // workspace.getStatus asks the folder for its permission again, as a model would.
    await callAsPerson(runtime.registry, 'workspace.getStatus', {});
    const grant = await waitFor(() => buttonIn(explorer, 'Grant access'), 'Grant access');
    const granted = await changesDuring(async () => {
      grant.click();
      await waitFor(
        () => runtime.workspace.getStatus().folder.permission === 'granted',
        'the permission',
      );
    });
    expectOneCall(granted, 'workspace.grantFolderAccess');
    const disconnected = await changesDuring(async () => {
      buttonIn(explorer, 'Disconnect').click();
      await waitFor(() => !runtime.workspace.getStatus().folder.connected, 'the disconnect');
    });
    expectOneCall(disconnected, 'workspace.disconnectFolder');
  });

  it('explorer: opening a file from the tree', async () => {
    const explorer = inStudio<CaExplorer>('ca-explorer');
    const changes = await changesDuring(async () => {
      const row = await waitFor(
        () =>
          explorer.shadowRoot!.querySelector<HTMLElement>('[role="treeitem"][data-path="app.js"]'),
        'the app.js row',
      );
      row.click();
      await waitFor(() => runtime.workspace.getSnapshot().activePath === 'app.js', 'the open');
    });
    expectOneCall(changes, 'workspace.openFile');
  });

  it('editor: typing', async () => {
    const editor = inStudio<CaEditor>('ca-editor');
    editor.idleMs = 20;
    const content = await waitFor(
      () => editor.shadowRoot!.querySelector<HTMLElement>('.cm-content'),
      'CodeMirror',
    );
    const before = runtime.workspace.getSnapshot().revision;
    const changes = await changesDuring(async () => {
      content.focus();
      document.execCommand('insertText', false, '<!-- typed -->');
      await waitFor(() => runtime.workspace.getSnapshot().revision > before, 'the draft write');
    });
    expectOneCall(changes, 'workspace.writeFile');
  });

  it('preview toolbar: Refresh', async () => {
    const preview = inStudio<CaPreview>('ca-preview');
    const from = events.length;
    const changes = await changesDuring(async () => {
      buttonIn(preview, 'Refresh').click();
      await waitFor(finished('preview.refresh', from), 'the refresh');
    });
    expectOneCall(changes, 'preview.refresh');
  });

  it('catalog: Run sample', async () => {
    const catalog = inStudio<CaCatalog>('ca-catalog');
    const from = events.length;
    const changes = await changesDuring(async () => {
      const option = await waitFor(
        () =>
          catalog.shadowRoot!.querySelector<HTMLElement>(
            '[role="option"][data-name="workspace.saveCheckpoint"]',
          ),
        'the tool',
      );
      option.click();
      await catalog.updateComplete;
      catalog.shadowRoot!.querySelector<HTMLButtonElement>('[data-action="run"]')!.click();
      await waitFor(finished('workspace.saveCheckpoint', from), 'the sample run');
    });
    expectOneCall(changes, 'workspace.saveCheckpoint');
  });

  it('chat: a prompt whose agent step is approved', async () => {
    const chat = inStudio<CaChat>('ca-chat');
    const changes = await changesDuring(async () => {
      const run = chat.submit('Make the accent green');
      const pending = await waitFor(
        () => runtime.approvals.store.getSnapshot()[0],
        'the approval request',
      );
      runtime.approvals.resolve(pending.id, 'approved');
      await run;
    });
    expectOneCall(changes, 'preview.setTheme', { source: 'local', mode: 'agent' });
  });

  it('search: opening a result', async () => {
    const bar = inStudio<CaStatusBar>('ca-status-bar');
    const search = bar.shadowRoot!.querySelector<CaSearch>('ca-search')!;
    const changes = await changesDuring(async () => {
      bar.openSearch();
      await waitFor(() => search.shadowRoot?.querySelector('dialog')?.open, 'the search dialog');
      await sendKeys({ type: 'needle' });
      await waitFor(
        () => search.shadowRoot!.querySelectorAll('[part="result"]').length === 1,
        'one result',
      );
      await sendKeys({ press: 'Enter' });
      await waitFor(() => runtime.workspace.getSnapshot().activePath === 'styles.css', 'the open');
    });
    expectOneCall(changes, 'workspace.openFile');
  });

  it('status bar: leaving the page with a draft writes it', async () => {
    const editor = inStudio<CaEditor>('ca-editor');
    editor.idleMs = 60_000;
    const content = await waitFor(
      () => editor.shadowRoot!.querySelector<HTMLElement>('.cm-content'),
      'CodeMirror',
    );
    content.focus();
    document.execCommand('insertText', false, '<!-- draft -->');
    await waitFor(() => runtime.drafts.current().size === 1, 'the draft');
    const before = runtime.workspace.getSnapshot().revision;
    const changes = await changesDuring(async () => {
      window.dispatchEvent(new Event('beforeunload', { cancelable: true }));
      await waitFor(() => runtime.workspace.getSnapshot().revision > before, 'the draft write');
    });
    expectOneCall(changes, 'workspace.writeFile');
  });
});
