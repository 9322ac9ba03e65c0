import { EditorView, ViewPlugin } from '@codemirror/view';

/**
 * CodeMirror keeps one constructed style sheet per document (style-mod), adopted by every
 * editor's shadow root, and inserts a theme's rules the first time any editor uses it. Firefox
 * can leave a shadow root that adopts the sheet after such an insertion without the new rules:
 * they match, yet nothing they set applies (a dark editor stays transparent) until the root's
 * list of sheets is set again. So it is set again each time the editor mounts its styles.
 */
const setAgain = (view: EditorView) => {
  const root = view.root;
  if (root instanceof ShadowRoot) root.adoptedStyleSheets = [...root.adoptedStyleSheets];
};

// A plugin's constructor and update run just before the view mounts its styles: a microtask later
// the sheet holds them.
export const sheetRefresh = ViewPlugin.define((view) => {
  queueMicrotask(() => setAgain(view));
  return {
    update(update) {
      if (
        update.startState.facet(EditorView.styleModule) !==
        update.state.facet(EditorView.styleModule)
      )
        queueMicrotask(() => setAgain(update.view));
    },
  };
});
