/**
 * The zod pieces every `workspace.*` tool shares: paths, the source budget (W5), the revision
 * guard, and the common result fields (W2) so tools/list shows the same contract everywhere.
 */
import * as z from 'zod/mini';
import { formatCount } from '../../protocol/format-count.js';
import {
  WORKSPACE_RESULT_PATHS_LIMIT,
  WORKSPACE_SOURCE_LIMIT,
  WORKSPACE_STORAGE_ERROR_LIMIT,
} from '../../workspace/codes.js';

export const SOURCE_BUDGET_NOTE = `Source is limited to ${formatCount(WORKSPACE_SOURCE_LIMIT)} characters.`;

export const pathInput = z
  .string()
  .check(
    z.minLength(1),
    z.maxLength(1024),
    z.describe('Workspace-relative path such as "index.html" or "src/app.js".'),
  );

export const sourceInput = z
  .string()
  .check(z.maxLength(WORKSPACE_SOURCE_LIMIT), z.describe(SOURCE_BUDGET_NOTE));

/** An optional revision guard; each tool family says what a mismatch does. */
export const expectedRevisionOf = (description: string) =>
  z.optional(z.int().check(z.nonnegative())).check(z.describe(description));

export const expectedRevisionInput = expectedRevisionOf(
  'The revision you last read; the call fails with WORKSPACE_REVISION_CONFLICT if it moved.',
);

export const previewOutput = z.object({
  state: z.enum(['ready', 'pending', 'error', 'unavailable']),
  revision: z.optional(z.int()),
  error: z.optional(
    z.object({
      code: z.string(),
      message: z.string(),
      retryable: z.boolean(),
      details: z.optional(z.record(z.string(), z.unknown())),
    }),
  ),
});

export type PreviewField = z.output<typeof previewOutput>;

export const storageFields = {
  revision: z.int().check(z.nonnegative()),
  activePath: z.nullable(z.string()),
  storageMode: z.enum(['indexeddb', 'memory']),
  storageError: z.optional(z.string().check(z.maxLength(WORKSPACE_STORAGE_ERROR_LIMIT))),
};

const PATHS_NOTE = `Sorted; the first ${WORKSPACE_RESULT_PATHS_LIMIT}, the count gives the total.`;

export const mutationOutput = z.object({
  ...storageFields,
  path: z.optional(z.string()),
  dirtyPaths: z.array(z.string()).check(z.describe(PATHS_NOTE)),
  dirtyCount: z.int().check(z.nonnegative()),
  deletedPaths: z.array(z.string()).check(z.describe(PATHS_NOTE)),
  deletedCount: z.int().check(z.nonnegative()),
  preview: previewOutput,
  /** A new name that Windows or a reader would not take as typed (docs/workspace-names.md). */
  warnings: z.optional(z.array(z.string())),
});

export const folderStatusOutput = z.object({
  connected: z.boolean(),
  name: z.nullable(z.string()),
  kind: z.nullable(z.enum(['file-system-access', 'directory-upload', 'host-companion'])),
  writable: z.boolean(),
  permission: z.enum(['granted', 'prompt', 'denied', 'unknown', 'disconnected']),
  saveAllAvailable: z.boolean(),
  reloadAvailable: z.boolean(),
});

/** What a folder read replaced the workspace with: files taken, skips (bounded), a scan limit. */
export const folderLoadOutput = z.object({
  ...storageFields,
  fileCount: z.int(),
  skippedCount: z.int(),
  skipped: z.array(z.object({ path: z.string(), reason: z.string() })),
  limit: z.nullable(z.object({ reason: z.string(), limit: z.number() })),
  /** Text-typed files kept as binary because they are not UTF-8 (docs/workspace-names.md). */
  binaryText: z.array(z.string()),
  folder: folderStatusOutput,
  preview: previewOutput,
});

/**
 * The input of a hero-copy edit (`preview.updateHero`, `web.updateHero`): a title, a subtitle
 * or both, as plain text, with the catalog's own `expectedRevision`.
 */
export const heroCopyInput = (expectedRevision: ReturnType<typeof expectedRevisionOf>) =>
  z
    .object({
      title: z.optional(z.string().check(z.minLength(1), z.maxLength(200))),
      subtitle: z.optional(z.string().check(z.minLength(1), z.maxLength(500))),
      expectedRevision,
    })
    .check(
      z.refine((args) => args.title !== undefined || args.subtitle !== undefined, {
        message: 'Give a title, a subtitle or both.',
      }),
    );

/** The annotations of a tool that overwrites stored files (a folder save, a reload, a reset). */
export const overwriteAnnotations = {
  readOnlyHint: false,
  destructiveHint: true,
  idempotentHint: false,
  openWorldHint: false,
};
