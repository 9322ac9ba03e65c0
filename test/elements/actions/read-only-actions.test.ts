import { expect, fixture, html } from '@open-wc/testing';
import { sendKeys } from '@web/test-runner-commands';
import '../../../src/elements/actions/actions.js';
import '../../../src/elements/explorer/explorer.js';
import type { CaWorkspaceActions } from '../../../src/elements/actions/actions.element.js';
import type { CaExplorer } from '../../../src/elements/explorer/explorer.element.js';
import { createStudioRuntime } from '../../../src/composition/studio-runtime.js';
import { waitFor } from '../../support/wait.js';
import { callAsPerson } from '../../../src/runtime/registry/person-call.js';

async function setup() {
  const runtime = createStudioRuntime({ workspaceRepository: null });
  await runtime.ready;
  await callAsPerson(runtime.registry, 'workspace.createFile', { path: 'extra.md' });
  const wrapper = await fixture<HTMLDivElement>(
    html`<div>
      <ca-explorer .runtime=${runtime}></ca-explorer>
      <ca-workspace-actions .runtime=${runtime}></ca-workspace-actions>
    </div>`,
  );
  const explorer = wrapper.querySelector<CaExplorer>('ca-explorer')!;
  const actions = wrapper.querySelector<CaWorkspaceActions>('ca-workspace-actions')!;
  const button = (host: Element, label: string) =>
    [...host.shadowRoot!.querySelectorAll('button')].find(
      (candidate) => candidate.textContent?.trim() === label,
    )!;
  await waitFor(() => !button(actions, 'Undo').disabled, 'Undo to enable');
  return { runtime, explorer, actions, button };
}

describe('a read-only workspace turns the changing actions off, saying why', () => {
  it('disables New file, Rename, Delete, Undo and Reset and shows the reason', async () => {
    const { runtime, explorer, actions, button } = await setup();
    runtime.config.set({ readOnly: true });
    await explorer.updateComplete;
    await actions.updateComplete;
    for (const label of ['New file', 'Rename', 'Delete'])
      expect(button(explorer, label).disabled, label).to.equal(true);
    // Undo is a toolbar button; Reset and Export HTML are File menu items, which stay
    // focusable when off, as menu items do.
    expect(button(actions, 'Undo').disabled).to.equal(true);
    expect(button(actions, 'Reset…').getAttribute('aria-disabled')).to.equal('true');
    expect(button(actions, 'Export HTML').getAttribute('aria-disabled')).to.equal('false');
    expect(explorer.shadowRoot!.querySelector('[part="read-only"]')?.textContent).to.contain(
      'Read-only',
    );
    await expect(explorer).to.be.accessible();

    runtime.config.set({ readOnly: false });
    await explorer.updateComplete;
    expect(button(explorer, 'New file').disabled).to.equal(false);
    expect(explorer.shadowRoot!.querySelector('[part="read-only"]')).to.equal(null);
  });

  it('F2 in the tree of a read-only workspace opens no dialog and says why', async () => {
    const { runtime, explorer } = await setup();
    runtime.config.set({ readOnly: true });
    await explorer.updateComplete;
    explorer.shadowRoot!.querySelector<HTMLElement>('[role="treeitem"][tabindex="0"]')!.focus();
    await sendKeys({ press: 'F2' });
    await explorer.updateComplete;
    expect(explorer.shadowRoot!.querySelector('dialog[open]')).to.equal(null);
    expect(explorer.shadowRoot!.querySelector('.notice')?.textContent).to.contain('Read-only');
  });
});
