/**
 * CodeMirror's search, loaded on first use. Until then a state carries only triggers: the search
 * keys (the same bindings as `searchKeymap`) and a listener for the first non-empty selection,
 * which is when selection-match highlighting would first show. A trigger loads the search chunk,
 * puts the real keymap and highlighting in the state in place of the triggers, and runs the
 * command its key stands for. States made after the load get the real extension at once.
 */
import { Compartment, type Extension } from '@codemirror/state';
import { EditorView, keymap, type Command } from '@codemirror/view';
import type * as Search from '@codemirror/search';

type SearchModule = typeof Search;
type SearchCommand =
  | 'openSearchPanel'
  | 'findNext'
  | 'findPrevious'
  | 'selectSelectionMatches'
  | 'gotoLine'
  | 'selectNextOccurrence';

const searching = new Compartment();
let loaded: Extension | undefined;
let loading: Promise<SearchModule> | undefined;

function load(): Promise<SearchModule> {
  loading ??= import('@codemirror/search').then((module) => {
    loaded = [keymap.of(module.searchKeymap), module.highlightSelectionMatches()];
    return module;
  });
  // A failed fetch may be retried by the next key press.
  loading.catch(() => (loading = undefined));
  return loading;
}

/** Loads search into `view`'s state, then runs `command` there. */
function install(view: EditorView, command?: SearchCommand): void {
  void load().then((module) => {
    if (searching.get(view.state) !== loaded)
      view.dispatch({ effects: searching.reconfigure(loaded ?? []) });
    if (command) module[command](view);
  });
}

const on =
  (command: SearchCommand): Command =>
  (view) => {
    install(view, command);
    return true;
  };

const triggers: Extension = [
  keymap.of([
    { key: 'Mod-f', run: on('openSearchPanel') },
    { key: 'F3', run: on('findNext'), shift: on('findPrevious'), preventDefault: true },
    { key: 'Mod-g', run: on('findNext'), shift: on('findPrevious'), preventDefault: true },
    { key: 'Mod-Shift-l', run: on('selectSelectionMatches') },
    { key: 'Mod-Alt-g', run: on('gotoLine') },
    { key: 'Mod-d', run: on('selectNextOccurrence'), preventDefault: true },
  ]),
  EditorView.updateListener.of((update) => {
    if (update.selectionSet && !update.state.selection.main.empty) install(update.view);
  }),
];

/** Search for a new state: the real extension once loaded, else the triggers that load it. */
export const lazySearch = (): Extension => searching.of(loaded ?? triggers);
