/**
 * The browser's folder source (W9): File System Access when `showDirectoryPicker` exists,
 * the directory-upload fallback otherwise. `globalThis` is read per call, so a page (or a test)
 * that installs a picker later is seen.
 */
import type { WorkspaceFolderSource } from '../../runtime/workspace/index.js';
import { createDirectoryUploadFolder } from './directory-upload.js';
import { createFileSystemAccessFolder } from './file-system-access.js';

type DirectoryPicker = (options: { mode: 'readwrite' }) => Promise<FileSystemDirectoryHandle>;

function directoryPicker(): DirectoryPicker | undefined {
  const picker = (globalThis as { showDirectoryPicker?: DirectoryPicker }).showDirectoryPicker;
  return typeof picker === 'function' ? picker.bind(globalThis) : undefined;
}

/**
 * The browser's folder source: the File System Access picker where it exists, else a directory
 * upload.
 */
export function createBrowserFolderSource(): WorkspaceFolderSource {
  return {
    canPickWritable: () => directoryPicker() !== undefined,
    async pickWritable() {
      const picker = directoryPicker();
      if (!picker) return null;
      try {
        return createFileSystemAccessFolder(await picker({ mode: 'readwrite' }));
      } catch (error) {
        if (error instanceof DOMException && error.name === 'AbortError') return null;
        throw error;
      }
    },
    fromUpload: (files) => createDirectoryUploadFolder(files),
  };
}
