/**
 * CodeMirror 6 behind a small surface. Loaded lazily by `<ca-editor>`, so the script-tag build
 * keeps CodeMirror in its own chunk.
 */
import { basicSetup } from 'codemirror';
import { Compartment, EditorState, type Extension } from '@codemirror/state';
import { EditorView } from '@codemirror/view';
import { html } from '@codemirror/lang-html';
import { css } from '@codemirror/lang-css';
import { javascript } from '@codemirror/lang-javascript';
import { json } from '@codemirror/lang-json';
import { markdown } from '@codemirror/lang-markdown';

export interface CursorInfo {
  line: number;
  column: number;
  length: number;
  lines: number;
}

export interface CodeEditorOptions {
  parent: HTMLElement;
  root: ShadowRoot | Document;
  label: string;
  onUserChange(text: string): void;
  onCursor(info: CursorInfo): void;
  onBlur(): void;
}

export interface CodeEditor {
  /** Replaces the document without reporting it as a user change. */
  setDocument(path: string, text: string): void;
  setReadOnly(readOnly: boolean): void;
  text(): string;
  focus(): void;
  destroy(): void;
}

function languageFor(path: string): Extension {
  const extension = path.slice(path.lastIndexOf('.') + 1).toLowerCase();
  switch (extension) {
    case 'html':
    case 'htm':
      return html();
    case 'css':
      return css();
    case 'js':
    case 'mjs':
      return javascript();
    case 'ts':
      return javascript({ typescript: true });
    case 'json':
      return json();
    case 'md':
      return markdown();
    default:
      return [];
  }
}

export function createCodeEditor(options: CodeEditorOptions): CodeEditor {
  const language = new Compartment();
  const editable = new Compartment();
  let applying = false;
  let currentPath = '';

  const cursor = (state: EditorState): CursorInfo => {
    const head = state.selection.main.head;
    const line = state.doc.lineAt(head);
    return {
      line: line.number,
      column: head - line.from + 1,
      length: state.doc.length,
      lines: state.doc.lines,
    };
  };

  const view = new EditorView({
    root: options.root,
    parent: options.parent,
    state: EditorState.create({
      doc: '',
      extensions: [
        basicSetup,
        language.of([]),
        editable.of([]),
        EditorView.contentAttributes.of({ 'aria-label': options.label }),
        EditorView.updateListener.of((update) => {
          if (update.docChanged && !applying) options.onUserChange(update.state.doc.toString());
          if (update.docChanged || update.selectionSet) options.onCursor(cursor(update.state));
          if (update.focusChanged && !update.view.hasFocus) options.onBlur();
        }),
      ],
    }),
  });

  // The scroller must be reachable by keyboard even while the content is read-only.
  view.scrollDOM.tabIndex = 0;

  return {
    setDocument(path, text) {
      applying = true;
      try {
        const effects = path === currentPath ? [] : [language.reconfigure(languageFor(path))];
        currentPath = path;
        if (view.state.doc.toString() !== text) {
          const head = Math.min(view.state.selection.main.head, text.length);
          view.dispatch({
            changes: { from: 0, to: view.state.doc.length, insert: text },
            selection: { anchor: head },
            effects,
          });
        } else if (effects.length) view.dispatch({ effects });
      } finally {
        applying = false;
      }
      options.onCursor(cursor(view.state));
    },
    setReadOnly(readOnly) {
      view.dispatch({
        effects: editable.reconfigure([
          EditorState.readOnly.of(readOnly),
          EditorView.editable.of(!readOnly),
        ]),
      });
    },
    text: () => view.state.doc.toString(),
    focus: () => view.focus(),
    destroy: () => view.destroy(),
  };
}
