/**
 * Other people's carets and selections in the file shown, from the room's presence
 * (`runtime.collab`): each person's caret in their colour with their name above it for two
 * seconds after it moves, and their selection as a translucent highlight. Drawn in a layer of
 * their own over the text, which CodeMirror marks `aria-hidden` (the status bar names who is
 * where); the text itself is never wrapped or changed. Offsets travel as offsets in the file's
 * text, a CRLF line break counting two, and are clamped to the document. Its own chunk, loaded
 * when a file first has someone else in it (`load-remote-cursors.ts`).
 */
import {
  EditorSelection,
  StateEffect,
  StateField,
  type EditorState,
  type Extension,
  type TransactionSpec,
} from '@codemirror/state';
import { RectangleMarker, layer, type EditorView, type LayerMarker } from '@codemirror/view';
import type { CollabPeer, CollabSelection } from '../../composition/collab-status.js';

/** A person drawn: their reported selection (text offsets) and where it is now (positions). */
interface RemoteCursor {
  clientId: number;
  name: string;
  color: string;
  reported: CollabSelection;
  anchor: number;
  head: number;
}

/** The document position of text offset `offset`, clamped to the document. */
function positionOf(state: EditorState, offset: number): number {
  const extra = state.lineBreak.length - 1;
  if (extra === 0) return Math.min(Math.max(offset, 0), state.doc.length);
  // The last line starting at or before `offset` in text offsets holds it.
  let low = 1;
  let high = state.doc.lines;
  while (low < high) {
    const middle = (low + high + 1) >> 1;
    if (state.doc.line(middle).from + (middle - 1) * extra <= offset) low = middle;
    else high = middle - 1;
  }
  const line = state.doc.line(low);
  return Math.min(line.from + Math.max(offset - line.from - (low - 1) * extra, 0), line.to);
}

const drawCursors = StateEffect.define<readonly RemoteCursor[]>();

// Follows local edits between two reports, so a caret stays beside the text it was at.
const cursors = StateField.define<readonly RemoteCursor[]>({
  create: () => [],
  update(value, transaction) {
    for (const effect of transaction.effects) if (effect.is(drawCursors)) return effect.value;
    if (!transaction.docChanged || value.length === 0) return value;
    return value.map((cursor) => ({
      ...cursor,
      anchor: transaction.changes.mapPos(cursor.anchor),
      head: transaction.changes.mapPos(cursor.head),
    }));
  },
});

/** What draws, in `state`, every other person who has `path` open with a selection in it. */
export function showPeers(
  state: EditorState,
  path: string,
  peers: readonly CollabPeer[],
): TransactionSpec {
  const drawn = peers.flatMap(({ clientId, name, color, activePath, selection, self }) =>
    !self && activePath === path && selection
      ? [
          {
            clientId,
            name,
            color,
            reported: selection,
            anchor: positionOf(state, selection.anchor),
            head: positionOf(state, selection.head),
          },
        ]
      : [],
  );
  return { effects: drawCursors.of(drawn) };
}

/** One rectangle of a person's selection, in their colour. */
class Highlight implements LayerMarker {
  constructor(
    readonly rectangle: RectangleMarker,
    readonly color: string,
  ) {}
  draw(): HTMLElement {
    const element = this.rectangle.draw();
    element.style.setProperty('--ca-peer-color', this.color);
    return element;
  }
  // CodeMirror offers the element of whatever marker was drawn at this place before.
  update(element: HTMLElement, previous: LayerMarker): boolean {
    return (
      previous instanceof Highlight &&
      previous.color === this.color &&
      this.rectangle.update(element, previous.rectangle)
    );
  }
  eq(other: Highlight): boolean {
    return other.color === this.color && this.rectangle.eq(other.rectangle);
  }
}

/** Black or white, whichever reads better on `color` (a hex colour, as presence guarantees). */
function textOn(color: string): string {
  const hex =
    color.length === 4
      ? [...color.slice(1)].map((digit) => digit + digit)
      : [1, 3, 5].map((at) => color.slice(at, at + 2));
  const [red, green, blue] = hex.map((pair) => {
    const channel = parseInt(pair, 16) / 255;
    return channel <= 0.04045 ? channel / 12.92 : ((channel + 0.055) / 1.055) ** 2.4;
  });
  const luminance = 0.2126 * red! + 0.7152 * green! + 0.0722 * blue!;
  // Contrast with black (L + 0.05) / 0.05 against white 1.05 / (L + 0.05): equal at L ≈ 0.179.
  return luminance > 0.179 ? '#000' : '#fff';
}

// Above this many pixels from the top a name fits over its caret; nearer, it goes below.
const NAME_HEIGHT = 16;

/** A person's caret with their name; a caret that moved is drawn anew, so the name shows again. */
class Caret implements LayerMarker {
  constructor(
    readonly rectangle: RectangleMarker,
    readonly cursor: RemoteCursor,
  ) {}
  draw(): HTMLElement {
    const element = this.rectangle.draw();
    element.style.setProperty('--ca-peer-color', this.cursor.color);
    element.style.setProperty('--ca-peer-text', textOn(this.cursor.color));
    const name = element.appendChild(document.createElement('span'));
    name.className = this.rectangle.top < NAME_HEIGHT ? 'cm-remoteName below' : 'cm-remoteName';
    name.textContent = this.cursor.name;
    return element;
  }
  update(element: HTMLElement, previous: LayerMarker): boolean {
    return (
      previous instanceof Caret &&
      this.same(previous) &&
      this.rectangle.update(element, previous.rectangle)
    );
  }
  eq(other: Caret): boolean {
    return this.same(other) && this.rectangle.eq(other.rectangle);
  }
  private same(other: Caret): boolean {
    const [a, b] = [this.cursor, other.cursor];
    return (
      a.clientId === b.clientId &&
      a.name === b.name &&
      a.color === b.color &&
      a.reported.head === b.reported.head &&
      this.rectangle.top < NAME_HEIGHT === other.rectangle.top < NAME_HEIGHT
    );
  }
}

const markersOf = (view: EditorView): LayerMarker[] =>
  view.state.field(cursors).flatMap((cursor) => {
    const range = EditorSelection.range(cursor.anchor, cursor.head);
    const highlights = range.empty
      ? []
      : RectangleMarker.forRange(view, 'cm-remoteSelection', range).map(
          (rectangle) => new Highlight(rectangle, cursor.color),
        );
    const caret = RectangleMarker.forRange(
      view,
      'cm-remoteCaret',
      EditorSelection.cursor(cursor.head),
    );
    return [...highlights, ...caret.map((rectangle) => new Caret(rectangle, cursor))];
  });

/** The field and the layer: in every file's state once loaded (their styles always are). */
export const remoteCursors: Extension = [
  cursors,
  layer({
    above: true,
    class: 'cm-remoteCursors',
    update: (update) =>
      update.docChanged ||
      update.viewportChanged ||
      update.startState.field(cursors) !== update.state.field(cursors),
    markers: markersOf,
  }),
];
