import { expect } from 'chai';
import { describe, it } from '../../support/spec.js';
import {
  buildFileTree,
  folderPaths,
  visibleTreeNodes,
  type FileTreeNode,
} from '../../../src/runtime/workspace/file-tree.js';

const outline = (nodes: readonly FileTreeNode[]): unknown[] =>
  nodes.map((node) => (node.kind === 'folder' ? [node.name, outline(node.children)] : node.name));

describe('the workspace file tree (E3)', () => {
  it('nests paths into folders and lists folders first, then files, both sorted', () => {
    const tree = buildFileTree([
      'styles.css',
      'src/b.js',
      'index.html',
      'src/lib/util.js',
      'assets/logo.png',
      'src/a.js',
      'README.md',
    ]);
    expect(outline(tree)).to.deep.equal([
      ['assets', ['logo.png']],
      ['src', [['lib', ['util.js']], 'a.js', 'b.js']],
      'index.html',
      'README.md',
      'styles.css',
    ]);
  });

  it('gives every node its full workspace path', () => {
    const [src] = buildFileTree(['src/lib/util.js']);
    expect(src).to.deep.include({ kind: 'folder', path: 'src' });
    const lib = src?.kind === 'folder' ? src.children[0] : undefined;
    expect(lib).to.deep.include({ kind: 'folder', path: 'src/lib' });
    const util = lib?.kind === 'folder' ? lib.children[0] : undefined;
    expect(util).to.deep.equal({ kind: 'file', name: 'util.js', path: 'src/lib/util.js' });
  });

  it('sorts numbered names in natural order', () => {
    expect(outline(buildFileTree(['page10.html', 'page2.html', 'page1.html']))).to.deep.equal([
      'page1.html',
      'page2.html',
      'page10.html',
    ]);
  });

  it('shows only the children of expanded folders, with their level, parent and place', () => {
    const tree = buildFileTree(['a/b/c.js', 'a/d.js', 'e.js']);
    expect(folderPaths(tree)).to.deep.equal(['a', 'a/b']);
    const collapsed = visibleTreeNodes(tree, new Set());
    expect(collapsed.map((entry) => entry.node.path)).to.deep.equal(['a', 'e.js']);
    const open = visibleTreeNodes(tree, new Set(['a', 'a/b']));
    expect(
      open.map((entry) => [
        entry.node.path,
        entry.level,
        entry.parent,
        `${entry.position}/${entry.setSize}`,
      ]),
    ).to.deep.equal([
      ['a', 1, null, '1/2'],
      ['a/b', 2, 'a', '1/2'],
      ['a/b/c.js', 3, 'a/b', '1/1'],
      ['a/d.js', 2, 'a', '2/2'],
      ['e.js', 1, null, '2/2'],
    ]);
  });
});
