import { describe, it } from 'node:test';
import { expect } from 'chai';
import * as Y from 'yjs';
import {
  applyWorkspaceChanges,
  applyWorkspaceSnapshot,
  conflictPath,
  diffWorkspaceViews,
  observeWorkspaceDoc,
  readWorkspaceDoc,
  workspaceUpdateProblem,
  type CollabChangeBatch,
  type CollabFileInput,
} from '../../../src/runtime/collab/index.js';

const text = (path: string, body: string): CollabFileInput => ({ path, kind: 'text', text: body });

/** Path → text (or the asset's byte count), sorted: what a tab's workspace would show. */
const files = (doc: Y.Doc) =>
  Object.fromEntries(
    [...readWorkspaceDoc(doc).values()]
      .map((file) => [file.path, file.kind === 'text' ? file.text : file.bytes.length] as const)
      .sort(([a], [b]) => (a < b ? -1 : 1)),
  );

/** Exchanges what each document lacks, both ways, as two providers would. */
function sync(a: Y.Doc, b: Y.Doc) {
  const toB = Y.encodeStateAsUpdate(a, Y.encodeStateVector(b));
  const toA = Y.encodeStateAsUpdate(b, Y.encodeStateVector(a));
  Y.applyUpdate(b, toB, 'remote');
  Y.applyUpdate(a, toA, 'remote');
}

/** Two documents that start from the same shared workspace. */
function pair(initial: CollabFileInput[]) {
  const a = new Y.Doc();
  const b = new Y.Doc();
  Y.applyUpdate(b, applyWorkspaceSnapshot(a, initial));
  return { a, b };
}

const ok = <T>(outcome: { ok: true; value: T } | { ok: false; error: { code: string } }) => {
  if (!outcome.ok) throw new Error(outcome.error.code);
  return outcome.value;
};

describe('the workspace as a Yjs document', () => {
  it('carries a snapshot to another document as one update', () => {
    const a = new Y.Doc();
    const b = new Y.Doc();
    const update = applyWorkspaceSnapshot(a, [
      text('index.html', '<p>hi</p>'),
      { path: 'logo.png', kind: 'asset', bytes: new Uint8Array([1, 2, 3]), mimeType: 'image/png' },
    ]);
    Y.applyUpdate(b, update);
    expect(files(b)).to.deep.equal({ 'index.html': '<p>hi</p>', 'logo.png': 3 });
    expect(b.getMap('meta').get('version')).to.equal(1);
  });

  it('writes a changed snapshot as the difference, so a concurrent edit elsewhere is kept', () => {
    const { a, b } = pair([text('a.txt', 'one two three')]);
    applyWorkspaceSnapshot(a, [text('a.txt', 'ONE two three')]);
    applyWorkspaceSnapshot(b, [text('a.txt', 'one two THREE')]);
    sync(a, b);
    expect(files(a)).to.deep.equal({ 'a.txt': 'ONE two THREE' });
    expect(files(b)).to.deep.equal(files(a));
  });

  it('keeps both of two concurrent edits at the same place, in the same order on both', () => {
    const { a, b } = pair([text('a.txt', 'hello world')]);
    ok(applyWorkspaceChanges(a, [{ type: 'write', ...text('a.txt', 'hello, Ann world') }]));
    ok(applyWorkspaceChanges(b, [{ type: 'write', ...text('a.txt', 'hello, Bob world') }]));
    sync(a, b);
    const merged = files(a)['a.txt'] as string;
    expect(merged).to.be.oneOf(['hello, Ann, Bob world', 'hello, Bob, Ann world']);
    expect(files(b)).to.deep.equal(files(a));
  });

  it('carries an edit made during a rename into the renamed file', () => {
    const { a, b } = pair([text('a.html', 'abc')]);
    ok(applyWorkspaceChanges(a, [{ type: 'rename', from: 'a.html', to: 'b.html' }]));
    ok(applyWorkspaceChanges(b, [{ type: 'write', ...text('a.html', 'abcd') }]));
    sync(a, b);
    expect(files(a)).to.deep.equal({ 'b.html': 'abcd' });
    expect(files(b)).to.deep.equal(files(a));
  });

  it('lets a delete win over a rename of the same file, and keeps crossing changes to others', () => {
    const { a, b } = pair([text('a.txt', 'A'), text('b.txt', 'B'), text('c.txt', 'C')]);
    ok(
      applyWorkspaceChanges(a, [
        { type: 'rename', from: 'a.txt', to: 'moved.txt' },
        { type: 'delete', path: 'c.txt' },
      ]),
    );
    ok(
      applyWorkspaceChanges(b, [
        { type: 'delete', path: 'a.txt' },
        { type: 'rename', from: 'b.txt', to: 'bee.txt' },
      ]),
    );
    sync(a, b);
    expect(files(a)).to.deep.equal({ 'bee.txt': 'B' });
    expect(files(b)).to.deep.equal(files(a));
  });

  it('keeps both files when two clients create one path at once, named alike on both', () => {
    const { a, b } = pair([]);
    ok(applyWorkspaceChanges(a, [{ type: 'write', ...text('page.html', 'from a') }]));
    ok(applyWorkspaceChanges(b, [{ type: 'write', ...text('page.html', 'from b') }]));
    sync(a, b);
    const shown = files(a);
    expect(Object.values(shown).sort()).to.deep.equal(['from a', 'from b']);
    expect(Object.keys(shown)).to.include('page.html');
    expect(Object.keys(shown).find((path) => path !== 'page.html')).to.match(
      /^page~[0-9a-f-]{8}\.html$/,
    );
    expect(files(b)).to.deep.equal(shown);
  });

  it('names a conflict before the extension, and after a name without one', () => {
    expect(conflictPath('css/site.css', 'abcdef123456')).to.equal('css/site~abcdef12.css');
    expect(conflictPath('.env', 'abcdef123456')).to.equal('.env~abcdef12');
    expect(conflictPath('v1.2/README', 'abcdef123456')).to.equal('v1.2/README~abcdef12');
  });

  it('refuses a bad change list whole and leaves the document untouched', () => {
    const { a } = pair([text('a.txt', 'A'), text('b.txt', 'B')]);
    const before = Y.encodeStateVector(a);
    const cases = [
      [[{ type: 'delete', path: 'missing.txt' }], 'WORKSPACE_FILE_NOT_FOUND'],
      [[{ type: 'rename', from: 'a.txt', to: 'b.txt' }], 'WORKSPACE_FILE_CONFLICT'],
      [[{ type: 'write', ...text('../up.txt', 'x') }], 'WORKSPACE_PATH_INVALID'],
      [[{ type: 'write', ...text('./a.txt', 'x') }], 'WORKSPACE_PATH_INVALID'],
      [
        [
          { type: 'write', ...text('a.txt', 'changed') },
          { type: 'delete', path: 'a.txt' },
          { type: 'delete', path: 'a.txt' },
        ],
        'WORKSPACE_FILE_NOT_FOUND',
      ],
    ] as const;
    for (const [changes, code] of cases) {
      const outcome = applyWorkspaceChanges(a, changes);
      expect(outcome.ok ? 'applied' : outcome.error.code).to.equal(code);
    }
    expect(Y.encodeStateVector(a)).to.deep.equal(before);
    expect(files(a)).to.deep.equal({ 'a.txt': 'A', 'b.txt': 'B' });
  });

  it('applies a change list in order: a file written, renamed and written again is one file', () => {
    const a = new Y.Doc();
    ok(
      applyWorkspaceChanges(a, [
        { type: 'write', ...text('new.txt', 'one') },
        { type: 'rename', from: 'new.txt', to: 'renamed.txt' },
        { type: 'write', ...text('renamed.txt', 'two') },
      ]),
    );
    expect(files(a)).to.deep.equal({ 'renamed.txt': 'two' });
    expect(a.getMap('files').size).to.equal(1);
  });

  it('reports a remote update as one batch of file changes with its origin and author', () => {
    const { a, b } = pair([text('a.txt', 'A'), text('b.txt', 'B'), text('c.txt', 'C')]);
    const batches: CollabChangeBatch[] = [];
    const stop = observeWorkspaceDoc(b, (batch) => batches.push(batch));
    const update = ok(
      applyWorkspaceChanges(a, [
        { type: 'write', ...text('a.txt', 'AA') },
        { type: 'rename', from: 'b.txt', to: 'd.txt' },
        { type: 'delete', path: 'c.txt' },
      ]),
    );
    Y.applyUpdate(b, update, 'provider');
    expect(batches).to.have.length(1);
    expect(batches[0]).to.deep.include({ origin: 'provider', local: false, authors: [a.clientID] });
    expect(batches[0]!.changes).to.deep.equal([
      { type: 'delete', path: 'c.txt' },
      { type: 'rename', from: 'b.txt', to: 'd.txt' },
      { type: 'write', path: 'a.txt', kind: 'text', text: 'AA' },
    ]);
    // The same snapshot again changes nothing, so nothing is reported.
    applyWorkspaceSnapshot(b, [text('a.txt', 'AA'), text('d.txt', 'B')], 'local');
    expect(batches).to.have.length(1);
    stop();
    Y.applyUpdate(b, ok(applyWorkspaceChanges(a, [{ type: 'delete', path: 'a.txt' }])));
    expect(batches).to.have.length(1);
  });

  it('reports two files swapping paths as two renames and no writes', () => {
    const { a } = pair([text('x.txt', 'X'), text('y.txt', 'Y')]);
    const before = readWorkspaceDoc(a);
    ok(
      applyWorkspaceChanges(a, [
        { type: 'rename', from: 'x.txt', to: 'tmp.txt' },
        { type: 'rename', from: 'y.txt', to: 'x.txt' },
        { type: 'rename', from: 'tmp.txt', to: 'y.txt' },
      ]),
    );
    expect(diffWorkspaceViews(before, readWorkspaceDoc(a))).to.deep.equal([
      { type: 'rename', from: 'x.txt', to: 'y.txt' },
      { type: 'rename', from: 'y.txt', to: 'x.txt' },
    ]);
  });

  it('accepts its own updates and names what is wrong with foreign or broken ones', () => {
    const a = new Y.Doc();
    expect(workspaceUpdateProblem(applyWorkspaceSnapshot(a, [text('a.txt', 'A')]))).to.equal(
      undefined,
    );
    const foreign = new Y.Doc();
    foreign.getText('notes').insert(0, 'x');
    expect(workspaceUpdateProblem(Y.encodeStateAsUpdate(foreign))).to.match(/root.*notes/);
    expect(workspaceUpdateProblem(new Uint8Array([255, 255, 255, 255, 1]))).to.equal(
      'the update does not decode',
    );
  });
});
