/**
 * The zod pieces every `workspace.*` tool shares: paths, the source budget (W5), the revision
 * guard, and the common result fields (W2) so tools/list shows the same contract everywhere.
 */
import { z } from 'zod';
import { formatCount } from '../../format-count.js';
import {
  WORKSPACE_RESULT_PATHS_LIMIT,
  WORKSPACE_SOURCE_LIMIT,
  WORKSPACE_STORAGE_ERROR_LIMIT,
} from '../../workspace/codes.js';

export const SOURCE_BUDGET_NOTE = `Source is limited to ${formatCount(WORKSPACE_SOURCE_LIMIT)} characters.`;

export const pathInput = z
  .string()
  .min(1)
  .max(1024)
  .describe('Workspace-relative path such as "index.html" or "src/app.js".');

export const sourceInput = z.string().max(WORKSPACE_SOURCE_LIMIT).describe(SOURCE_BUDGET_NOTE);

export const expectedRevisionInput = z
  .number()
  .int()
  .nonnegative()
  .optional()
  .describe(
    'The revision you last read; the call fails with WORKSPACE_REVISION_CONFLICT if it moved.',
  );

export const previewOutput = z.object({
  state: z.enum(['ready', 'error', 'unavailable']),
  revision: z.number().int().optional(),
  error: z.object({ code: z.string(), message: z.string(), retryable: z.boolean() }).optional(),
});

export type PreviewField = z.output<typeof previewOutput>;

export const storageFields = {
  revision: z.number().int().nonnegative(),
  activePath: z.string().nullable(),
  storageMode: z.enum(['indexeddb', 'memory']),
  storageError: z.string().max(WORKSPACE_STORAGE_ERROR_LIMIT).optional(),
};

const PATHS_NOTE = `Sorted; the first ${WORKSPACE_RESULT_PATHS_LIMIT}, the count gives the total.`;

export const mutationOutput = z.object({
  ...storageFields,
  path: z.string().optional(),
  dirtyPaths: z.array(z.string()).describe(PATHS_NOTE),
  dirtyCount: z.number().int().nonnegative(),
  deletedPaths: z.array(z.string()).describe(PATHS_NOTE),
  deletedCount: z.number().int().nonnegative(),
  preview: previewOutput,
  /** A new name that Windows or a reader would not take as typed (docs/workspace-names.md). */
  warnings: z.array(z.string()).optional(),
});

export const folderStatusOutput = z.object({
  connected: z.boolean(),
  name: z.string().nullable(),
  kind: z.enum(['file-system-access', 'directory-upload', 'host-companion']).nullable(),
  writable: z.boolean(),
  permission: z.enum(['granted', 'prompt', 'denied', 'unknown', 'disconnected']),
  saveAllAvailable: z.boolean(),
  reloadAvailable: z.boolean(),
});

/** What a folder read replaced the workspace with: files taken, skips (bounded), a scan limit. */
export const folderLoadOutput = z.object({
  ...storageFields,
  fileCount: z.number().int(),
  skippedCount: z.number().int(),
  skipped: z.array(z.object({ path: z.string(), reason: z.string() })),
  limit: z.object({ reason: z.string(), limit: z.number() }).nullable(),
  /** Text-typed files kept as binary because they are not UTF-8 (docs/workspace-names.md). */
  binaryText: z.array(z.string()),
  folder: folderStatusOutput,
  preview: previewOutput,
});
