/**
 * File-level transitions as pure functions of the state: each returns the next files, active
 * path and origins, or a workspace error, and never touches its input. The manager applies the
 * revision guard before calling them and the revision clock after.
 */
import type { Outcome } from '../protocol/errors.js';
import { WORKSPACE_ERROR_CODES as CODES, WORKSPACE_SOURCE_LIMIT, workspaceError } from './codes.js';
import { isHtmlPath, workspaceFileFamily, workspaceFileKind } from './file-types.js';
import { mergeText } from './merge.js';
import { isAscii, skeletonKeys } from './confusables.js';
import { lookAlikeKey } from './names.js';
import { applyLiteralPatch, type LiteralPatch } from './patch.js';
import { PathMap, type PathKeys } from './path-map.js';
import { repairActivePath, type WorkspaceState } from './state.js';
import type { WorkspaceFile } from './types.js';

export interface FileTransition {
  files: PathMap<WorkspaceFile>;
  activePath: string | null;
  origins: Map<string, string>;
  /** Create, rename and delete change the file set; undo then restores the recorded tab. */
  structural: boolean;
  replacements?: number;
}

type Result = Outcome<FileTransition>;
const fail = (error: ReturnType<typeof workspaceError>): Result => ({ ok: false, error });

export function checkSourceLimit(text: string, operation: string, path: string) {
  if (text.length <= WORKSPACE_SOURCE_LIMIT) return null;
  return workspaceError(
    CODES.WORKSPACE_SOURCE_LIMIT_EXCEEDED,
    `Source exceeds the ${WORKSPACE_SOURCE_LIMIT}-character workspace limit.`,
    { operation, path, length: text.length, limit: WORKSPACE_SOURCE_LIMIT },
  );
}

const notFound = (operation: string, path: string) =>
  workspaceError(CODES.WORKSPACE_FILE_NOT_FOUND, `No workspace file at ${path}.`, {
    operation,
    path,
  });

/**
 * Why `path` cannot be added next to the existing files (`ignore` is a rename's source), naming
 * the file in the way. Names a case-insensitive file system or a person cannot tell apart
 * (`ＩＮＤＥＸ.html` or `іndex.html` with a Cyrillic `і` beside `index.html`) are collisions too.
 */
function placementConflict(state: WorkspaceState, path: string, operation: string, ignore = '') {
  const files = PathMap.of(state.files);
  const other = (paths: readonly string[]) => paths.find((existing) => existing !== ignore);
  // Indexed lookups rather than a pass over every file: a create costs the same at any size.
  const checks: [string, () => string | undefined][] = [
    ['exists', () => (path !== ignore && files.has(path) ? path : undefined)],
    ['case-collision', () => other(files.matching(path.toLowerCase(), lowerCaseKey))],
    ['look-alike', () => other(files.matching(lookAlikeKey(path), lookAlikeKeys))],
    ['look-alike', () => confusableOf(files, path, ignore)],
    ['is-directory', () => other(files.matching(path, ancestorsOf))],
    ['parent-is-file', () => other(ancestorsOf(path).filter((folder) => files.has(folder)))],
  ];
  for (const [reason, check] of checks) {
    const existingPath = check();
    if (existingPath === undefined) continue;
    const like = reason === 'look-alike' ? `: it looks like ${existingPath}` : '';
    return workspaceError(
      CODES.WORKSPACE_FILE_CONFLICT,
      `Cannot place a file at ${path} (${reason}${like}).`,
      { operation, path, reason, existingPath },
    );
  }
  return null;
}

/**
 * An existing file whose TR39 skeleton `path` shares. Two ASCII names never count: a person
 * tells `file1.js` from `filel.js` by the characters they typed.
 */
function confusableOf(files: PathMap<WorkspaceFile>, path: string, ignore: string) {
  const keys = skeletonKeys();
  if (!keys) return undefined;
  const ascii = isAscii(path);
  return files
    .matching(keys(path)[0]!, keys)
    .find((existing) => existing !== ignore && !(ascii && isAscii(existing)));
}

/** Whether placing `paths` among `files` needs the confusables table (a name outside ASCII). */
export function needsSkeleton(files: ReadonlyMap<string, WorkspaceFile>, paths: readonly string[]) {
  if (skeletonKeys()) return false;
  return (
    paths.some((path) => !isAscii(path)) || PathMap.of(files).matching('', nonAsciiKeys).length > 0
  );
}

const nonAsciiKeys: PathKeys = (path) => (isAscii(path) ? [] : ['']);

const lowerCaseKey: PathKeys = (path) => [path.toLowerCase()];
const lookAlikeKeys: PathKeys = (path) => [lookAlikeKey(path)];
/** `a/b/c.js` → `a`, `a/b`: the folders a path sits in. */
const ancestorsOf: PathKeys = (path) => {
  const folders: string[] = [];
  for (let slash = path.indexOf('/'); slash > 0; slash = path.indexOf('/', slash + 1))
    folders.push(path.slice(0, slash));
  return folders;
};

function htmlCount(files: ReadonlyMap<string, WorkspaceFile>): number {
  let count = 0;
  for (const path of files.keys()) if (isHtmlPath(path)) count += 1;
  return count;
}

/** The invariants a removal must keep: one preview entry, at least one file. */
function removalConflict(state: WorkspaceState, path: string, operation: string) {
  if (state.files.size === 1)
    return workspaceError(CODES.WORKSPACE_EMPTY, 'The workspace cannot become empty.', {
      operation,
      path,
      invariant: 'at-least-one-file',
    });
  if (isHtmlPath(path) && htmlCount(state.files) === 1)
    return workspaceError(
      CODES.WORKSPACE_PREVIEW_ENTRY_REQUIRED,
      'The last HTML file is the preview entry and cannot be removed.',
      { operation, path, invariant: 'one-html-entry' },
    );
  return null;
}

function replaceText(state: WorkspaceState, path: string, text: string): FileTransition {
  return {
    files: PathMap.of(state.files).with(path, { path, kind: 'text', text }),
    activePath: state.activePath,
    origins: new Map(state.origins),
    structural: false,
  };
}

export function createFile(state: WorkspaceState, path: string, text: string): Result {
  const kind = workspaceFileKind(path);
  if (kind !== 'text')
    return fail(
      workspaceError(
        CODES.WORKSPACE_FILE_TYPE_CONFLICT,
        'New files must be supported text files.',
        {
          operation: 'createFile',
          path,
          expected: 'text',
          actual: kind ?? 'unsupported',
        },
      ),
    );
  const conflict = placementConflict(state, path, 'createFile');
  if (conflict) return fail(conflict);
  const limit = checkSourceLimit(text, 'createFile', path);
  if (limit) return fail(limit);
  const next = replaceText(state, path, text);
  return { ok: true, value: { ...next, activePath: path, structural: true } };
}

function existingText(state: WorkspaceState, path: string, operation: string) {
  const file = state.files.get(path);
  if (!file) return { ok: false as const, error: notFound(operation, path) };
  if (file.kind !== 'text')
    return {
      ok: false as const,
      error: workspaceError(CODES.WORKSPACE_FILE_TYPE_CONFLICT, `${path} is a binary asset.`, {
        operation,
        path,
        expected: 'text',
        actual: 'asset',
      }),
    };
  return { ok: true as const, value: file.text };
}

/**
 * Writes `text`. `basis` is the text the writer started from: when the file has changed since
 * (another runtime's commit), both edits are merged, or the write is a revision conflict.
 */
export function writeFile(
  state: WorkspaceState,
  path: string,
  text: string,
  basis?: string,
): Result {
  const current = existingText(state, path, 'writeFile');
  if (!current.ok) return current;
  const merged = basis === undefined ? text : mergeText(basis, text, current.value);
  if (merged === null)
    return fail(
      workspaceError(
        CODES.WORKSPACE_REVISION_CONFLICT,
        `${path} was changed in another tab or runtime at the same place; read it again.`,
        { operation: 'writeFile', path, reason: 'concurrent-edit' },
      ),
    );
  const limit = checkSourceLimit(merged, 'writeFile', path);
  if (limit) return fail(limit);
  return { ok: true, value: replaceText(state, path, merged) };
}

export function patchFile(state: WorkspaceState, path: string, patch: LiteralPatch): Result {
  const current = existingText(state, path, 'applyPatch');
  if (!current.ok) return current;
  const patched = applyLiteralPatch(current.value, patch);
  // Only lengths and the mode: the error must never echo source or search text.
  if (!patched)
    return fail(
      workspaceError(CODES.WORKSPACE_PATCH_NOT_FOUND, `The search text was not found in ${path}.`, {
        operation: 'applyPatch',
        path,
        occurrence: patch.occurrence ?? 'first',
        searchLength: patch.search.length,
      }),
    );
  const limit = checkSourceLimit(patched.text, 'applyPatch', path);
  if (limit) return fail(limit);
  return {
    ok: true,
    value: { ...replaceText(state, path, patched.text), replacements: patched.replacements },
  };
}

export function renameFile(state: WorkspaceState, from: string, to: string): Result {
  const file = state.files.get(from);
  if (!file) return fail(notFound('renameFile', from));
  const fromFamily = workspaceFileFamily(from);
  const toFamily = workspaceFileFamily(to);
  if (fromFamily !== toFamily)
    return fail(
      workspaceError(
        CODES.WORKSPACE_FILE_TYPE_CONFLICT,
        `Cannot rename a ${fromFamily ?? 'unsupported'} file to ${toFamily ?? 'an unsupported type'}.`,
        {
          operation: 'renameFile',
          path: from,
          to,
          from: fromFamily,
          expected: fromFamily,
          actual: toFamily,
        },
      ),
    );
  const conflict = placementConflict(state, to, 'renameFile', from);
  if (conflict) return fail(conflict);
  const files = PathMap.of(state.files)
    .without(from)
    .with(to, { ...file, path: to });
  const origins = new Map(state.origins);
  const origin = origins.get(from) ?? (state.checkpoint.has(from) ? from : undefined);
  origins.delete(from);
  // Renaming back onto the saved path is no rename at all for the next folder save.
  if (origin !== undefined && origin !== to) origins.set(to, origin);
  const activePath = state.activePath === from ? to : state.activePath;
  return { ok: true, value: { files, activePath, origins, structural: true } };
}

export function deleteFile(state: WorkspaceState, path: string): Result {
  if (!state.files.has(path)) return fail(notFound('deleteFile', path));
  const conflict = removalConflict(state, path, 'deleteFile');
  if (conflict) return fail(conflict);
  const files = PathMap.of(state.files).without(path);
  const origins = new Map(state.origins);
  origins.delete(path);
  const activePath = repairActivePath(files, state.activePath === path ? null : state.activePath);
  return { ok: true, value: { files, activePath, origins, structural: true } };
}

/** Restores one file to the saved checkpoint: content, a rename's origin, or a deletion. */
export function revertFile(state: WorkspaceState, path: string): Result {
  const renamedFrom = state.origins.get(path);
  const renamedTo = [...state.origins].find(([, origin]) => origin === path)?.[0];
  const target = renamedFrom !== undefined ? path : renamedTo;
  if (target !== undefined) {
    const origin = state.origins.get(target) as string;
    if (state.files.has(origin))
      return fail(
        workspaceError(
          CODES.WORKSPACE_FILE_CONFLICT,
          `Cannot restore ${origin}: a file is there.`,
          {
            operation: 'revertFile',
            path: origin,
            reason: 'exists',
          },
        ),
      );
    const files = PathMap.of(state.files)
      .without(target)
      .with(origin, state.checkpoint.get(origin) as WorkspaceFile);
    const origins = new Map(state.origins);
    origins.delete(target);
    const activePath = state.activePath === target ? origin : state.activePath;
    return { ok: true, value: { files, activePath, origins, structural: true } };
  }
  const saved = state.checkpoint.get(path);
  const current = state.files.get(path);
  if (saved) {
    const files = PathMap.of(state.files).with(path, saved);
    const origins = new Map(state.origins);
    return {
      ok: true,
      value: {
        files,
        activePath: current ? state.activePath : path,
        origins,
        structural: !current,
      },
    };
  }
  if (!current) return fail(notFound('revertFile', path));
  // A new file that was never saved: reverting it removes it.
  const next = deleteFile(state, path);
  if (!next.ok)
    return fail({ ...next.error, details: { ...next.error.details, operation: 'revertFile' } });
  return next;
}

/** Whether `transition` leaves `base` as it is. */
function unchanged(base: WorkspaceState, transition: FileTransition): boolean {
  if (transition.activePath !== base.activePath) return false;
  if (transition.files.size !== base.files.size) return false;
  if (transition.origins.size !== base.origins.size) return false;
  const changed = PathMap.changedPaths(base.files, transition.files);
  if (changed) {
    if (changed.length > 0) return false;
  } else
    for (const [path, file] of transition.files) if (base.files.get(path) !== file) return false;
  for (const [path, origin] of transition.origins)
    if (base.origins.get(path) !== origin) return false;
  return true;
}

/** The next state, one revision on; `null` when the transition changes nothing. */
export function stateAfter(
  base: WorkspaceState,
  transition: FileTransition,
): WorkspaceState | null {
  if (unchanged(base, transition)) return null;
  return {
    ...base,
    revision: base.revision + 1,
    files: transition.files,
    activePath: transition.activePath,
    origins: transition.origins,
  };
}
