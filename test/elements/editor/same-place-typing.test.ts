import { expect, fixture, html } from '@open-wc/testing';
import { EditorView } from '@codemirror/view';
import '../../../src/elements/studio/studio.js';
import type { CaEditor } from '../../../src/elements/editor/editor.element.js';
import type { CaStudio } from '../../../src/elements/studio/studio.element.js';
import { uniqueName, waitFor } from '../../support/wait.js';

/**
 * Two people type at the same place of one file in two tabs (two studios on one database, as
 * two tabs share it). Every word either of them typed ends up stored once each of them has
 * answered the conflict bar with "Keep both": a refused write never takes words out of a draft.
 */

const ROUNDS = 20;
const WORDS_PER_TAB = 12;

const editorOf = (studio: CaStudio) => studio.shadowRoot!.querySelector<CaEditor>('ca-editor')!;
const viewOf = (studio: CaStudio) =>
  waitFor(() => {
    const content = editorOf(studio).shadowRoot!.querySelector<HTMLElement>('.cm-content');
    return content && EditorView.findFromDOM(content);
  }, 'the editor view');
const stored = (studio: CaStudio) => {
  const file = studio.runtime!.workspace.getSnapshot().files.find((f) => f.path === 'index.html');
  return file?.kind === 'text' ? file.text : '';
};
const conflictBar = (studio: CaStudio) =>
  editorOf(studio).shadowRoot!.querySelector<HTMLElement>('[part="conflict"]');
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Types `words` one by one at the end of the file, as the person's own input. */
async function typeWords(studio: CaStudio, words: readonly string[]) {
  for (const word of words) {
    const view = await viewOf(studio);
    if (view.state.readOnly) throw new Error('the editor turned read-only');
    view.dispatch({
      changes: { from: view.state.doc.length, insert: ` ${word}` },
      userEvent: 'input.type',
    });
    await pause(5 + Math.random() * 40);
  }
}

/** Every place a typed word can still be: the store, the drafts, and the conflict bar's version. */
const everywhere = (studios: readonly CaStudio[]) =>
  studios
    .flatMap((studio) => [stored(studio), ...studio.runtime!.drafts.current().values()])
    .join('\n');

/** Answers every conflict bar with "Keep both" until no draft is left and both tabs agree. */
async function settle(studios: readonly CaStudio[]) {
  await waitFor(
    async () => {
      for (const studio of studios) {
        const bar = conflictBar(studio);
        const both = [...(bar?.querySelectorAll('button') ?? [])].find(
          (button) =>
            button.textContent?.trim() === 'Keep both' ||
            button.textContent?.trim() === 'Keep my version',
        );
        both?.click();
        await editorOf(studio).flush();
      }
      return (
        studios.every(
          (studio) =>
            !conflictBar(studio) &&
            studio.runtime!.drafts.current().size === 0 &&
            !studio.runtime!.workspace.getStatus().unsaved,
        ) && stored(studios[0]!) === stored(studios[1]!)
      );
    },
    'both tabs to settle',
    20_000,
  ).catch((error: unknown) => {
    const state = studios.map((studio) => {
      const status = studio.runtime!.workspace.getStatus();
      return {
        bar: conflictBar(studio)?.textContent,
        drafts: [...studio.runtime!.drafts.current().keys()],
        unsaved: status.unsaved,
        revision: status.revision,
        storage: status.storageMode,
        storageError: status.storageError,
        waitingForLock: status.waitingForLock,
        footer: editorOf(studio).shadowRoot!.querySelector('[part="status"]')?.textContent,
        stored: stored(studio).slice(-200),
      };
    });
    throw new Error(`${String(error)} ${JSON.stringify(state)}`);
  });
}

describe('same-place typing in two tabs', () => {
  it('keeps every word typed at the same place in two tabs over 20 runs', async function () {
    this.timeout(600_000);
    const databaseName = uniqueName('same-place');
    const root = await fixture<HTMLElement>(
      html`<div>
        <ca-studio database-name=${databaseName}></ca-studio>
        <ca-studio database-name=${databaseName}></ca-studio>
      </div>`,
    );
    const studios = [...root.querySelectorAll<CaStudio>('ca-studio')] as [CaStudio, CaStudio];
    await Promise.all(studios.map((studio) => studio.updateComplete));
    await Promise.all(studios.map((studio) => studio.runtime!.ready));
    await Promise.all(studios.map(viewOf));
    for (const studio of studios) {
      editorOf(studio).idleMs = 15;
      editorOf(studio).maxWaitMs = 60;
    }

    let typed = 0;
    let lostBeforeChoice = 0;
    const lost: string[] = [];
    for (let round = 0; round < ROUNDS; round += 1) {
      const words = studios.map((_, tab) =>
        Array.from({ length: WORDS_PER_TAB }, (_, i) => `r${round}t${tab}w${i}`),
      );
      await Promise.all(studios.map((studio, tab) => typeWords(studio, words[tab]!)));
      typed += words.flat().length;
      // Before anyone chooses, every word is somewhere the person can still see it.
      await pause(200);
      const visible = everywhere(studios);
      lostBeforeChoice += words.flat().filter((word) => !visible.includes(word)).length;
      await settle(studios);
      lost.push(...words.flat().filter((word) => !stored(studios[0]).includes(word)));
    }
    console.log(
      `same-place typing: ${ROUNDS} runs, ${typed} words typed, ${lostBeforeChoice} missing before the choice, ${lost.length} lost`,
    );
    expect(lostBeforeChoice).to.equal(0);
    expect(lost).to.deep.equal([]);
    for (const studio of studios) studio.runtime!.dispose();
  });
});
