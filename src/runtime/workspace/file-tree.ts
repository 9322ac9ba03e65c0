/**
 * The workspace as a folder tree (E3): a pure function of the flat, slash-separated paths, so the
 * explorer, tests and any other reader draw the same nesting and order.
 */

import { compareNames } from './name-order.js';

/** A file in the folder tree. */
export interface FileTreeFile {
  kind: 'file';
  /** The last path segment. */
  name: string;
  /** The full workspace path. */
  path: string;
}

/** A folder in the folder tree, with its sorted children. */
export interface FileTreeFolder {
  kind: 'folder';
  name: string;
  /** The folder's path without a trailing slash, e.g. `src/lib`. */
  path: string;
  /** Folders first, then files, each sorted by name. */
  children: readonly FileTreeNode[];
}

/** One entry of the folder tree: a file or a folder. */
export type FileTreeNode = FileTreeFile | FileTreeFolder;

interface Draft {
  folders: Map<string, Draft>;
  files: string[];
}

function freeze(draft: Draft, prefix: string): FileTreeNode[] {
  const folders = [...draft.folders.keys()].sort(compareNames).map((name): FileTreeFolder => ({
    kind: 'folder',
    name,
    path: prefix + name,
    children: freeze(draft.folders.get(name) as Draft, `${prefix}${name}/`),
  }));
  const files = [...draft.files]
    .sort(compareNames)
    .map((name): FileTreeFile => ({ kind: 'file', name, path: prefix + name }));
  return [...folders, ...files];
}

/** Nests `paths` into folders; the top level and every folder list folders first, then files. */
export function buildFileTree(paths: Iterable<string>): FileTreeNode[] {
  const root: Draft = { folders: new Map(), files: [] };
  for (const path of paths) {
    const segments = path.split('/');
    const name = segments.pop() as string;
    let node = root;
    for (const segment of segments) {
      let next = node.folders.get(segment);
      if (!next) {
        next = { folders: new Map(), files: [] };
        node.folders.set(segment, next);
      }
      node = next;
    }
    node.files.push(name);
  }
  return freeze(root, '');
}

/** One row of the tree as drawn: its node, depth (1 at the top) and place among its siblings. */
export interface VisibleTreeNode {
  node: FileTreeNode;
  level: number;
  parent: string | null;
  setSize: number;
  position: number;
}

/** The rows a reader sees, in order, when only the folders in `expanded` are open. */
export function visibleTreeNodes(
  tree: readonly FileTreeNode[],
  expanded: ReadonlySet<string>,
): VisibleTreeNode[] {
  const out: VisibleTreeNode[] = [];
  const walk = (nodes: readonly FileTreeNode[], level: number, parent: string | null) => {
    nodes.forEach((node, index) => {
      out.push({ node, level, parent, setSize: nodes.length, position: index + 1 });
      if (node.kind === 'folder' && expanded.has(node.path))
        walk(node.children, level + 1, node.path);
    });
  };
  walk(tree, 1, null);
  return out;
}

/** Every folder path in the tree (the explorer opens them all at first). */
export function folderPaths(tree: readonly FileTreeNode[]): string[] {
  return tree.flatMap((node) =>
    node.kind === 'folder' ? [node.path, ...folderPaths(node.children)] : [],
  );
}
