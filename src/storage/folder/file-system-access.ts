/**
 * The File System Access folder (W9): a read/write `FileSystemDirectoryHandle` (from
 * `showDirectoryPicker()` or the Origin Private File System). The handle stays in here and in
 * the workspace metadata; tools and iframes only ever see paths and statuses.
 */
import { toolError, type Outcome, type ToolCallError } from '../../runtime/protocol/index.js';
import {
  WORKSPACE_ERROR_CODES as CODES,
  workspaceError,
  type WorkspaceFolder,
  type WorkspaceFolderPermission,
  type WorkspaceFile,
} from '../../runtime/workspace/index.js';
import { scanFolderTree, type FolderEntry } from './folder-scan.js';
import {
  collectFolderImport,
  DEFAULT_FOLDER_IMPORT_LIMITS,
  type FolderImportLimits,
} from './import-limits.js';

/** Where permission states come from; by default the handle's own query/request methods. */
export interface FolderPermissionSource {
  query(): Promise<WorkspaceFolderPermission>;
  request(): Promise<WorkspaceFolderPermission>;
}

/** Import limits and the permission source for a File System Access folder. */
export interface FileSystemAccessFolderOptions {
  limits?: Partial<FolderImportLimits>;
  permission?: FolderPermissionSource;
}

// Parts of the File System Access API that TypeScript's DOM library does not declare.
interface DirectoryHandle extends FileSystemDirectoryHandle {
  entries(): AsyncIterableIterator<[string, FileSystemHandle]>;
  queryPermission?(descriptor: { mode: 'readwrite' }): Promise<PermissionState>;
  requestPermission?(descriptor: { mode: 'readwrite' }): Promise<PermissionState>;
}

const errorName = (error: unknown) => (error instanceof DOMException ? error.name : '');

function folderError(error: unknown, operation: string, path?: string): ToolCallError {
  const name = errorName(error);
  const details = { operation, ...(path === undefined ? {} : { path }), cause: name || 'Error' };
  if (name === 'NotFoundError' || name === 'InvalidStateError')
    return workspaceError(CODES.WORKSPACE_FOLDER_STALE, 'The linked folder is gone.', details);
  if (name === 'NotAllowedError' || name === 'SecurityError')
    return workspaceError(
      CODES.WORKSPACE_FOLDER_PERMISSION_DENIED,
      'The browser refused access to the linked folder.',
      details,
    );
  return workspaceError(
    CODES.WORKSPACE_SIDE_EFFECT_UNKNOWN,
    'The folder operation failed part-way; its effect is unknown.',
    details,
  );
}

function handlePermission(handle: DirectoryHandle): FolderPermissionSource {
  const ask = async (method: 'queryPermission' | 'requestPermission') => {
    const call = handle[method];
    if (typeof call !== 'function') return 'unknown' as const;
    try {
      return (await call.call(handle, { mode: 'readwrite' })) as WorkspaceFolderPermission;
    } catch {
      return 'unknown' as const;
    }
  };
  return { query: () => ask('queryPermission'), request: () => ask('requestPermission') };
}

/** Reads nothing: a removed directory fails to list with `NotFoundError`. */
async function isAlive(handle: DirectoryHandle): Promise<boolean> {
  try {
    await handle.entries().next();
    return true;
  } catch {
    return false;
  }
}

async function* listDirectory(
  directory: DirectoryHandle,
): AsyncIterable<FolderEntry<DirectoryHandle>> {
  for await (const [name, entry] of directory.entries()) {
    if (entry.kind === 'directory')
      yield { name, kind: 'directory', directory: entry as DirectoryHandle };
    else
      yield {
        name,
        kind: 'file',
        file: async () => {
          const file = await (entry as FileSystemFileHandle).getFile();
          return { size: file.size, read: async () => file };
        },
      };
  }
}

async function parentOf(root: DirectoryHandle, path: string, create: boolean) {
  const segments = path.split('/');
  const name = segments.pop() as string;
  let directory: FileSystemDirectoryHandle = root;
  for (const segment of segments)
    directory = await directory.getDirectoryHandle(segment, { create });
  return { directory, name };
}

async function writeContent(root: DirectoryHandle, file: WorkspaceFile, signal?: AbortSignal) {
  const { directory, name } = await parentOf(root, file.path, true);
  const handle = await directory.getFileHandle(name, { create: true });
  const writable = await handle.createWritable();
  try {
    signal?.throwIfAborted();
    await writable.write(file.kind === 'text' ? file.text : file.blob);
    await writable.close();
  } catch (error) {
    await writable.abort().catch(() => undefined);
    throw error;
  }
}

/** A read/write workspace folder over a File System Access directory handle. */
export function createFileSystemAccessFolder(
  directoryHandle: FileSystemDirectoryHandle,
  options: FileSystemAccessFolderOptions = {},
): WorkspaceFolder {
  const root = directoryHandle as DirectoryHandle;
  const limits = { ...DEFAULT_FOLDER_IMPORT_LIMITS, ...options.limits };
  const permission = options.permission ?? handlePermission(root);
  return {
    name: root.name,
    kind: 'file-system-access',
    writable: true,
    persistableHandle: root,
    async queryPermission() {
      return (await isAlive(root)) ? permission.query() : 'disconnected';
    },
    requestPermission: () => permission.request(),
    async read(readOptions = {}) {
      try {
        return await collectFolderImport(
          await scanFolderTree(root, limits, listDirectory),
          limits,
          readOptions,
        );
      } catch (error) {
        if (errorName(error) === 'AbortError') throw error;
        return { ok: false, error: folderError(error, 'readFolder') };
      }
    },
    async writeFile(file, signal): Promise<Outcome<void>> {
      if (signal?.aborted)
        return { ok: false, error: toolError('TOOL_CANCELLED', 'Cancelled before writing.', true) };
      try {
        await writeContent(root, file, signal);
        return { ok: true, value: undefined };
      } catch (error) {
        return { ok: false, error: folderError(error, 'writeFile', file.path) };
      }
    },
    async deleteFile(path): Promise<Outcome<void>> {
      try {
        const { directory, name } = await parentOf(root, path, false);
        await directory.removeEntry(name);
        return { ok: true, value: undefined };
      } catch (error) {
        // Already gone (file or a parent directory) is the goal reached, unless the folder is.
        if (errorName(error) === 'NotFoundError' && (await isAlive(root)))
          return { ok: true, value: undefined };
        return { ok: false, error: folderError(error, 'deleteFile', path) };
      }
    },
  };
}

/**
 * Rebuilds a linked folder from its stored record after a reload (the manager's default
 * `restoreFolder`). Permission is asked again at the next save.
 */
export function restoreFileSystemAccessFolder(record: {
  kind: string;
  handle?: unknown;
}): WorkspaceFolder | null {
  if (record.kind !== 'file-system-access') return null;
  if (typeof FileSystemDirectoryHandle === 'undefined') return null;
  return record.handle instanceof FileSystemDirectoryHandle
    ? createFileSystemAccessFolder(record.handle)
    : null;
}
