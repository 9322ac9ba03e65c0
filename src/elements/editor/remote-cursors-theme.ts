/**
 * The styles of other people's carets and selections (`remote-cursors.ts`). In every state from
 * the start, though the drawing code loads later: styles a reconfiguration adds to a shown view
 * did not apply in Firefox (the caret took the text colour).
 */
import { EditorView } from '@codemirror/view';

export const remoteCursorsTheme = EditorView.baseTheme({
  '.cm-remoteCursors': { pointerEvents: 'none' },
  '.cm-remoteSelection': {
    backgroundColor: 'color-mix(in srgb, var(--ca-peer-color) 25%, transparent)',
  },
  '.cm-remoteCaret': {
    borderLeft: '2px solid var(--ca-peer-color)',
    marginLeft: '-1px',
  },
  '.cm-remoteName': {
    position: 'absolute',
    left: '-2px',
    bottom: '100%',
    padding: '0 0.3em',
    borderRadius: '3px 3px 3px 0',
    border: '1px solid transparent',
    backgroundColor: 'var(--ca-peer-color)',
    color: 'var(--ca-peer-text)',
    fontFamily: 'system-ui, sans-serif',
    fontSize: '0.7rem',
    lineHeight: '1.3',
    whiteSpace: 'nowrap',
    animation: 'ca-remote-name 2s forwards',
  },
  '.cm-remoteName.below': { bottom: 'auto', top: '100%', borderRadius: '0 3px 3px 3px' },
  '@keyframes ca-remote-name': {
    '0%, 80%': { opacity: '1' },
    '100%': { opacity: '0', visibility: 'hidden' },
  },
  // Forced colours replace the person's colour: the caret, its name's border and the selection's
  // outline take the text colour, so every part stays visible.
  '@media (forced-colors: active)': {
    '.cm-remoteCaret': { borderLeftColor: 'CanvasText' },
    '.cm-remoteName': { borderColor: 'CanvasText' },
    '.cm-remoteSelection': { outline: '1px dashed CanvasText' },
  },
});
