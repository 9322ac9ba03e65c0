/**
 * Collaborators' carets and selections in `<ca-editor>`: two studios in a room of a real
 * collaboration server (a Hocuspocus process on loopback), each with an editor on its runtime.
 * Bo's selection in index.html is drawn in Ada's editor at its place, with his name and colour,
 * until he opens another file; a hostile client's selection is clamped or ignored.
 */
import { expect, fixture, html } from '@open-wc/testing';
import { executeServerCommand } from '@web/test-runner-commands';
import { EditorView } from '@codemirror/view';
import { HocuspocusProvider } from '@hocuspocus/provider';
import * as Y from 'yjs';
import { createStudioRuntime, type StudioRuntime } from '../../../src/composition/index.js';
import '../../../src/elements/editor/editor.js';
import type { CaEditor } from '../../../src/elements/editor/editor.element.js';
import { uniqueName, waitFor } from '../../support/wait.js';

const TOKEN = 'cursors-test-token';
const TEXT = '<h1>Hello</h1>\n<p>Second line</p>\n';
const started: StudioRuntime[] = [];
const providers: HocuspocusProvider[] = [];
let server: { id: string; url: string };

before(async () => {
  server = await executeServerCommand<{ id: string; url: string }, object>('collab-server-start', {
    token: TOKEN,
  });
});

afterEach(() => {
  for (const provider of providers.splice(0)) provider.destroy();
  for (const runtime of started.splice(0)) runtime.dispose();
});

function studio(room: string, user: { name: string; color: string }) {
  const runtime = createStudioRuntime({
    storage: 'memory',
    seed: [
      { path: 'index.html', text: TEXT },
      { path: 'style.css', text: 'h1 { color: red; }' },
    ],
    collab: { url: server.url, room, token: TOKEN, user },
  });
  started.push(runtime);
  return runtime;
}

async function editorOn(runtime: StudioRuntime) {
  const editor = await fixture<CaEditor>(html`<ca-editor .runtime=${runtime}></ca-editor>`);
  const view = await waitFor(() => {
    const content = editor.shadowRoot!.querySelector<HTMLElement>('.cm-content');
    return content && EditorView.findFromDOM(content);
  }, 'the editor view');
  return { editor, view };
}

/** Ada and Bo in a fresh room, each with an editor showing index.html. */
async function pair() {
  const room = uniqueName('cursors');
  const ada = studio(room, { name: 'Ada', color: '#2b8a3e' });
  await ada.collab!.idle();
  const bo = studio(room, { name: 'Bo', color: '#1864ab' });
  await bo.collab!.idle();
  return {
    room,
    ada: { runtime: ada, ...(await editorOn(ada)) },
    bo: { runtime: bo, ...(await editorOn(bo)) },
  };
}

const caretOf = (editor: CaEditor, name: string) =>
  [...editor.shadowRoot!.querySelectorAll<HTMLElement>('.cm-remoteCaret')].find(
    (caret) => caret.textContent === name,
  );
const highlights = (editor: CaEditor) => [
  ...editor.shadowRoot!.querySelectorAll<HTMLElement>('.cm-remoteSelection'),
];

/** Whether `element` is drawn where `pos` is in `view` (within a pixel or two). */
function drawnAt(view: EditorView, element: HTMLElement, pos: number): boolean {
  const at = view.coordsAtPos(pos)!;
  const box = element.getBoundingClientRect();
  return Math.abs(box.left + 1 - at.left) <= 2 && Math.abs(box.top - at.top) <= 2;
}

describe('collaborators’ cursors in the editor', () => {
  it('draws Bo’s caret and selection in Ada’s editor, in his colour with his name, until he opens another file', async () => {
    const { ada, bo } = await pair();
    // "Hello" on Bo's side, selected from its end back to its start.
    bo.view.dispatch({ selection: { anchor: 9, head: 4 } });
    const caret = await waitFor(() => {
      const found = caretOf(ada.editor, 'Bo');
      return found && drawnAt(ada.view, found, 4) && found;
    }, 'Bo’s caret before "Hello" in Ada’s editor');
    expect(getComputedStyle(caret).borderLeftColor).to.equal('rgb(24, 100, 171)');
    const name = caret.querySelector<HTMLElement>('.cm-remoteName')!;
    expect(name.textContent).to.equal('Bo');
    expect(getComputedStyle(name).color).to.equal('rgb(255, 255, 255)');
    expect(caret.closest('[aria-hidden="true"]')).to.not.equal(null);
    // The highlight covers "Hello": from the caret to where the selection started.
    const [highlight, ...more] = highlights(ada.editor);
    expect(more).to.have.length(0);
    const box = highlight!.getBoundingClientRect();
    expect(Math.abs(box.left - ada.view.coordsAtPos(4)!.left)).to.be.at.most(2);
    expect(Math.abs(box.right - ada.view.coordsAtPos(9)!.left)).to.be.at.most(2);
    expect(getComputedStyle(highlight!).backgroundColor).to.not.equal('rgba(0, 0, 0, 0)');
    // Bo's own editor draws no caret of his own.
    expect(caretOf(bo.editor, 'Bo')).to.equal(undefined);

    // Moving on the second line moves the caret there.
    const second = bo.view.state.doc.line(2).from + 3;
    bo.view.dispatch({ selection: { anchor: second } });
    await waitFor(() => {
      const found = caretOf(ada.editor, 'Bo');
      return found && drawnAt(ada.view, found, second) && highlights(ada.editor).length === 0;
    }, 'Bo’s caret on the second line, nothing selected');

    const tab = [...bo.editor.shadowRoot!.querySelectorAll<HTMLElement>('[role="tab"]')].find(
      (button) => button.textContent?.trim() === 'style.css',
    )!;
    tab.click();
    await waitFor(() => !caretOf(ada.editor, 'Bo'), 'Bo’s caret gone from index.html');
    expect(highlights(ada.editor)).to.have.length(0);
    await waitFor(
      () =>
        ada.runtime.collab!.getSnapshot().peers.find((peer) => peer.name === 'Bo')?.activePath ===
        'style.css',
      'Bo in style.css',
    );
    expect(caretOf(ada.editor, 'Bo')).to.equal(undefined);
  });

  it('sends a burst of selection moves as at most two presence updates, the last one last', async () => {
    const { ada, bo } = await pair();
    const selfOf = (runtime: StudioRuntime) =>
      runtime.collab!.getSnapshot().peers.find((peer) => peer.self)!;
    await waitFor(() => selfOf(bo.runtime).selection, 'Bo’s first selection sent');
    const sent: unknown[] = [];
    let last = selfOf(bo.runtime).selection;
    const stop = bo.runtime.collab!.subscribe(() => {
      const { selection } = selfOf(bo.runtime);
      if (JSON.stringify(selection) !== JSON.stringify(last)) sent.push((last = selection));
    });
    // One task: no timer can fire between these moves.
    for (let head = 1; head <= 30; head++) bo.view.dispatch({ selection: { anchor: head } });
    await waitFor(
      () =>
        ada.runtime.collab!.getSnapshot().peers.find((peer) => peer.name === 'Bo')?.selection
          ?.head === 30,
      'the last move on Ada’s side',
    );
    stop();
    expect(sent.length).to.be.at.most(2);
    expect(sent.at(-1)).to.deep.equal({ anchor: 30, head: 30 });
  });

  it('clamps a hostile client’s offsets to the document and ignores offsets that are not numbers', async () => {
    const { room, ada } = await pair();
    const provider = new HocuspocusProvider({
      url: server.url,
      name: room,
      document: new Y.Doc(),
      token: TOKEN,
    });
    providers.push(provider);
    const mallory = (selection: unknown) =>
      provider.awareness!.setLocalState({
        user: { name: 'Mallory', color: '#ffe066' },
        activePath: 'index.html',
        selection,
      });
    const peer = () => ada.runtime.collab!.getSnapshot().peers.find((p) => p.name === 'Mallory');

    mallory({ path: 'index.html', anchor: -40, head: 1e12 });
    await waitFor(() => peer()?.selection, 'Mallory’s selection');
    expect(peer()!.selection).to.deep.equal({ anchor: 0, head: 80_000 });
    const end = ada.view.state.doc.length;
    await waitFor(() => {
      const caret = caretOf(ada.editor, 'Mallory');
      return caret && drawnAt(ada.view, caret, end);
    }, 'Mallory’s caret clamped to the end of the file');
    // A light colour gets its name in black.
    const name = caretOf(ada.editor, 'Mallory')!.querySelector<HTMLElement>('.cm-remoteName')!;
    expect(getComputedStyle(name).color).to.equal('rgb(0, 0, 0)');
    expect(highlights(ada.editor).length).to.be.greaterThan(0);

    for (const selection of [
      { path: 'index.html', anchor: '3', head: 5 },
      { path: 'index.html', anchor: 2, head: { valueOf: 5 } },
      { path: 'index.html', anchor: 2, head: null },
      { path: 'style.css', anchor: 2, head: 4 },
      'index.html:2',
    ]) {
      mallory({ path: 'index.html', anchor: 1, head: 1 });
      await waitFor(() => peer()?.selection?.head === 1, 'Mallory’s caret at 1');
      mallory(selection);
      await waitFor(() => peer()?.selection === null, `${JSON.stringify(selection)} ignored`);
      await waitFor(() => !caretOf(ada.editor, 'Mallory'), 'no caret drawn for it');
    }
  });

  it('keeps the caret visible in forced colours: its border takes the text colour', async () => {
    const { ada } = await pair();
    const rules = (ada.editor.shadowRoot!.adoptedStyleSheets ?? [])
      .flatMap((sheet) => [...sheet.cssRules])
      .filter(
        (rule): rule is CSSMediaRule =>
          rule instanceof CSSMediaRule && rule.conditionText.includes('forced-colors: active'),
      )
      .flatMap((rule) => [...rule.cssRules] as CSSStyleRule[]);
    const caret = rules.find((rule) => rule.selectorText.endsWith('.cm-remoteCaret'));
    expect(caret?.style.borderLeftColor).to.equal('canvastext');
  });
});
