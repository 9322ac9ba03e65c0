import { expect, fixture, html } from '@open-wc/testing';
import { sendKeys, sendMouse } from '@web/test-runner-commands';
import '../../../src/elements/trace/trace.js';
import type { CaTrace } from '../../../src/elements/trace/trace.element.js';
import { createStudioRuntime } from '../../../src/composition/studio-runtime.js';
import type { TraceRow } from '../../../src/runtime/trace/trace-row.js';
import { captureDownloads } from '../../support/downloads.js';
import { waitFor } from '../../support/wait.js';
import { callAsPerson } from '../../../src/runtime/registry/person-call.js';

const SECRET_SOURCE = 'TOP SECRET SOURCE';
const SECRET_ARGUMENT = 'hunter2-argument';

/** A trace with a write carrying source, a model call carrying an argument, and a failure. */
async function tracedRuntime() {
  const runtime = createStudioRuntime({ workspaceRepository: null });
  await runtime.ready;
  const element = await fixture<CaTrace>(html`<ca-trace .runtime=${runtime}></ca-trace>`);
  await callAsPerson(runtime.registry, 'workspace.writeFile', {
    path: 'index.html',
    text: SECRET_SOURCE,
  });
  await runtime.registry.executeModelToolCall(
    { id: 'call-9', name: 'workspace.search', arguments: { query: SECRET_ARGUMENT } },
    { context: { source: 'model', mode: 'agent', sessionId: 'a' } },
  );
  await callAsPerson(runtime.registry, 'workspace.readFile', { path: 'missing-secret.html' });
  await waitFor(
    () => element.shadowRoot!.querySelectorAll('tbody tr').length === 3,
    'three trace rows',
  );
  return { runtime, element };
}

const buttonNamed = (element: CaTrace, name: string) =>
  [...element.shadowRoot!.querySelectorAll('button')].find(
    (button) => button.textContent?.trim() === name,
  )!;

/** A real mouse click at the button's centre: the click carries user activation. */
async function clickReal(target: HTMLElement) {
  const box = target.getBoundingClientRect();
  await sendMouse({
    type: 'click',
    position: [Math.round(box.x + box.width / 2), Math.round(box.y + box.height / 2)],
  });
}

/** Reads the system clipboard the way a person does: Ctrl+V into a text field. */
async function pasteClipboard(): Promise<string> {
  const field = document.createElement('textarea');
  document.body.append(field);
  try {
    field.focus();
    await sendKeys({ down: 'Control' });
    await sendKeys({ press: 'KeyV' });
    await sendKeys({ up: 'Control' });
    return await waitFor(() => field.value, 'the pasted clipboard');
  } finally {
    field.remove();
  }
}

const EXPORTED_ROW_KEYS = [
  'durationMs',
  'error',
  'maxOutputBytes',
  'method',
  'mode',
  'name',
  'owner',
  'resultBytes',
  'sessionId',
  'source',
  'startedAt',
  'status',
  'timeoutMs',
  'toolCallId',
  'traceId',
];

/** The export lists every row by its metadata, and nothing a call carried. */
function expectMetadataOnly(text: string, rows: readonly TraceRow[]) {
  const exported = JSON.parse(text) as { format: string; rows: Record<string, unknown>[] };
  expect(exported.format).to.equal('context-action.trace.v1');
  expect(exported.rows.map((row) => [row.traceId, row.name, row.status])).to.deep.equal(
    rows.map((row) => [row.traceId, row.name, row.status]),
  );
  for (const row of exported.rows) {
    expect(
      Object.keys(row).every((key) => EXPORTED_ROW_KEYS.includes(key)),
      Object.keys(row).join(),
    ).to.equal(true);
    if (row.error)
      expect(Object.keys(row.error as object).sort()).to.deep.equal(['code', 'retryable']);
  }
  const failed = exported.rows.find((row) => row.status === 'failed');
  expect(failed?.error).to.deep.equal({ code: 'WORKSPACE_FILE_NOT_FOUND', retryable: false });
  expect(exported.rows.find((row) => row.toolCallId === 'call-9')).to.include({
    source: 'model',
    mode: 'agent',
    sessionId: 'a',
  });
  for (const secret of [SECRET_SOURCE, SECRET_ARGUMENT, 'missing-secret'])
    expect(text).not.to.include(secret);
}

describe('<ca-trace> (E4)', () => {
  it('shows one row per tools/call lifecycle with source · mode, status and the provider call id', async () => {
    const runtime = createStudioRuntime({ workspaceRepository: null });
    await runtime.ready;
    const element = await fixture<CaTrace>(html`<ca-trace .runtime=${runtime}></ca-trace>`);
    await runtime.registry.executeModelToolCall(
      { id: 'call-7', name: 'workspace.readFile', arguments: { path: 'index.html' } },
      { context: { source: 'model', mode: 'agent', sessionId: 'a' } },
    );
    await callAsPerson(runtime.registry, 'workspace.readFile', { path: 'missing.html' });
    const rows = await waitFor(() => {
      const found = element.shadowRoot!.querySelectorAll<HTMLElement>('tbody tr');
      return found.length === 2 ? [...found] : undefined;
    }, 'two rows');
    expect(rows[0]!.textContent).to.include('workspace.readFile');
    expect(rows[0]!.textContent).to.include('model · agent');
    expect(rows[0]!.textContent).to.include('call-7');
    expect(rows[0]!.dataset.status).to.equal('completed');
    expect(rows[1]!.textContent).to.include('local · direct');
    expect(rows[1]!.dataset.status).to.equal('failed');
    expect(rows[1]!.textContent).to.include('WORKSPACE_FILE_NOT_FOUND');
    await expect(element).to.be.accessible();
  });

  it('Copy puts metadata only on the clipboard: no arguments, results or messages', async () => {
    const { element, runtime } = await tracedRuntime();
    const copy = buttonNamed(element, 'Copy');
    await clickReal(copy);
    await waitFor(() => copy.textContent?.trim() === 'Copied', 'the Copy button to confirm');
    expectMetadataOnly(await pasteClipboard(), runtime.trace.getSnapshot());
  });

  it('Download saves the same metadata-only JSON as context-action-trace.json', async () => {
    const { element, runtime } = await tracedRuntime();
    const [download] = await captureDownloads(() =>
      clickReal(buttonNamed(element, 'Download trace')),
    );
    expect(download!.name).to.equal('context-action-trace.json');
    expect(download!.blob.type).to.equal('application/json');
    expectMetadataOnly(await download!.blob.text(), runtime.trace.getSnapshot());
  });

  it('disables Clear while a call is running and filters by session', async () => {
    const runtime = createStudioRuntime({ workspaceRepository: null });
    const element = await fixture<CaTrace>(html`<ca-trace .runtime=${runtime}></ca-trace>`);
    const end = runtime.trace.begin({
      method: 'agent.request',
      name: 'x',
      source: 'local',
      mode: 'agent',
      sessionId: 's1',
    });
    runtime.trace.begin({
      method: 'tools/call',
      name: 'y',
      source: 'local',
      mode: 'agent',
      sessionId: 's2',
    })({
      status: 'completed',
    });
    await element.updateComplete;
    const clear = [...element.shadowRoot!.querySelectorAll('button')].find(
      (b) => b.textContent?.trim() === 'Clear',
    )!;
    expect(clear.disabled).to.equal(true);
    end({ status: 'completed' });
    await element.updateComplete;
    expect(clear.disabled).to.equal(false);
    element.session = 's2';
    await element.updateComplete;
    expect(element.shadowRoot!.querySelectorAll('tbody tr').length).to.equal(1);
  });
});
