import { expect, fixture, html } from '@open-wc/testing';
import { sendKeys } from '@web/test-runner-commands';
import '../../../src/elements/trace/trace.js';
import type { CaTrace } from '../../../src/elements/trace/trace.element.js';
import { createOpenRouterSettingsStore } from '../../../src/runtime/agents/openrouter/settings.js';
import { previewHostCapability } from '../../../src/runtime/preview/preview-host.js';
import { createStudioRuntime } from '../../../src/composition/studio-runtime.js';
import { acknowledgingHost } from '../../runtime/tools/workspace/support.js';
import { waitFor } from '../../support/wait.js';
import { callAsPerson } from '../../../src/runtime/registry/person-call.js';

const runtimes: { dispose(): void }[] = [];
afterEach(() => runtimes.splice(0).forEach((runtime) => runtime.dispose()));

/** A studio runtime with a local agent, approvals and a preview that acknowledges. */
async function setup(width = '100%') {
  const runtime = createStudioRuntime({
    storage: 'memory',
    openrouterSettings: createOpenRouterSettingsStore({ storage: null, events: null }),
  });
  runtimes.push(runtime);
  runtime.approvals.connect();
  await runtime.ready;
  runtime.capabilities.provide(previewHostCapability, acknowledgingHost(runtime.workspace));
  const element = await fixture<CaTrace>(
    html`<ca-trace
      style="display: flex; flex-direction: column; width: ${width}; height: 400px"
      .runtime=${runtime}
    ></ca-trace>`,
  );
  return { runtime, element };
}

/** Runs a prompt through the local agent and approves its card. */
async function runApproved(runtime: Awaited<ReturnType<typeof setup>>['runtime'], prompt: string) {
  const run = runtime.agent.run(prompt);
  const card = await waitFor(() => runtime.approvals.store.getSnapshot()[0], 'the card');
  runtime.approvals.resolve(card.id, 'approved');
  return run;
}

const toggles = (element: CaTrace) => [
  ...element.shadowRoot!.querySelectorAll<HTMLButtonElement>('button[part="group"]'),
];

describe('<ca-trace> groups calls by prompt', () => {
  it('shows one agent run as one collapsed group named by a plain summary of what it changed', async () => {
    const { runtime, element } = await setup();
    await runApproved(runtime, 'make the accent green');
    await element.updateComplete;
    const [toggle, ...others] = toggles(element);
    expect(others).to.have.length(0);
    expect(toggle!.textContent!.trim()).to.match(
      /^Set accent theme: green in styles\.css · approved · \d+(ms| ms|\.\d s)$/,
    );
    expect(toggle!.getAttribute('aria-expanded')).to.equal('false');
    const body = element.shadowRoot!.getElementById(toggle!.getAttribute('aria-controls')!)!;
    expect(body.hidden).to.equal(true);
    const names = [...body.querySelectorAll('tr[data-method="tools/call"] .name')].map(
      (name) => name.textContent,
    );
    expect(names).to.include('preview.setTheme');
    expect(body.querySelector('.group-meta')!.textContent).to.contain('make the accent green');
    await expect(element).to.be.accessible();
  });

  it('keeps a running group open with its state, and a failed direct call open with its message', async () => {
    const { runtime, element } = await setup();
    const run = runtime.agent.run('make the accent green');
    const card = await waitFor(() => runtime.approvals.store.getSnapshot()[0], 'the card');
    const waiting = await waitFor(
      () =>
        toggles(element)[0]?.textContent?.includes('waiting for approval') && toggles(element)[0],
      'the waiting group',
    );
    expect(waiting.getAttribute('aria-expanded')).to.equal('true');
    runtime.approvals.resolve(card.id, 'denied');
    await run;
    await element.updateComplete;
    expect(toggles(element)[0]!.textContent).to.match(/ · denied · /);
    await callAsPerson(runtime.registry, 'workspace.readFile', { path: 'missing.html' });
    await element.updateComplete;
    const failed = toggles(element)[1]!;
    expect(failed.textContent!.trim()).to.match(
      /^Read a workspace file in missing\.html · failed: .*missing\.html.* · \d+ ms$/,
    );
    expect(failed.getAttribute('aria-expanded')).to.equal('true');
    await expect(element).to.be.accessible();
  });

  it('folds the run’s tools/list into its group: counted there, exported, never a row', async () => {
    const { runtime, element } = await setup();
    await runApproved(runtime, 'make the accent green');
    await element.updateComplete;
    const listed = runtime.trace.getSnapshot().filter((row) => row.method === 'tools/list');
    expect(listed).to.have.length(1);
    expect(element.shadowRoot!.querySelectorAll('[data-method="tools/list"]').length).to.equal(0);
    const calls = runtime.trace.getSnapshot().filter((row) => row.method === 'tools/call');
    expect(element.shadowRoot!.querySelectorAll('tbody tr').length).to.equal(calls.length);
    expect(element.shadowRoot!.querySelector('.group-meta')!.textContent).to.contain(
      `listed ${listed[0]!.summary}`,
    );
  });

  it('opens and closes a group from the keyboard', async () => {
    const { runtime, element } = await setup();
    await runApproved(runtime, 'make the accent green');
    await element.updateComplete;
    const toggle = toggles(element)[0]!;
    const body = () => element.shadowRoot!.getElementById(toggle.getAttribute('aria-controls')!)!;
    toggle.focus();
    await sendKeys({ press: 'Enter' });
    await element.updateComplete;
    expect(toggle.getAttribute('aria-expanded')).to.equal('true');
    expect(body().hidden).to.equal(false);
    expect(body().querySelector<HTMLElement>('tbody tr')!.offsetHeight).to.be.above(0);
    await sendKeys({ press: ' ' });
    await element.updateComplete;
    expect(toggle.getAttribute('aria-expanded')).to.equal('false');
    expect(body().hidden).to.equal(true);
  });

  it('fits a 360 px panel with every group and detail open, with no sideways scroll', async () => {
    const { runtime, element } = await setup('360px');
    await runApproved(runtime, 'make the accent green');
    await runtime.registry.executeModelToolCall(
      {
        id: 'call-with-a-long-provider-id-0123456789',
        name: 'workspace.search',
        arguments: { query: 'q'.repeat(200) },
      },
      { context: { source: 'model', mode: 'agent', sessionId: 'session-with-a-long-id' } },
    );
    await callAsPerson(runtime.registry, 'workspace.readFile', { path: 'missing.html' });
    await element.updateComplete;
    for (const toggle of toggles(element))
      if (toggle.getAttribute('aria-expanded') === 'false') toggle.click();
    await element.updateComplete;
    for (const details of element.shadowRoot!.querySelectorAll<HTMLButtonElement>(
      'button[aria-controls^="detail-"]',
    )) {
      details.click();
      await element.updateComplete;
    }
    const area = element.shadowRoot!.querySelector<HTMLElement>('.rows')!;
    expect(area.querySelectorAll('tbody tr').length).to.be.above(3);
    expect(area.scrollWidth).to.be.at.most(area.clientWidth);
    const header = element.shadowRoot!.querySelector<HTMLElement>('.header')!;
    expect(header.scrollWidth).to.be.at.most(header.clientWidth);
  });
});
