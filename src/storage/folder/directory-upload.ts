/**
 * The directory-upload fallback (W9): an `<input type="file" webkitdirectory>` file list imported
 * read-only. Nothing can be written back, so the workspace stays browser-only after the import.
 */
import {
  WORKSPACE_ERROR_CODES as CODES,
  workspaceError,
  type WorkspaceFolder,
} from '../../runtime/workspace/index.js';
import {
  collectFolderImport,
  DEFAULT_FOLDER_IMPORT_LIMITS,
  type FolderImportLimits,
  type FolderScan,
} from './import-limits.js';

/** Import limits for a directory upload. */
export interface DirectoryUploadOptions {
  limits?: Partial<FolderImportLimits>;
}

/** The upload's path inside the picked folder (the browser prefixes the folder's own name). */
function relativePath(file: File): { folder: string; path: string } {
  const full = file.webkitRelativePath || file.name;
  const slash = full.indexOf('/');
  if (!file.webkitRelativePath || slash < 0) return { folder: '', path: full };
  return { folder: full.slice(0, slash), path: full.slice(slash + 1) };
}

/** A read-only workspace folder from the files of a directory upload. */
export function createDirectoryUploadFolder(
  fileList: Iterable<File> | ArrayLike<File>,
  options: DirectoryUploadOptions = {},
): WorkspaceFolder {
  const limits = { ...DEFAULT_FOLDER_IMPORT_LIMITS, ...options.limits };
  const uploaded = Array.from(fileList);
  const name =
    uploaded.length > 0 ? relativePath(uploaded[0] as File).folder || 'upload' : 'upload';
  const readOnly = (operation: string) => ({
    ok: false as const,
    error: workspaceError(
      CODES.WORKSPACE_FOLDER_NOT_CONNECTED,
      'An uploaded folder is read-only; open the folder with write access to save to it.',
      { operation },
    ),
  });
  return {
    name,
    kind: 'directory-upload',
    writable: false,
    queryPermission: async () => 'granted',
    requestPermission: async () => 'granted',
    async read(readOptions = {}) {
      const scanned = uploaded.slice(0, limits.maxScannedEntries);
      const scan: FolderScan = {
        files: scanned.map((file) => ({
          path: relativePath(file).path,
          size: file.size,
          read: async () => file,
        })),
        skipped: [],
        limit:
          uploaded.length > scanned.length
            ? { reason: 'scan-limit', limit: limits.maxScannedEntries }
            : null,
        scannedEntries: scanned.length,
      };
      return collectFolderImport(scan, limits, readOptions);
    },
    writeFile: async () => readOnly('writeFile'),
    deleteFile: async () => readOnly('deleteFile'),
  };
}
