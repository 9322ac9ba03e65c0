/**
 * The editor's review of an agent's change: `@codemirror/merge`'s unified view in the editor
 * itself, against the file's text before the change, with a Revert button on each changed
 * hunk. Revert changes nothing here: it hands the file's text with that hunk restored to the
 * caller, who writes it through the registry, so the view follows the write like any other.
 * Part of the lazily loaded diff chunk.
 */
import { getChunks, getOriginalDoc, unifiedMergeView, type Chunk } from '@codemirror/merge';
import type { EditorState, Extension } from '@codemirror/state';
import { EditorView } from '@codemirror/view';

export interface ReviewMergeOptions {
  /** The file's text before the change under review. */
  original: string;
  /**
   * A Revert button was pressed. `revertedText()` is the shown file's text with that hunk
   * restored, read when called; `undefined` once the hunk is gone.
   */
  onRevert(revertedText: () => string | undefined): void;
  /** The number of changed hunks, whenever it changes. */
  onHunks(count: number): void;
}

/** The text of `state` with `chunk` restored from the original, as `rejectChunk` restores it. */
function restore(state: EditorState, chunk: Chunk): string {
  const original = getOriginalDoc(state);
  const { doc, lineBreak } = state;
  let insert = original.sliceString(chunk.fromA, Math.max(chunk.fromA, chunk.toA - 1), lineBreak);
  if (chunk.fromA !== chunk.toA && chunk.toB <= doc.length) insert += lineBreak;
  return state.sliceDoc(0, chunk.fromB) + insert + state.sliceDoc(Math.min(doc.length, chunk.toB));
}

const chunksOf = (state: EditorState): readonly Chunk[] => getChunks(state)?.chunks ?? [];

function revertButton(onRevert: ReviewMergeOptions['onRevert']): HTMLElement {
  const button = document.createElement('button');
  button.type = 'button';
  button.textContent = 'Revert';
  button.setAttribute('part', 'revert');
  button.setAttribute('aria-label', 'Revert this change');
  button.addEventListener('click', (event) => {
    event.preventDefault();
    const editor = button.closest<HTMLElement>('.cm-editor');
    const view = editor && EditorView.findFromDOM(editor);
    if (!view) return;
    const at = view.posAtDOM(button);
    const chunk = chunksOf(view.state).find((entry) => entry.fromB <= at && entry.endB >= at);
    if (!chunk) return;
    // The hunk is known by its place in the original, which stays while the text moves.
    const { fromA, toA } = chunk;
    onRevert(() => {
      const now = chunksOf(view.state).find((entry) => entry.fromA === fromA && entry.toA === toA);
      return now && restore(view.state, now);
    });
  });
  return button;
}

/** The review's extension for the editor's state; the caller removes it to end the review. */
export function reviewMerge(options: ReviewMergeOptions): Extension {
  let reported = -1;
  const report = (state: EditorState) => {
    const count = chunksOf(state).length;
    if (count !== reported) options.onHunks((reported = count));
  };
  return [
    unifiedMergeView({
      original: options.original,
      gutter: true,
      // Only Revert: keeping a hunk is what leaving the review does.
      mergeControls: (type) =>
        type === 'reject' ? revertButton(options.onRevert) : document.createElement('span'),
    }),
    // The transaction that adds the review reports the first count too.
    EditorView.updateListener.of((update) => report(update.state)),
  ];
}
