import { expect } from 'chai';
import { describe, it } from '../../support/spec.js';
import { createWorkspaceDocumentManager } from '../../../src/runtime/workspace/manager.js';
import { mergeText } from '../../../src/runtime/workspace/merge.js';
import {
  createMemoryWorkspaceRepository,
  type WorkspaceRepository,
} from '../../../src/runtime/workspace/repository.js';
import { ok, textOf as text } from '../../support/outcome.js';

/** Two runtimes on one repository, as two studios on a page or two tabs of an origin. */
async function pair(repository: WorkspaceRepository = createMemoryWorkspaceRepository()) {
  const a = createWorkspaceDocumentManager({ repository });
  await a.ready;
  await a.flush();
  const b = createWorkspaceDocumentManager({ repository });
  await b.ready;
  return { a, b, repository };
}

describe('three-way merge of a rebased write', () => {
  it('keeps both edits when they touch different places', () => {
    expect(mergeText('one two three', 'one 2 two three', 'one two three 3')).to.equal(
      'one 2 two three 3',
    );
    expect(mergeText('abc', 'abc', 'abXc')).to.equal('abXc');
    expect(mergeText('abc', 'aYbc', 'abc')).to.equal('aYbc');
  });
  it('refuses edits of the same place, and two inserts at one point', () => {
    expect(mergeText('one two', 'one 2', 'one II')).to.equal(null);
    expect(mergeText('ab', 'aXb', 'aYb')).to.equal(null);
  });
});

describe('two runtimes sharing one repository', () => {
  it('keeps both runtimes’ characters when a stale runtime types into the same file', async () => {
    const { a, b, repository } = await pair();
    const seed = text(a.getSnapshot(), 'app.js') ?? '';
    // Both write before either hears the other: b is stale when its write is committed.
    const first = a.writeFile('app.js', `A${seed}`);
    const second = b.writeFile('app.js', `${seed}B`);
    const [fromA, fromB] = [ok(await first), ok(await second)];
    expect(fromB.revision).to.be.greaterThan(fromA.revision);
    expect(text(fromB, 'app.js')).to.equal(`A${seed}B`);
    const stored = await repository.load();
    const app = stored?.files.find((file) => file.path === 'app.js');
    expect(app?.kind === 'text' && app.text).to.equal(`A${seed}B`);
    expect(stored?.metadata.revision).to.equal(fromB.revision);
    await a.refresh();
    expect(text(a.getSnapshot(), 'app.js')).to.equal(`A${seed}B`);
  });

  it('refuses a stale write of the same characters with WORKSPACE_REVISION_CONFLICT', async () => {
    const { a, b } = await pair();
    const first = a.writeFile('app.js', 'from a');
    const second = b.writeFile('app.js', 'from b');
    ok(await first);
    const refused = await second;
    expect(refused.ok).to.equal(false);
    if (refused.ok) return;
    expect(refused.error.code).to.equal('WORKSPACE_REVISION_CONFLICT');
    expect(refused.error.retryable).to.equal(true);
    // b re-hydrated: it shows what a committed, not its own refused text.
    expect(text(b.getSnapshot(), 'app.js')).to.equal('from a');
  });

  it('does not bring back a file deleted in the other runtime', async () => {
    const { a, b, repository } = await pair();
    const removal = a.deleteFile('app.js');
    const edit = b.writeFile('app.js', 'stale edit');
    ok(await removal);
    const refused = await edit;
    expect(refused.ok).to.equal(false);
    if (!refused.ok) {
      expect(refused.error.code).to.equal('WORKSPACE_REVISION_CONFLICT');
      expect(refused.error.details?.cause).to.include({ code: 'WORKSPACE_FILE_NOT_FOUND' });
    }
    const stored = await repository.load();
    expect(stored?.files.map((file) => file.path)).not.to.include('app.js');
    expect(b.getSnapshot().files.map((file) => file.path)).not.to.include('app.js');
  });

  it('answers a stale guarded call with a conflict and re-hydrates', async () => {
    const { a, b } = await pair();
    const expectedRevision = b.getSnapshot().revision;
    const first = a.writeFile('styles.css', 'body{}');
    const guarded = b.writeFile('app.js', 'guarded', { expectedRevision });
    ok(await first);
    const refused = await guarded;
    expect(refused.ok).to.equal(false);
    if (!refused.ok) {
      expect(refused.error.code).to.equal('WORKSPACE_REVISION_CONFLICT');
      expect(refused.error.details).to.include({ operation: 'writeFile', reason: 'guarded' });
    }
    expect(text(b.getSnapshot(), 'styles.css')).to.equal('body{}');
    expect(text(b.getSnapshot(), 'app.js')).not.to.equal('guarded');
    // With the new revision read, the same call goes through.
    ok(await b.writeFile('app.js', 'guarded', { expectedRevision: b.getSnapshot().revision }));
  });

  it('commits a guarded write whose store only moved by a catch-up commit, which changed no file', async () => {
    const shared = createMemoryWorkspaceRepository();
    // `a` hears nothing by itself, as a tab whose announcement is still on its way.
    const a = createWorkspaceDocumentManager({
      repository: { ...shared, watch: () => () => undefined },
    });
    await a.ready;
    await a.flush();
    const b = createWorkspaceDocumentManager({ repository: shared });
    await b.ready;
    const stale = b.getSnapshot().revision;
    const first = a.writeFile('styles.css', 'body{}');
    const refused = [
      b.writeFile('app.js', 'refused', { expectedRevision: stale }),
      b.writeFile('app.js', 'refused again', { expectedRevision: stale + 1 }),
    ];
    ok(await first);
    for (const outcome of await Promise.all(refused)) expect(outcome.ok).to.equal(false);
    // `b` showed revisions its refused writes no longer store: it committed `a`'s files past them,
    // beyond the revision `a`'s next write would take.
    const caughtUp = await shared.load();
    expect(caughtUp?.metadata.revision).to.be.greaterThan(a.getSnapshot().revision + 1);
    const written = ok(
      await a.writeFile('app.js', 'through', { expectedRevision: a.getSnapshot().revision }),
    );
    expect(written.revision).to.be.greaterThan(caughtUp!.metadata.revision);
    const stored = (await shared.load())?.files.find((file) => file.path === 'app.js');
    expect(stored?.kind === 'text' && stored.text).to.equal('through');
    // A revision past the store's: `b` hears the write.
    await b.refresh();
    expect(text(b.getSnapshot(), 'app.js')).to.equal('through');
    // A store that changed a file since is still a conflict for a guarded write.
    ok(await b.writeFile('styles.css', 'p{}'));
    const moved = await a.writeFile('app.js', 'again', {
      expectedRevision: a.getSnapshot().revision,
    });
    expect(moved.ok).to.equal(false);
  });

  it('never shows a revision going backwards, and commits strictly increasing revisions', async () => {
    const repository = createMemoryWorkspaceRepository();
    const stored: number[] = [];
    const recording: WorkspaceRepository = {
      ...repository,
      async commit(change) {
        const result = await repository.commit(change);
        if (result.committed) stored.push(change.metadata.revision);
        return result;
      },
    };
    const { a, b } = await pair(recording);
    const seen = { a: [] as number[], b: [] as number[] };
    a.subscribe(() => seen.a.push(a.getSnapshot().revision));
    b.subscribe(() => seen.b.push(b.getSnapshot().revision));
    const calls: Promise<unknown>[] = [];
    for (let i = 0; i < 10; i += 1) {
      calls.push(a.writeFile('app.js', `a${i}`), b.writeFile('styles.css', `b${i}`));
      if (i % 3 === 0) calls.push(b.writeFile('app.js', `b${i}`));
    }
    await Promise.all(calls);
    await Promise.all([a.flush(), b.flush()]);
    await Promise.all([a.refresh(), b.refresh()]);
    for (const list of [seen.a, seen.b, stored])
      for (let i = 1; i < list.length; i += 1)
        expect(list[i]).to.be.at.least(list[i - 1] as number);
    for (let i = 1; i < stored.length; i += 1)
      expect(stored[i]).to.be.greaterThan(stored[i - 1] as number);
    expect(a.getSnapshot().revision).to.equal(stored.at(-1));
    expect(b.getSnapshot().files).to.deep.equal(a.getSnapshot().files);
  });

  it('hears a commit announced while its refused write still held an older read of the store', async () => {
    const shared = createMemoryWorkspaceRepository();
    let announce: (revision: number) => void = () => undefined;
    let interleaved = false;
    const b = createWorkspaceDocumentManager({ repository: shared });
    await b.ready;
    await b.flush();
    // `a` hears only what the test announces, and its first refused commit reads the store just
    // before `b` commits again: that commit is announced, and `a` queues another guarded write,
    // before the refusal is handled (as IndexedDB's read and the BroadcastChannel may interleave).
    const seen: WorkspaceRepository = {
      ...shared,
      exclusive: undefined,
      watch(listener) {
        announce = listener;
        return () => undefined;
      },
      async commit(change) {
        const result = await shared.commit(change);
        if (result.committed || interleaved) return result;
        interleaved = true;
        ok(await b.writeFile('styles.css', 'announced'));
        announce(b.getSnapshot().revision);
        void a.writeFile('app.js', 'queued', { expectedRevision: a.getSnapshot().revision });
        return result;
      },
    };
    const a = createWorkspaceDocumentManager({ repository: seen });
    await a.ready;
    // The store moves past every revision `a` will show before it hears of it.
    for (const word of ['one', 'two', 'three']) ok(await b.writeFile('index.html', word));
    const refused = await a.writeFile('app.js', 'refused', {
      expectedRevision: a.getSnapshot().revision,
    });
    expect(refused.ok).to.equal(false);
    await a.flush();
    expect(text(a.getSnapshot(), 'styles.css')).to.equal('announced');
    expect(a.getSnapshot().revision).to.equal(b.getSnapshot().revision);
  });

  it('hears the other runtime’s commit without being asked', async () => {
    const { a, b } = await pair();
    ok(await a.createFile('notes.md', 'hello'));
    await a.flush();
    await b.flush();
    expect(text(b.getSnapshot(), 'notes.md')).to.equal('hello');
    expect(b.getSnapshot().revision).to.equal(a.getSnapshot().revision);
  });
});
