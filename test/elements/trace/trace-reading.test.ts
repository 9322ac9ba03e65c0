import { expect, fixture, html } from '@open-wc/testing';
import '../../../src/elements/trace/trace.js';
import type { CaTrace } from '../../../src/elements/trace/trace.element.js';
import { createStudioRuntime } from '../../../src/composition/studio-runtime.js';
import { waitFor } from '../../support/wait.js';
import { callAsPerson } from '../../../src/runtime/registry/person-call.js';

async function setup() {
  const runtime = createStudioRuntime({ workspaceRepository: null });
  await runtime.ready;
  const element = await fixture<CaTrace>(
    html`<ca-trace
      style="display: flex; flex-direction: column; width: 360px; height: 200px"
      .runtime=${runtime}
    ></ca-trace>`,
  );
  return { runtime, element };
}

describe('<ca-trace> reads for people', () => {
  it('keeps the newest call in view as calls arrive', async () => {
    const { runtime, element } = await setup();
    for (let index = 0; index < 12; index += 1)
      await callAsPerson(runtime.registry, 'workspace.readFile', { path: 'index.html' });
    await callAsPerson(runtime.registry, 'workspace.readFile', { path: 'missing.html' });
    const area = element.shadowRoot!.querySelector<HTMLElement>('.rows')!;
    const last = await waitFor(() => {
      const rows = element.shadowRoot!.querySelectorAll<HTMLElement>('tbody tr');
      return rows.length === 13 ? rows[12] : undefined;
    }, 'thirteen rows');
    await element.updateComplete;
    const box = area.getBoundingClientRect();
    const row = last!.getBoundingClientRect();
    expect(row.bottom).to.be.at.most(box.bottom + 1);
    expect(row.top).to.be.at.least(box.top);
  });

  it('stays where the person is reading when they scrolled up', async () => {
    const { runtime, element } = await setup();
    for (let index = 0; index < 12; index += 1)
      await callAsPerson(runtime.registry, 'workspace.readFile', { path: 'index.html' });
    const area = element.shadowRoot!.querySelector<HTMLElement>('.rows')!;
    await waitFor(() => area.scrollTop > 0, 'the trace to follow its calls');
    const scrolled = new Promise((resolve) =>
      area.addEventListener('scroll', resolve, { once: true }),
    );
    area.scrollTop = 0;
    await scrolled;
    await callAsPerson(runtime.registry, 'workspace.readFile', { path: 'missing.html' });
    await waitFor(
      () => element.shadowRoot!.querySelectorAll('tbody tr').length === 13,
      'thirteen rows',
    );
    await element.updateComplete;
    expect(area.scrollTop, 'the trace did not jump').to.equal(0);
  });

  it('shows details wrapped inside the panel, under the tool name', async () => {
    const { runtime, element } = await setup();
    await callAsPerson(runtime.registry, 'workspace.search', { query: 'a'.repeat(300) });
    await element.updateComplete;
    element.shadowRoot!.querySelector<HTMLButtonElement>('button[part="group"]')!.click();
    await element.updateComplete;
    const details = await waitFor(
      () => element.shadowRoot!.querySelector<HTMLButtonElement>('tbody button'),
      'Details',
    );
    details.click();
    await element.updateComplete;
    const detail = element.shadowRoot!.querySelector<HTMLElement>('.detail')!;
    expect(detail.querySelector('.detail-name')?.textContent).to.contain('workspace.search');
    const pre = detail.querySelector('pre')!;
    expect(pre.clientWidth).to.be.above(0);
    expect(pre.scrollWidth).to.be.at.most(pre.clientWidth + 1);
  });
});
