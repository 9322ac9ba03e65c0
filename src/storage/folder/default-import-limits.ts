/**
 * The folder import budget (W9), apart from the collector: starter files read the same budget
 * on a studio's first paint, before the folder code loads.
 */
export interface FolderImportLimits {
  /** Supported files imported at most. */
  maxFiles: number;
  /** Bytes per file. */
  maxFileBytes: number;
  /** Bytes of all imported files together. */
  maxTotalBytes: number;
  /** Directory and file entries looked at, supported or not. */
  maxScannedEntries: number;
  /** Rows kept in `skipped`; `skippedCount` keeps the total. */
  maxSkippedRows: number;
}

/** The folder import budget used for any limit not given. */
export const DEFAULT_FOLDER_IMPORT_LIMITS: Readonly<FolderImportLimits> = Object.freeze({
  maxFiles: 1_000,
  maxFileBytes: 5 * 1024 * 1024,
  maxTotalBytes: 50 * 1024 * 1024,
  maxScannedEntries: 2_000,
  maxSkippedRows: 50,
});
