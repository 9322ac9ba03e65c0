/**
 * CodeMirror 6 behind a small surface. Loaded lazily by `<ca-editor>`, so the script-tag build
 * keeps CodeMirror in its own chunk.
 *
 * Every file gets its own `EditorState`: its own selection, scroll and
 * undo history (CodeMirror's history keeps at most about 100 events). Showing a file swaps the
 * state in, so opening or switching files is never an undoable change, and an outside write (a
 * tool, an agent) arrives as a minimal change kept out of the person's undo history.
 */
import {
  Compartment,
  EditorState,
  Transaction,
  type Extension,
  type TransactionSpec,
} from '@codemirror/state';
import { EditorView } from '@codemirror/view';
import { hasInterim, languageOf, loadLanguage } from './languages.js';
import { lineBreakOf, selectionOffsets, textOffset, withLineBreak } from './line-breaks.js';
import { codeTheme } from './code-theme.js';
import { setup } from './setup.js';
import { loadedRemoteCursors, loadRemoteCursors } from './load-remote-cursors.js';
import { remoteCursorsTheme } from './remote-cursors-theme.js';
import type { ResolvedTheme } from '../shared/theme.js';
import type { CollabPeer, CollabSelection } from '../../composition/collab-status.js';

export interface CursorInfo {
  line: number;
  column: number;
  /** Characters of the file as saved, line breaks included (`\r\n` counts two). */
  length: number;
  lines: number;
}

export interface CodeEditorOptions {
  parent: HTMLElement;
  root: ShadowRoot | Document;
  /** The text box's accessible name for the file shown. */
  label: (path: string) => string;
  theme: ResolvedTheme;
  onUserChange(path: string, text: string): void;
  onCursor(info: CursorInfo): void;
  /** The main selection of the file shown moved (offsets in its text), for presence. */
  onSelection(path: string, selection: CollabSelection): void;
  onBlur(): void;
  /**
   * Where CodeMirror's own announcements (search matches, completions) go instead of its live
   * region: the studio's one region. Without it, CodeMirror's region speaks.
   */
  announce?: (message: string) => void;
}

export interface CodeEditor {
  /**
   * Shows `path`. A file shown before comes back with its own state; when `text` differs from
   * it, the difference is applied as an outside change. Never reported as a user change.
   */
  show(path: string, text: string): void;
  /** Drops the states of files that are gone (deleted or renamed). */
  retain(paths: ReadonlySet<string>): void;
  setReadOnly(readOnly: boolean): void;
  /**
   * Adds `extension` (a change under review) to the shown file, or removes it. Showing another
   * file, or the file read again whole, removes it too.
   */
  setReview(extension: Extension | undefined): void;
  /** Draws the carets and selections of the `peers` who have the shown file open. */
  setPeers(peers: readonly CollabPeer[]): void;
  /** Redraws every file, shown or kept, in `theme`. */
  setTheme(theme: ResolvedTheme): void;
  /** The shown file's text with its own line breaks. */
  text(): string;
  focus(): void;
  /**
   * Puts the cursor at `line`:`column` (1-based) of `path`, scrolls to it and focuses; false
   * when `path` is not the file shown.
   */
  reveal(path: string, line: number, column: number): boolean;
  destroy(): void;
}

/** A file that is not shown: its state and where it was scrolled to. */
interface HiddenFile {
  state: EditorState;
  scroll: ReturnType<EditorView['scrollSnapshot']>;
  /** The theme its state was last configured with. */
  theme: ResolvedTheme;
}

const sameLineBreak = (state: EditorState, text: string): boolean =>
  state.facet(EditorState.lineSeparator) === lineBreakOf(text);

const cursorOf = (state: EditorState): CursorInfo => {
  const head = state.selection.main.head;
  const line = state.doc.lineAt(head);
  return {
    line: line.number,
    column: head - line.from + 1,
    length: textOffset(state, state.doc.length),
    lines: state.doc.lines,
  };
};

/**
 * The smallest single replacement turning `state`'s text into `text`, or `undefined` when they
 * are equal. Compared in document units, where a line break is one character whatever it is.
 */
function outsideChange(state: EditorState, text: string): TransactionSpec | undefined {
  const next = state.toText(text);
  if (next.eq(state.doc)) return undefined;
  const before = state.doc.toString();
  const after = next.toString();
  const shortest = Math.min(before.length, after.length);
  let start = 0;
  while (start < shortest && before.charCodeAt(start) === after.charCodeAt(start)) start++;
  let end = 0;
  while (
    end < shortest - start &&
    before.charCodeAt(before.length - 1 - end) === after.charCodeAt(after.length - 1 - end)
  ) {
    end++;
  }
  return {
    changes: {
      from: start,
      to: before.length - end,
      insert: next.slice(start, after.length - end),
    },
    annotations: Transaction.addToHistory.of(false),
  };
}

const NO_REVIEW: Extension = [];

export function createCodeEditor(options: CodeEditorOptions): CodeEditor {
  const editable = new Compartment();
  const themed = new Compartment();
  let theme = options.theme;
  const language = new Compartment();
  const review = new Compartment();
  const drawing = new Compartment();
  const files = new Map<string, HiddenFile>();
  let readOnly = false;
  let applying = false;
  let shownPath = '';
  let destroyed = false;
  let peers: readonly CollabPeer[] = [];
  // Focused once: from then on every file's full mode loads as it shows.
  let engaged = false;

  const moved = (state: EditorState): void => {
    options.onCursor(cursorOf(state));
    if (shownPath) options.onSelection(shownPath, selectionOffsets(state));
  };

  const editableExtension = () => [
    EditorState.readOnly.of(readOnly),
    EditorView.editable.of(!readOnly),
  ];

  const shared: Extension = [
    // Read at every update, so the name follows the file shown.
    EditorView.contentAttributes.of(() => ({ 'aria-label': options.label(shownPath) })),
    // Pasted or dropped text takes the file's line breaks, so a CRLF file stays CRLF.
    EditorView.clipboardInputFilter.of((text, state) => withLineBreak(text, state.lineBreak)),
    EditorView.updateListener.of((update) => {
      if (update.docChanged && !applying) {
        options.onUserChange(shownPath, update.state.sliceDoc());
      }
      if (update.docChanged || update.selectionSet) moved(update.state);
      if (update.focusChanged && !update.view.hasFocus) options.onBlur();
      if (update.focusChanged && update.view.hasFocus && !engaged) {
        engaged = true;
        highlightWhenLoaded(shownPath);
      }
      for (const transaction of update.transactions)
        for (const effect of transaction.effects)
          if (effect.is(EditorView.announce)) options.announce?.(effect.value);
    }),
  ];

  const createState = (path: string, text: string): EditorState => {
    const lineBreak = lineBreakOf(text);
    return EditorState.create({
      doc: text,
      extensions: [
        setup(),
        shared,
        remoteCursorsTheme,
        drawing.of(loadedRemoteCursors()?.remoteCursors ?? []),
        language.of(languageOf(path)),
        editable.of(editableExtension()),
        themed.of(codeTheme(theme)),
        review.of(NO_REVIEW),
        lineBreak ? EditorState.lineSeparator.of(lineBreak) : [],
      ],
    });
  };

  /** `state` with the mode `path` needs, once that mode has loaded. */
  const withLanguage = (path: string, state: EditorState): EditorState => {
    const mode = languageOf(path);
    return language.get(state) === mode
      ? state
      : state.update({ effects: language.reconfigure(mode) }).state;
  };

  /**
   * Loads `path`'s mode and puts it in the view if that file is still the one shown. A file
   * with an interim mode (HTML's grammar alone) keeps it until the editor is first focused.
   */
  const highlightWhenLoaded = (path: string): void => {
    if (!engaged && hasInterim(path)) return;
    void loadLanguage(path).then(() => {
      if (path !== shownPath || destroyed || !view) return;
      const mode = languageOf(path);
      if (language.get(view.state) !== mode) view.dispatch({ effects: language.reconfigure(mode) });
    });
  };

  // Built by the first `show`, with that file's state: replacing a first empty state would build
  // every view plugin twice on the way to the first editable file (measured: bench:cold-start).
  let view: EditorView | undefined;
  const mount = (state: EditorState): EditorView => {
    const created = new EditorView({ root: options.root, parent: options.parent, state });
    // The scroller must be reachable by keyboard even while the content is read-only.
    created.scrollDOM.tabIndex = 0;
    if (options.announce)
      created.dom.querySelector('.cm-announced')?.setAttribute('aria-live', 'off');
    return created;
  };

  /**
   * Draws the others who have the shown file open. The drawing code loads once someone else is
   * in the room; a state made before it loaded gets it here.
   */
  const drawPeers = (): void => {
    const module = loadedRemoteCursors();
    if (!module) {
      if (peers.some((peer) => !peer.self))
        loadRemoteCursors().then(
          () => !destroyed && drawPeers(),
          () => undefined,
        );
      return;
    }
    if (!view) return;
    if (drawing.get(view.state) !== module.remoteCursors)
      view.dispatch({ effects: drawing.reconfigure(module.remoteCursors) });
    view.dispatch(module.showPeers(view.state, shownPath, peers));
  };

  /** `state` brought up to `text` as an outside change, outside the person's undo history. */
  const follow = (path: string, state: EditorState, text: string): EditorState => {
    // A file whose line-break style changed is read again whole; its history no longer applies.
    if (!sameLineBreak(state, text)) return createState(path, text);
    const change = outsideChange(state, text);
    const next = change ? state.update(change).state : state;
    // In a mixed file a separator and an in-line `\n` compare alike; never keep a near miss.
    return next.sliceDoc() === text ? next : createState(path, text);
  };

  return {
    show(path, text) {
      if (!view) {
        shownPath = path;
        view = mount(createState(path, text));
        highlightWhenLoaded(path);
      } else if (path === shownPath) {
        if (!sameLineBreak(view.state, text)) view.setState(createState(path, text));
        const change = outsideChange(view.state, text);
        if (change) {
          applying = true;
          try {
            view.dispatch(change);
          } finally {
            applying = false;
          }
        }
        if (view.state.sliceDoc() !== text) view.setState(createState(path, text));
      } else {
        if (shownPath) {
          // A review belongs to the file while it is shown.
          const state =
            review.get(view.state) === NO_REVIEW
              ? view.state
              : view.state.update({ effects: review.reconfigure(NO_REVIEW) }).state;
          files.set(shownPath, { state, scroll: view.scrollSnapshot(), theme });
        }
        const known = files.get(path);
        let state = withLanguage(
          path,
          known ? follow(path, known.state, text) : createState(path, text),
        );
        // The read-only switch or the theme may have flipped while this file was away.
        if (state.facet(EditorState.readOnly) !== readOnly) {
          state = state.update({ effects: editable.reconfigure(editableExtension()) }).state;
        }
        if (known && known.theme !== theme) {
          state = state.update({ effects: themed.reconfigure(codeTheme(theme)) }).state;
        }
        shownPath = path;
        view.setState(state);
        // The scroll position only still fits when the text did not change meanwhile.
        if (known?.scroll && known.state.doc === state.doc)
          view.dispatch({ effects: known.scroll });
        files.delete(path);
        highlightWhenLoaded(path);
      }
      drawPeers();
      moved(view.state);
    },
    retain(paths) {
      for (const path of files.keys()) if (!paths.has(path)) files.delete(path);
    },
    setReadOnly(value) {
      if (value === readOnly) return;
      readOnly = value;
      view?.dispatch({ effects: editable.reconfigure(editableExtension()) });
    },
    setReview(extension) {
      view?.dispatch({ effects: review.reconfigure(extension ?? NO_REVIEW) });
    },
    setPeers(next) {
      if (next === peers || (next.length === 0 && peers.length === 0)) return;
      peers = next;
      drawPeers();
    },
    setTheme(value) {
      if (value === theme) return;
      theme = value;
      view?.dispatch({ effects: themed.reconfigure(codeTheme(theme)) });
    },
    text: () => view?.state.sliceDoc() ?? '',
    focus: () => view?.focus(),
    reveal(path, line, column) {
      if (!view || path !== shownPath) return false;
      const { doc } = view.state;
      const target = doc.line(Math.min(Math.max(line, 1), doc.lines));
      const anchor = Math.min(target.from + Math.max(column - 1, 0), target.to);
      view.dispatch({
        selection: { anchor },
        effects: EditorView.scrollIntoView(anchor, { y: 'center' }),
      });
      view.focus();
      return true;
    },
    destroy() {
      destroyed = true;
      view?.destroy();
    },
  };
}
