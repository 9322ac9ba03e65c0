/**
 * Completion and bracket closing (`@codemirror/autocomplete`, a tenth of the editor's bytes),
 * loaded beside the editor rather than in its chunk: the load starts as soon as an editor shows a
 * state that lacks them, so the first file is editable without waiting for them and they arrive
 * while the full language mode does. Until then a state carries only the trigger; once loaded,
 * every shown state gets the real extension in its place, and states made after get it at once.
 */
import { Compartment, type Extension } from '@codemirror/state';
import { keymap, ViewPlugin } from '@codemirror/view';

const completing = new Compartment();
let loaded: Extension | undefined;
let loading: Promise<Extension> | undefined;

/** Loads completion and bracket closing once; resolves at once when they have loaded. */
export function loadCompletion(): Promise<Extension> {
  if (!loading) {
    loading = import('@codemirror/autocomplete').then((module) => {
      loaded = [
        module.closeBrackets(),
        module.autocompletion(),
        // Ahead of the default keymap (this compartment comes first in `setup`), as in `basicSetup`.
        keymap.of(module.closeBracketsKeymap),
      ];
      return loaded;
    });
    // A failed fetch is tried again by the next call.
    loading.catch(() => (loading = undefined));
  }
  return loading;
}

/** Shown in a view, loads completion and puts it in that view's state unless it has moved on. */
const trigger = ViewPlugin.define((view) => {
  let live = true;
  loadCompletion().then(
    (extension) => {
      if (live) view.dispatch({ effects: completing.reconfigure(extension) });
    },
    // Typing goes on without; the next state shown tries again.
    () => undefined,
  );
  return {
    destroy() {
      live = false;
    },
  };
});

/** Completion for a new state: the real extension once loaded, else the trigger that loads it. */
export const lazyCompletion = (): Extension => completing.of(loaded ?? trigger);
