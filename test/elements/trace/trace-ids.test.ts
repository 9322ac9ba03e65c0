import { expect, fixture, html } from '@open-wc/testing';
import '../../../src/elements/trace/trace.js';
import type { CaTrace } from '../../../src/elements/trace/trace.element.js';
import { createStudioRuntime } from '../../../src/composition/studio-runtime.js';
import { waitFor } from '../../support/wait.js';
import { callAsPerson } from '../../../src/runtime/registry/person-call.js';

/** A provider call id of the length real providers send (Anthropic's `toolu_…`). */
const PROVIDER_ID = 'toolu_01A09q90qw90lq917835lq9zXk';

/**
 * A narrow trace with a model call (the provider's id), a person's call (the registry's own call
 * id) and a call row begun without any call id.
 */
async function tracedIds() {
  const runtime = createStudioRuntime({ workspaceRepository: null });
  await runtime.ready;
  const element = await fixture<CaTrace>(
    html`<ca-trace style="display: block; width: 240px" .runtime=${runtime}></ca-trace>`,
  );
  await runtime.registry.executeModelToolCall(
    { id: PROVIDER_ID, name: 'workspace.readFile', arguments: { path: 'index.html' } },
    { context: { source: 'model', mode: 'agent', sessionId: 'a' } },
  );
  await callAsPerson(runtime.registry, 'workspace.getStatus', {});
  runtime.trace.begin({
    method: 'tools/call',
    name: 'preview.refresh',
    source: 'mcp',
    mode: 'direct',
  })({ status: 'completed' });
  const rows = await waitFor(() => {
    const found = element.shadowRoot!.querySelectorAll<HTMLElement>('tbody tr');
    return found.length === 3 ? [...found] : undefined;
  }, 'three call rows');
  // Finished groups start collapsed: open each, as a person reading the ids would.
  for (const toggle of element.shadowRoot!.querySelectorAll<HTMLButtonElement>('[part="group"]'))
    if (toggle.getAttribute('aria-expanded') === 'false') toggle.click();
  await element.updateComplete;
  const calls = runtime.trace.getSnapshot().filter((row) => row.method === 'tools/call');
  return { element, rows, calls, traceIds: calls.map((row) => row.traceId) };
}

const idsLine = (row: HTMLElement) => row.querySelector<HTMLElement>('.ids')!;

describe('<ca-trace> call ids', () => {
  it('names each call by source · mode · provider call id · trace id, every id in full', async () => {
    const { rows, calls, traceIds } = await tracedIds();
    expect(traceIds).to.have.length(3);
    expect(rows.map((row) => row.dataset.traceId)).to.deep.equal(traceIds);
    expect(idsLine(rows[0]!).textContent!.trim()).to.equal(
      `model · agent · ${PROVIDER_ID} · ${traceIds[0]}`,
    );
    // The person's call carries the registry's own call id, apart from the row's trace id.
    const registryId = calls[1]!.toolCallId!;
    expect(registryId).to.be.a('string').and.not.equal(traceIds[1]);
    expect(idsLine(rows[1]!).textContent!.trim()).to.equal(
      `local · direct · ${registryId} · ${traceIds[1]}`,
    );
    // A row with no call id at all keeps the place with a dash.
    expect(idsLine(rows[2]!).textContent!.trim()).to.equal(`mcp · direct · — · ${traceIds[2]}`);
  });

  it('keeps the ids in what a screen reader and a text selection get, inside a narrow panel', async () => {
    const { rows } = await tracedIds();
    for (const row of rows) {
      const ids = idsLine(row);
      expect(ids.closest('[aria-hidden="true"]')?.outerHTML, 'the ids are not hidden').to.equal(
        undefined,
      );
      expect(ids.checkVisibility(), 'the ids are shown').to.equal(true);
      expect(getComputedStyle(ids).userSelect).not.to.equal('none');
      // The long id wraps: its line never runs past the panel.
      expect(ids.scrollWidth).to.be.at.most(ids.clientWidth + 1);
      expect(ids.getBoundingClientRect().right).to.be.at.most(
        row.closest('table')!.parentElement!.getBoundingClientRect().right + 1,
      );
    }
  });

  it("opens a call's detail under its own trace id, which the detail's Copy text carries", async () => {
    const { element, rows, traceIds } = await tracedIds();
    const details = rows[0]!.querySelector<HTMLButtonElement>('button[aria-controls]')!;
    expect(details.getAttribute('aria-controls')).to.equal(`detail-${traceIds[0]}`);
    details.click();
    await element.updateComplete;
    const detail = element.shadowRoot!.getElementById(`detail-${traceIds[0]}`)!;
    expect(JSON.parse(detail.querySelector('pre')!.textContent!)).to.include({
      traceId: traceIds[0],
      name: 'workspace.readFile',
    });
  });
});
