/**
 * Completion and bracket closing (`@codemirror/autocomplete`, a tenth of the editor's bytes),
 * loaded beside the editor rather than in its chunk, and only once a person focuses an editor: a
 * first visit that only looks never fetches them. The focus comes before the first keystroke, so
 * they are usually there by the time a completion could show; a bracket typed before they arrive
 * is not closed. Until then a state carries only the trigger; once loaded, every shown state gets
 * the real extension in its place, and states made after get it at once.
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

/**
 * In a focused view, loads completion and puts it in that view's state unless it has moved on:
 * at once when the state shows in a view that has focus, else on the view's next focus.
 */
const trigger = ViewPlugin.define((view) => {
  let live = true;
  let started = false;
  const start = () => {
    if (started) return;
    started = true;
    loadCompletion().then(
      (extension) => {
        if (live) view.dispatch({ effects: completing.reconfigure(extension) });
      },
      // Typing goes on without; the next focus tries again.
      () => (started = false),
    );
  };
  if (view.hasFocus) start();
  return {
    update(update) {
      if (update.focusChanged && update.view.hasFocus) start();
    },
    destroy() {
      live = false;
    },
  };
});

/** Completion for a new state: the real extension once loaded, else the trigger that loads it. */
export const lazyCompletion = (): Extension => completing.of(loaded ?? trigger);
