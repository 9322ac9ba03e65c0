import { expect } from 'chai';
import { describe, it } from '../../support/spec.js';
import * as transitions from '../../../src/runtime/workspace/file-mutations.js';
import { PathMap, type PathKeys } from '../../../src/runtime/workspace/path-map.js';
import { commitFor } from '../../../src/runtime/workspace/persistence.js';
import { snapshotOf, type WorkspaceState } from '../../../src/runtime/workspace/state.js';
import type { WorkspaceFile } from '../../../src/runtime/workspace/types.js';

/** A small deterministic generator, so a failure replays. */
function random(seed: number) {
  let state = seed;
  return (below: number) => {
    state = (state * 1_103_515_245 + 12_345) % 2_147_483_648;
    return state % below;
  };
}

const text = (path: string, body = path): WorkspaceFile => ({ path, kind: 'text', text: body });

describe('path maps share a base and layer their changes', () => {
  it('reads, iterates and sizes like a Map through many layers and folds', () => {
    const next = random(7);
    let layered = PathMap.from<number>([]);
    const plain = new Map<string, number>();
    for (let step = 0; step < 3_000; step += 1) {
      const path = `p${next(400)}`;
      if (next(3) === 0) {
        layered = layered.without(path);
        plain.delete(path);
      } else {
        layered = layered.with(path, step);
        plain.set(path, step);
      }
      const probe = `p${next(400)}`;
      expect(layered.get(probe)).to.equal(plain.get(probe));
      expect(layered.has(probe)).to.equal(plain.has(probe));
      expect(layered.size).to.equal(plain.size);
    }
    expect(new Map(layered)).to.deep.equal(plain);
    expect([...layered.keys()].sort()).to.deep.equal([...plain.keys()].sort());
  });

  it('names exactly the paths that differ between two maps on one base', () => {
    const base = PathMap.from([
      ['a', 1],
      ['b', 2],
      ['c', 3],
    ]);
    const left = base.with('a', 10).without('b');
    const right = base.with('a', 10).with('d', 4);
    expect(PathMap.changedPaths(left, right)?.sort()).to.deep.equal(['b', 'd']);
    expect(PathMap.changedPaths(base, base)).to.deep.equal([]);
    expect(PathMap.changedPaths(base, new Map(base))).to.equal(null);
  });

  it('names exactly the paths that differ across one fold, from either side, and no further', () => {
    const differing = (a: ReadonlyMap<string, number>, b: ReadonlyMap<string, number>) =>
      [...new Set([...a.keys(), ...b.keys()])]
        .filter((path) => a.get(path) !== b.get(path) || a.has(path) !== b.has(path))
        .sort();
    const start = PathMap.from(Array.from({ length: 100 }, (_, i) => [`p${i}`, i] as const));
    const before = start.with('p1', -1).without('p2');
    const states = [before];
    for (let i = 0; i < 80; i += 1) {
      const last = states.at(-1)!;
      states.push(i % 3 === 0 ? last.without(`p${i}`) : last.with(`q${i}`, i));
    }
    const folded = states.filter((state) => PathMap.changedPaths(before, state) !== null);
    // Two folds away only a full comparison can tell; one fold away the paths are exact.
    expect(folded.length).to.be.greaterThan(33).and.lessThan(states.length);
    for (const state of folded) {
      expect(PathMap.changedPaths(before, state)?.sort()).to.deep.equal(differing(before, state));
      expect(PathMap.changedPaths(state, before)?.sort()).to.deep.equal(differing(before, state));
    }
  });

  it('names the one changed path between a map and the one made from it, across folds too', () => {
    const next = random(3);
    let map = PathMap.from(Array.from({ length: 50 }, (_, i) => [`p${i}`, i] as const));
    for (let step = 0; step < 300; step += 1) {
      const path = `p${next(80)}`;
      const made = next(4) === 0 ? map.without(path) : map.with(path, next(3));
      const expected = map.get(path) !== made.get(path) || map.has(path) !== made.has(path);
      expect(PathMap.changedPaths(map, made)).to.deep.equal(expected ? [path] : []);
      expect(PathMap.changedPaths(made, map)).to.deep.equal(expected ? [path] : []);
      // Setting the value a path already holds changes nothing.
      const current = made.get(path);
      if (current !== undefined)
        expect(PathMap.changedPaths(made, made.with(path, current))).to.deep.equal([]);
      map = made;
    }
  });

  it('finds paths by an indexed key, base and layer alike', () => {
    const folders = (path: string) => {
      const parts = path.split('/').slice(0, -1);
      return parts.map((_, index) => parts.slice(0, index + 1).join('/'));
    };
    const map = PathMap.from([
      ['src/a.js', 1],
      ['src/lib/b.js', 2],
    ])
      .without('src/a.js')
      .with('src/c.js', 3);
    expect(map.matching('src', folders).sort()).to.deep.equal(['src/c.js', 'src/lib/b.js']);
    expect(map.matching('src/lib', folders)).to.deep.equal(['src/lib/b.js']);
    expect(map.without('src/lib/b.js').matching('src/lib', folders)).to.deep.equal([]);
  });
});

describe('indexed lookups stay exact as bases fold', () => {
  it('finds the same paths as a scan after every change of a long random run', () => {
    const next = random(5);
    const lower: PathKeys = (path) => [path.toLowerCase()];
    const folders: PathKeys = (path) => {
      const parts = path.split('/').slice(0, -1);
      return parts.map((_, index) => parts.slice(0, index + 1).join('/'));
    };
    const scan = (map: ReadonlyMap<string, number>, key: string, keysOf: PathKeys) =>
      [...map.keys()].filter((path) => keysOf(path).includes(key)).sort();
    let map = PathMap.from(
      Array.from({ length: 300 }, (_, i) => [`d${i % 7}/s${i % 3}/F${i}.js`, i] as const),
    );
    for (let step = 0; step < 600; step += 1) {
      const i = next(400);
      const path = `d${i % 7}/s${i % 3}/${next(2) ? 'F' : 'f'}${i}.js`;
      map = next(3) === 0 ? map.without(path) : map.with(path, step);
      const probe = `d${next(7)}/s${next(3)}/f${next(400)}.js`;
      expect(map.matching(probe, lower).sort()).to.deep.equal(scan(map, probe, lower));
      const folder = next(2) ? `d${next(7)}` : `d${next(7)}/s${next(3)}`;
      expect(map.matching(folder, folders).sort()).to.deep.equal(scan(map, folder, folders));
    }
  });
});

describe('snapshots and commits derived from the previous state match a full derivation', () => {
  it('agrees on files, dirty and deleted paths and the stored delta over random edits', () => {
    const next = random(11);
    const files = PathMap.from(
      Array.from({ length: 60 }, (_, i) => [`f${i}.js`, text(`f${i}.js`)] as const),
    ).with('index.html', text('index.html'));
    let state: WorkspaceState = {
      revision: 1,
      files,
      activePath: 'index.html',
      checkpoint: files,
      origins: new Map(),
    };
    const first = snapshotOf(state, 'memory', undefined);
    const firstLists = [[...first.files], [...first.dirtyPaths], [...first.deletedPaths]];
    for (let step = 0; step < 400; step += 1) {
      const path = `f${next(90)}.js`;
      const kind = next(5);
      const outcome =
        kind === 0
          ? transitions.createFile(state, path, `new ${step}`)
          : kind === 1
            ? transitions.writeFile(state, path, `edit ${step}`)
            : kind === 2
              ? transitions.renameFile(state, path, `f${next(90)}.js`)
              : kind === 3
                ? transitions.deleteFile(state, path)
                : transitions.revertFile(state, path);
      if (!outcome.ok) continue;
      const after = transitions.stateAfter(state, outcome.value);
      if (!after) continue;
      const incremental = snapshotOf(after, 'memory', undefined, state);
      // The same state as plain Maps: no shared base, so everything is derived from scratch.
      const plain = {
        ...after,
        files: new Map(after.files),
        checkpoint: new Map(after.checkpoint),
      };
      expect(incremental).to.deep.equal(snapshotOf(plain, 'memory', undefined));
      const delta = commitFor(state, after, null);
      const full = commitFor({ ...state, files: new Map(state.files) }, plain, null);
      expect(delta.files.put.map((file) => file.path).sort()).to.deep.equal(
        full.files.put.map((file) => file.path).sort(),
      );
      expect([...delta.files.delete].sort()).to.deep.equal([...full.files.delete].sort());
      expect(delta.metadata).to.deep.equal(full.metadata);
      expect(delta.checkpoint).to.deep.equal(full.checkpoint);
      state = after;
    }
    // Snapshots handed out earlier never change under later edits.
    expect([first.files, first.dirtyPaths, first.deletedPaths]).to.deep.equal(firstLists);
  });
});

describe('placement checks find conflicts through the indexes', () => {
  const files = PathMap.from([
    ['index.html', text('index.html')],
    ['src/app.js', text('src/app.js')],
    ['site.html/a.js', text('site.html/a.js')],
  ])
    .with('lib/util.js', text('lib/util.js'))
    .with('more.css/b.js', text('more.css/b.js'));
  const state: WorkspaceState = {
    revision: 1,
    files,
    activePath: 'index.html',
    checkpoint: files,
    origins: new Map(),
  };
  const reason = (path: string) => {
    const outcome = transitions.createFile(state, path, '');
    return outcome.ok ? null : outcome.error.details?.reason;
  };

  it('names each kind of conflict, in the base and in the layer', () => {
    expect(reason('src/app.js')).to.equal('exists');
    expect(reason('SRC/App.js')).to.equal('case-collision');
    expect(reason('ｓｒｃ/app.js')).to.equal('look-alike');
    expect(reason('site.html')).to.equal('is-directory');
    expect(reason('more.css')).to.equal('is-directory');
    expect(reason('src/app.js/x.js')).to.equal('parent-is-file');
    expect(reason('lib/util.js/x.js')).to.equal('parent-is-file');
    expect(reason('src/other.js')).to.equal(null);
  });
});
