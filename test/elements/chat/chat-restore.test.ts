import { expect, fixture, html } from '@open-wc/testing';
import '../../../src/elements/chat/chat.js';
import type { CaChat } from '../../../src/elements/chat/chat.element.js';
import {
  createStudioRuntime,
  type StudioRuntime,
} from '../../../src/composition/studio-runtime.js';
import { waitFor } from '../../support/wait.js';
import { callAsPerson } from '../../../src/runtime/registry/person-call.js';

// Each agent run is a checkpoint: "Restore to before this run" puts back what it changed in one
// traced call by the person, and refuses, changing nothing, once a file changed since.

const PROMPT = 'In index.html replace "Context-Action" with "Context Action"';

async function setup() {
  const runtime = createStudioRuntime({ workspaceRepository: null });
  await runtime.ready;
  // The tests answer approvals themselves, connected as a host's own handler would be.
  runtime.approvals.connect();
  const element = await fixture<CaChat>(html`<ca-chat .runtime=${runtime}></ca-chat>`);
  return { runtime, element };
}

const indexHtml = (runtime: StudioRuntime) => {
  const file = runtime.workspace.getFile('index.html');
  return file.ok && file.value.kind === 'text' ? file.value.text : '';
};

/** Runs the local agent's patch recipe and approves its one call. */
async function patchRun(runtime: StudioRuntime, element: CaChat) {
  const run = element.submit(PROMPT);
  const [card] = await waitFor(() => {
    const list = runtime.approvals.store.getSnapshot();
    return list.length ? list : undefined;
  }, 'the approval request');
  runtime.approvals.resolve(card!.id, 'approved');
  await run;
  await element.updateComplete;
}

const restoreButton = (element: CaChat) =>
  element.shadowRoot!.querySelector<HTMLButtonElement>('button.restore');
const transcript = (element: CaChat) =>
  element.shadowRoot!.querySelector('[role="log"]')!.textContent!.replace(/\s+/g, ' ');

describe('<ca-chat> restores a run', () => {
  it('Restore to before this run undoes the run in one traced call by the person and says so', async () => {
    const { runtime, element } = await setup();
    const before = indexHtml(runtime);
    expect(before).to.include('Context-Action');
    await patchRun(runtime, element);
    expect(runtime.agent.getSnapshot().lastRun?.status).to.equal('completed');
    expect(indexHtml(runtime)).not.to.include('Context-Action');

    const button = await waitFor(() => restoreButton(element), 'the restore button');
    expect(button.getAttribute('aria-label')).to.equal(
      'Restore to before this run (1 file: index.html)',
    );
    button.focus();
    button.click();
    await waitFor(() => transcript(element).includes('Restored index.html'), 'the restore note');
    expect(indexHtml(runtime)).to.equal(before);
    expect(transcript(element)).to.include(`Restored index.html to before “${PROMPT}”.`);
    const rows = runtime.trace.getSnapshot().filter((row) => row.name === 'agent.restoreRun');
    expect(rows.map(({ status, source, mode }) => ({ status, source, mode }))).to.deep.equal([
      { status: 'completed', source: 'local', mode: 'direct' },
    ]);
    // The run is restored once: its button goes, and focus lands on the prompt, not the page.
    await element.updateComplete;
    expect(restoreButton(element)).to.equal(null);
    expect(element.shadowRoot!.activeElement?.id).to.equal('prompt');
    await expect(element).to.be.accessible();
  });

  it('refuses after a later edit to a file the run changed, and changes nothing', async () => {
    const { runtime, element } = await setup();
    await patchRun(runtime, element);
    const edited = `${indexHtml(runtime)}<!-- the person's own edit -->\n`;
    await callAsPerson(runtime.registry, 'workspace.writeFile', {
      path: 'index.html',
      text: edited,
    });
    const revision = runtime.workspace.getSnapshot().revision;

    restoreButton(element)!.click();
    await waitFor(() => transcript(element).includes('Cannot restore'), 'the refusal');
    expect(transcript(element)).to.include(
      'Cannot restore: index.html changed since; nothing was restored.',
    );
    expect(indexHtml(runtime)).to.equal(edited);
    expect(runtime.workspace.getSnapshot().revision).to.equal(revision);
    const [row] = runtime.trace.getSnapshot().filter((entry) => entry.name === 'agent.restoreRun');
    expect(row?.error).to.deep.include({ code: 'WORKSPACE_REVISION_CONFLICT' });
    // Still offered: undoing the person's edit makes the run restorable again.
    expect(restoreButton(element)).not.to.equal(null);
  });
});
