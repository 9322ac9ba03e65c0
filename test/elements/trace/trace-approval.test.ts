import { expect, fixture, html } from '@open-wc/testing';
import '../../../src/elements/trace/trace.js';
import type { CaTrace } from '../../../src/elements/trace/trace.element.js';
import { createOpenRouterSettingsStore } from '../../../src/runtime/agents/openrouter/settings.js';
import { previewHostCapability } from '../../../src/runtime/preview/preview-host.js';
import { createStudioRuntime } from '../../../src/composition/studio-runtime.js';
import { acknowledgingHost } from '../../runtime/tools/workspace/support.js';
import { waitFor } from '../../support/wait.js';

const statusOf = (element: CaTrace, method: string, name?: string) =>
  [...element.shadowRoot!.querySelectorAll<HTMLElement>(`tr[data-method="${method}"]`)]
    .find((row) => !name || row.querySelector('.name')?.textContent === name)
    ?.querySelector('.status')
    ?.textContent?.trim();

/** The summary line of the agent run's group. */
const runSummary = (element: CaTrace) =>
  element.shadowRoot!.querySelector('button[part="group"]')?.textContent?.trim();

describe('<ca-trace> approval states (E4)', () => {
  it('the local agent run and its call read "waiting for approval", then "approved" or "denied"', async () => {
    const runtime = createStudioRuntime({
      storage: 'memory',
      openrouterSettings: createOpenRouterSettingsStore({ storage: null, events: null }),
    });
    runtime.approvals.connect();
    await runtime.ready;
    runtime.capabilities.provide(previewHostCapability, acknowledgingHost(runtime.workspace));
    const element = await fixture<CaTrace>(html`<ca-trace .runtime=${runtime}></ca-trace>`);

    const approved = runtime.agent.run('Create the file "notes.md"');
    let card = await waitFor(() => runtime.approvals.store.getSnapshot()[0], 'the first card');
    await waitFor(
      () => statusOf(element, 'tools/call', 'workspace.createFile')?.includes('waiting'),
      'the waiting call row',
    );
    expect(statusOf(element, 'tools/call', 'workspace.createFile')).to.equal(
      'running · waiting for approval',
    );
    expect(runSummary(element)).to.match(/ · waiting for approval$/);
    runtime.approvals.resolve(card.id, 'approved');
    await approved;
    await element.updateComplete;
    expect(statusOf(element, 'tools/call', 'workspace.createFile')).to.equal(
      'completed · approved',
    );
    expect(runSummary(element)).to.match(/ in notes\.md · approved · \d+(\.\d s| ms)$/);

    runtime.trace.clear();
    const denied = runtime.agent.run('Create the file "other.md"');
    card = await waitFor(() => runtime.approvals.store.getSnapshot()[0], 'the second card');
    runtime.approvals.resolve(card.id, 'denied');
    await denied;
    await element.updateComplete;
    expect(statusOf(element, 'tools/call', 'workspace.createFile')).to.match(
      /^failed · \w+ · terminal · denied$/,
    );
    expect(runSummary(element)).to.match(/ in other\.md · denied · /);
    runtime.dispose();
  });
});
