import { expect, fixture, html } from '@open-wc/testing';
import { sendKeys } from '@web/test-runner-commands';
import '../../../src/elements/studio/studio.js';
import type { CaEditor } from '../../../src/elements/editor/editor.element.js';
import type { CaStatusBar } from '../../../src/elements/status-bar/status-bar.element.js';
import type { CaStudio } from '../../../src/elements/studio/studio.element.js';
import { uniqueName, waitFor } from '../../support/wait.js';

/**
 * Scenario 1 (docs/never-lose-an-edit.md) through the UI: two studios on one page share a database, as two tabs do.
 * A person types in one; the other shows it; typing in both at once loses nothing; typing at
 * the same place leaves a visible choice; after both reload every kept character is there.
 */

async function studioPair(databaseName: string) {
  const root = await fixture<HTMLElement>(
    html`<div>
      <ca-studio database-name=${databaseName}></ca-studio>
      <ca-studio database-name=${databaseName}></ca-studio>
    </div>`,
  );
  const [a, b] = [...root.querySelectorAll<CaStudio>('ca-studio')] as [CaStudio, CaStudio];
  // The wrapper's fixture does not wait for the studios; their runtimes arrive with the chunk.
  await Promise.all([a.updateComplete, b.updateComplete]);
  await Promise.all([a.runtime!.ready, b.runtime!.ready]);
  return { root, a, b };
}

const editorOf = (studio: CaStudio) => studio.shadowRoot!.querySelector<CaEditor>('ca-editor')!;
const contentOf = (studio: CaStudio) =>
  waitFor(
    () => editorOf(studio).shadowRoot!.querySelector<HTMLElement>('.cm-content'),
    'the editor content',
  );
const shownText = (studio: CaStudio) =>
  editorOf(studio).shadowRoot!.querySelector('.cm-content')?.textContent ?? '';
const storedIndex = (studio: CaStudio) => {
  const file = studio.runtime!.workspace.getSnapshot().files.find((f) => f.path === 'index.html');
  return file?.kind === 'text' ? file.text : '';
};
const statusPart = (studio: CaStudio, name: string) =>
  studio
    .shadowRoot!.querySelector<CaStatusBar>('ca-status-bar')
    ?.shadowRoot!.querySelector(`[part="${name}"]`)?.textContent ?? '';

async function typeAt(studio: CaStudio, where: 'Home' | 'End', text: string) {
  (await contentOf(studio)).focus();
  await sendKeys({ down: 'Control' });
  await sendKeys({ press: where });
  await sendKeys({ up: 'Control' });
  await sendKeys({ type: text });
}

/** What another tab's editor does when its draft is written: `workspace.writeFile`, direct. */
async function writeFromOtherTab(studio: CaStudio, text: string) {
  const result = await studio.runtime!.registry.callTool(
    'workspace.writeFile',
    { path: 'index.html', text },
    { context: { source: 'local', mode: 'direct' } },
  );
  expect(result.error).to.equal(undefined);
}

/** Moves focus out of every editor, which writes pending drafts (as leaving the editor does). */
function leaveEditors(root: HTMLElement) {
  const outside = root.appendChild(
    Object.assign(document.createElement('button'), { textContent: 'x' }),
  );
  outside.focus();
  outside.remove();
}

describe('two studios sharing one workspace database (scenario 1)', () => {
  it('shows each other’s edits, merges concurrent drafts and keeps both after a reload', async function () {
    this.timeout(60_000);
    const databaseName = uniqueName('shared-studios');
    const { root, a, b } = await studioPair(databaseName);
    await waitFor(() => shownText(a).length > 0 && shownText(b).length > 0, 'both editors');

    // 1. A types; B's editor, status bar and preview follow.
    await typeAt(a, 'End', 'fromA1');
    leaveEditors(root);
    await waitFor(() => storedIndex(a).includes('fromA1'), 'A to write');
    await waitFor(() => shownText(b).includes('fromA1'), "B's editor to show A's edit");
    const revision = a.runtime!.workspace.getSnapshot().revision;
    await waitFor(() => statusPart(b, 'revision') === `rev ${revision}`, "B's status bar");
    await waitFor(
      () => statusPart(b, 'preview').includes(`rev ${revision}`),
      "B's preview to show the revision",
    );

    // 2. B has an unsaved draft when A's next edit arrives: both edits are kept.
    editorOf(a).idleMs = 600_000;
    editorOf(b).idleMs = 600_000;
    await typeAt(b, 'Home', 'startB3');
    // The other tab's editor writes as A's editor would; B keeps its focus and its draft.
    await writeFromOtherTab(a, `${storedIndex(a)}againA2`);
    await waitFor(() => shownText(b).includes('againA2'), 'the merge into B');
    expect(shownText(b)).to.contain('startB3');
    expect(storedIndex(a)).not.to.contain('startB3');
    leaveEditors(root);
    await waitFor(() => storedIndex(a).includes('startB3'), "B's draft to be written");

    // 3. Both type at the same place: B keeps its draft and is asked; it takes A's version.
    await typeAt(b, 'End', 'endB4');
    await writeFromOtherTab(a, `${storedIndex(a)}endA5`);
    const conflict = await waitFor(
      () => editorOf(b).shadowRoot!.querySelector<HTMLElement>('[part="conflict"]'),
      'the conflict choice in B',
    );
    expect(conflict.getAttribute('role')).to.equal('alert');
    expect(shownText(b)).to.contain('endB4');
    expect(storedIndex(b)).to.contain('endA5');
    const useTheirs = [...conflict.querySelectorAll('button')].find(
      (button) => button.textContent?.trim() === 'Use the other version',
    )!;
    leaveEditors(root);
    // The draft waits for the choice: leaving the editor, or an agent run, writes nothing.
    await b.runtime!.drafts.flushAll();
    await waitFor(() => !b.runtime!.workspace.getStatus().unsaved, 'B to store');
    expect(storedIndex(a)).not.to.contain('endB4');
    expect(b.runtime!.drafts.current().get('index.html')).to.contain('endB4');
    useTheirs.click();
    await waitFor(() => shownText(b).includes('endA5'), "A's version in B");
    expect(shownText(b)).not.to.contain('endB4');

    // 4. Reload both: every kept edit is stored.
    const final = storedIndex(a);
    for (const studio of [a, b])
      await waitFor(() => !studio.runtime!.workspace.getStatus().unsaved, 'edits stored');
    root.remove();
    a.runtime!.dispose();
    b.runtime!.dispose();
    const reloaded = await studioPair(databaseName);
    await waitFor(() => shownText(reloaded.a).includes('endA5'), 'the reloaded editor');
    for (const studio of [reloaded.a, reloaded.b]) {
      expect(storedIndex(studio)).to.equal(final);
      for (const kept of ['fromA1', 'againA2', 'startB3', 'endA5'])
        expect(storedIndex(studio)).to.contain(kept);
    }
    reloaded.a.runtime!.dispose();
    reloaded.b.runtime!.dispose();
  });
});
