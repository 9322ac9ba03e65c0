import { expect, fixture, html } from '@open-wc/testing';
import { sendKeys } from '@web/test-runner-commands';
import '../../../src/elements/status-bar/status-bar.js';
import type { CaSearch, SearchSelectDetail } from '../../../src/elements/search/search.element.js';
import { createMemoryDurableOperationBackend } from '../../../src/runtime/durable/memory-backend.js';
import {
  createStudioRuntime,
  type StudioRuntime,
} from '../../../src/composition/studio-runtime.js';
import { deepActiveElement } from '../../../src/elements/shared/focus.js';
import { waitFor } from '../../support/wait.js';
import { callAsPerson } from '../../../src/runtime/registry/person-call.js';

const runtimes: StudioRuntime[] = [];

async function setup() {
  const runtime = createStudioRuntime({
    workspaceRepository: null,
    durableOperationBackend: createMemoryDurableOperationBackend(),
  });
  runtimes.push(runtime);
  await runtime.ready;
  await callAsPerson(runtime.registry, 'workspace.writeFile', {
    path: 'app.js',
    text: 'const first = 1;\n// the Needle is here\n',
  });
  await callAsPerson(runtime.registry, 'workspace.writeFile', {
    path: 'styles.css',
    text: '/* needle in the stylesheet */\nbody { margin: 0; }\n',
  });
  const root = await fixture<HTMLElement>(
    html`<div>
      <button id="opener">Somewhere</button>
      <ca-status-bar .runtime=${runtime}></ca-status-bar>
    </div>`,
  );
  const bar = root.querySelector('ca-status-bar')!;
  await bar.updateComplete;
  const search = bar.shadowRoot!.querySelector<CaSearch>('ca-search')!;
  const opener = root.querySelector<HTMLButtonElement>('#opener')!;
  opener.focus();
  return { runtime, root, search, opener };
}

// The search element's code loads on the first shortcut: no shadow root until then.
const dialogOf = (search: CaSearch) => search.shadowRoot?.querySelector('dialog');
const results = (search: CaSearch) => [
  ...search.shadowRoot!.querySelectorAll<HTMLElement>('[part="result"]'),
];

async function pressShortcut() {
  await sendKeys({ down: 'Control' });
  await sendKeys({ down: 'Shift' });
  await sendKeys({ press: 'F' });
  await sendKeys({ up: 'Shift' });
  await sendKeys({ up: 'Control' });
}

async function openAndType(search: CaSearch, query: string, expected: number) {
  await pressShortcut();
  await waitFor(() => dialogOf(search)?.open, 'the search dialog');
  await sendKeys({ type: query });
  await waitFor(() => results(search).length === expected, `${expected} results`);
}

afterEach(() => {
  for (const runtime of runtimes.splice(0)) runtime.dispose();
});

describe('workspace search', () => {
  it('opens on Ctrl+Shift+F (a real key press) with the search field focused', async () => {
    const { search } = await setup();
    await pressShortcut();
    await waitFor(() => dialogOf(search)?.open, 'the search dialog');
    expect(search.open).to.equal(true);
    expect(deepActiveElement()?.getAttribute('part')).to.equal('input');
  });

  it('is accessible while showing results', async () => {
    const { search } = await setup();
    await openAndType(search, 'needle', 2);
    await expect(search).to.be.accessible();
  });

  it('finds matches across files, case-insensitively, with path, line and the match marked', async () => {
    const { search } = await setup();
    await openAndType(search, 'needle', 2);
    const [first, second] = results(search);
    expect(first!.querySelector('.location')!.textContent).to.equal('app.js:2');
    expect(first!.querySelector('mark')!.textContent).to.equal('Needle');
    expect(first!.querySelector('.snippet')!.textContent).to.equal('// the Needle is here');
    expect(second!.querySelector('.location')!.textContent).to.equal('styles.css:1');
    expect(second!.querySelector('mark')!.textContent).to.equal('needle');
    expect(search.shadowRoot!.querySelector('[role="status"]')!.textContent).to.contain(
      '2 matching lines',
    );
  });

  it('moves with the arrow keys and opens the chosen result with Enter', async () => {
    const { runtime, search, opener } = await setup();
    expect(runtime.workspace.getSnapshot().activePath).to.equal('index.html');
    const selected = new Promise<SearchSelectDetail>((resolve) =>
      search.addEventListener('ca-search-select', (event) => resolve(event.detail), {
        once: true,
      }),
    );
    await openAndType(search, 'needle', 2);
    await sendKeys({ press: 'ArrowDown' });
    await waitFor(
      () => results(search)[1]!.getAttribute('aria-selected') === 'true',
      'the second result to be active',
    );
    await sendKeys({ press: 'Enter' });
    await waitFor(
      () => runtime.workspace.getSnapshot().activePath === 'styles.css',
      'the result to open',
    );
    expect(await selected).to.deep.equal({ path: 'styles.css', line: 1, column: 4 });
    await waitFor(() => !dialogOf(search)?.open, 'the dialog to close');
    expect(deepActiveElement()).to.equal(opener);
  });

  it('closes on Escape and returns focus to where it was', async () => {
    const { search, opener } = await setup();
    await openAndType(search, 'needle', 2);
    await sendKeys({ press: 'Escape' });
    await waitFor(() => !dialogOf(search)?.open, 'the dialog to close');
    expect(search.open).to.equal(false);
    expect(deepActiveElement()).to.equal(opener);
  });

  it('runs its calls through the registry as local·direct, visible in the trace', async () => {
    const { runtime, search } = await setup();
    await openAndType(search, 'needle', 2);
    await sendKeys({ press: 'Enter' });
    await waitFor(() => runtime.workspace.getSnapshot().activePath === 'app.js', 'open');
    const rows = runtime.trace
      .getSnapshot()
      .filter((row) => row.name === 'workspace.search' || row.name === 'workspace.openFile');
    expect(rows.map((row) => row.name)).to.include.members([
      'workspace.search',
      'workspace.openFile',
    ]);
    for (const row of rows) {
      expect(row).to.include({ source: 'local', mode: 'direct' });
      expect(row.sessionId).to.match(/^search-/);
    }
  });

  it('shows a failed search with its error code and keeps the dialog open', async () => {
    const { search } = await setup();
    await pressShortcut();
    await waitFor(() => dialogOf(search)?.open, 'the search dialog');
    const input = search.shadowRoot!.querySelector<HTMLInputElement>('[part="input"]')!;
    input.value = 'x'.repeat(1001);
    input.dispatchEvent(new Event('input', { bubbles: true }));
    const error = await waitFor(
      () => search.shadowRoot!.querySelector('[part="error"]'),
      'the error',
    );
    expect(error.textContent).to.match(/TOOL_[A-Z_]+:/);
    expect(dialogOf(search)?.open).to.equal(true);
  });
});
