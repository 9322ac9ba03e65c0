/**
 * The one collector both folder adapters share, within the folder import budget (W9): path
 * validation, supported types, duplicates, per-file/count/total-byte limits, and a bounded skip
 * report.
 */
import type { Outcome } from '../../runtime/protocol/index.js';
import {
  WORKSPACE_ERROR_CODES as CODES,
  workspaceError,
  workspaceFileKind,
  workspaceMimeType,
  type WorkspaceFolderImport,
  type WorkspaceFolderReadOptions,
  type WorkspaceSkipReason,
  type WorkspaceSkippedEntry,
  decodeUtf8Text,
  isAscii,
  loadSkeleton,
  skeletonKeys,
  lookAlikeKey,
  normalizeWorkspacePath,
  type WorkspaceFile,
} from '../../runtime/workspace/index.js';
import type { FolderImportLimits } from './default-import-limits.js';

export { DEFAULT_FOLDER_IMPORT_LIMITS, type FolderImportLimits } from './default-import-limits.js';

/** One file found by a scan: its raw relative path (not yet trusted), size and reader. */
export interface ScannedFile {
  path: string;
  size: number;
  read(): Promise<Blob>;
}

/**
 * What one folder scan collected: the files it kept, the entries it skipped, and any limit it hit.
 */
export interface FolderScan {
  files: ScannedFile[];
  /** Entries a scan skipped before reading (e.g. the scan limit). */
  skipped: WorkspaceSkippedEntry[];
  limit: WorkspaceFolderImport['limit'];
  scannedEntries: number;
}

/**
 * Names already accepted that a person cannot tell from a new one by their TR39 skeletons (two
 * ASCII names never count). The confusables table loads only for a folder with a name outside
 * ASCII.
 */
async function confusableCheck(files: readonly ScannedFile[]) {
  const outsideAscii = files.some((file) => !isAscii(file.path));
  if (outsideAscii) await loadSkeleton();
  const keys = outsideAscii ? skeletonKeys() : undefined;
  /** Skeleton → whether a name outside ASCII has it. */
  const skeletons = new Map<string, boolean>();
  const keyOf = (path: string) => keys?.(path)[0];
  return {
    seen(path: string): boolean {
      const key = keyOf(path);
      if (key === undefined || !skeletons.has(key)) return false;
      return !isAscii(path) || skeletons.get(key) === true;
    },
    add(path: string): void {
      const key = keyOf(path);
      if (key !== undefined) skeletons.set(key, skeletons.get(key) === true || !isAscii(path));
    },
  };
}

/** Turns a scan into workspace files, applying every limit; rejects empty or unsupported input. */
export async function collectFolderImport(
  scan: FolderScan,
  limits: FolderImportLimits,
  options: WorkspaceFolderReadOptions,
): Promise<Outcome<WorkspaceFolderImport>> {
  const skipped: WorkspaceSkippedEntry[] = [];
  let skippedCount = 0;
  let limit = scan.limit;
  const skip = (path: string, reason: WorkspaceSkipReason) => {
    skippedCount += 1;
    if (skipped.length < limits.maxSkippedRows) skipped.push({ path: path.slice(0, 200), reason });
  };
  for (const entry of scan.skipped) skip(entry.path, entry.reason);
  const accepted: { path: string; kind: 'text' | 'asset'; entry: ScannedFile }[] = [];
  const seen = new Set<string>();
  const confusable = await confusableCheck(scan.files);
  let totalBytes = 0;
  for (const entry of scan.files) {
    const normalized = normalizeWorkspacePath(entry.path, 'importFolder');
    if (!normalized.ok) {
      skip(entry.path, 'invalid-path');
      continue;
    }
    const path = normalized.value;
    const kind = workspaceFileKind(path);
    if (!kind) skip(path, 'unsupported-type');
    else if (seen.has(lookAlikeKey(path)) || confusable.seen(path)) skip(path, 'duplicate-path');
    else if (entry.size > limits.maxFileBytes) skip(path, 'file-too-large');
    else if (accepted.length >= limits.maxFiles) {
      limit ??= { reason: 'file-count-limit', limit: limits.maxFiles };
      break;
    } else if (totalBytes + entry.size > limits.maxTotalBytes) {
      limit ??= { reason: 'total-bytes-limit', limit: limits.maxTotalBytes };
      break;
    } else {
      seen.add(lookAlikeKey(path));
      confusable.add(path);
      totalBytes += entry.size;
      accepted.push({ path, kind, entry });
    }
  }
  if (scan.files.length === 0)
    return {
      ok: false,
      error: workspaceError(CODES.WORKSPACE_EMPTY, 'The folder has no files.', {
        operation: 'importFolder',
        scannedEntries: scan.scannedEntries,
      }),
    };
  if (accepted.length === 0)
    return {
      ok: false,
      error: workspaceError(
        CODES.WORKSPACE_NO_SUPPORTED_FILES,
        'The folder has no supported files (HTML, CSS, JS, TS, JSON, Markdown, text, images, fonts, WASM).',
        { operation: 'importFolder', skippedCount, skipped: skipped.slice(0, 10) },
      ),
    };
  const files: WorkspaceFile[] = [];
  const binaryText: string[] = [];
  const total = accepted.length;
  options.onProgress?.({ operation: 'import', done: 0, total });
  for (const { path, kind, entry } of accepted) {
    options.signal?.throwIfAborted();
    const blob = await entry.read();
    const text = kind === 'text' ? decodeUtf8Text(new Uint8Array(await blob.arrayBuffer())) : null;
    if (text !== null) files.push({ path, kind: 'text', text });
    else {
      // A text type whose bytes are not UTF-8 stays byte for byte, until a person decodes it.
      if (kind === 'text') binaryText.push(path);
      const mimeType = kind === 'text' ? 'application/octet-stream' : workspaceMimeType(path);
      files.push({ path, kind: 'asset', blob, mimeType: blob.type || mimeType });
    }
    options.onProgress?.({ operation: 'import', done: files.length, total });
  }
  return {
    ok: true,
    value: { files, skipped, skippedCount, limit, scannedEntries: scan.scannedEntries, binaryText },
  };
}
