/**
 * The host-realm tools for one folder: read the tree and write or delete files, with the same
 * path rules, import limits and skip report as the browser's folder adapters (W9) and the
 * durable, verified writes `workspace.saveAll` expects (W7).
 */
import { lstat, readdir, readFile, unlink } from 'node:fs/promises';
import { join } from 'node:path';
import {
  HOST_TOOL_INPUTS,
  type HostToolArguments,
  type HostToolName,
} from '../runtime/carrier/index.js';
import {
  TOOL_CALL_ERROR_CODES,
  toolError,
  type Outcome,
  type ArtifactRef,
} from '../runtime/protocol/index.js';
import { safeParse } from '../runtime/registry/index.js';
import { WORKSPACE_ERROR_CODES as CODES, workspaceError } from '../runtime/workspace/index.js';
import { scanFolderTree, type FolderEntry } from '../storage/folder/folder-scan.js';
import {
  collectFolderImport,
  DEFAULT_FOLDER_IMPORT_LIMITS,
  type FolderImportLimits,
} from '../storage/folder/import-limits.js';
import { sha256, type HostJournal, type HostWritePause } from './host-journal.js';
import { openFolderPath } from './host-open-folder.js';
import { HOST_STATE_FOLDER, resolveHostPath } from './host-paths.js';

export interface HostToolRun {
  result: Outcome<Record<string, unknown>>;
  artifacts: ArtifactRef[];
}

/** The step ran but what is on disk is not what was asked for. */
export class HostCaptureError extends Error {
  constructor(readonly detail: Record<string, unknown>) {
    super('capture failed');
  }
}

export interface HostFolderOptions {
  root: string;
  journal: HostJournal;
  limits?: Partial<FolderImportLimits>;
  /** Awaited before and after each write's rename (fault injection for crash tests). */
  pause?: HostWritePause;
}

// Sorted, so the same folder always imports in the same order.
function lister(root: string) {
  return async function* list(prefix: string): AsyncIterable<FolderEntry<string>> {
    const entries = await readdir(join(root, prefix), { withFileTypes: true });
    entries.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
    for (const entry of entries) {
      if (prefix === '' && entry.name === HOST_STATE_FOLDER) continue;
      const path = join(root, prefix, entry.name);
      if (entry.isSymbolicLink()) yield { name: entry.name, kind: 'link' };
      else if (entry.isDirectory())
        yield { name: entry.name, kind: 'directory', directory: `${prefix}${entry.name}/` };
      else if (entry.isFile())
        yield {
          name: entry.name,
          kind: 'file',
          file: async () => ({
            size: (await lstat(path)).size,
            read: async () => new Blob([await readFile(path)]),
          }),
        };
    }
  };
}

const validation = (tool: string, issues: unknown) => ({
  result: {
    ok: false as const,
    error: toolError(
      TOOL_CALL_ERROR_CODES.TOOL_VALIDATION_FAILED,
      `${tool}: invalid arguments.`,
      false,
      { issues },
    ),
  },
  artifacts: [],
});

const invalidPath = (path: string, problem: string) =>
  workspaceError(CODES.WORKSPACE_PATH_INVALID, `Invalid host path (${problem}).`, {
    operation: 'deleteFile',
    path: path.slice(0, 120),
    problem,
  });

const fail = (error: ReturnType<typeof workspaceError>): HostToolRun => ({
  result: { ok: false, error },
  artifacts: [],
});

export function createHostFolder(options: HostFolderOptions) {
  const { root, journal } = options;
  const limits = { ...DEFAULT_FOLDER_IMPORT_LIMITS, ...options.limits };

  async function readTree(): Promise<HostToolRun> {
    const read = await collectFolderImport(
      await scanFolderTree('', limits, lister(root)),
      limits,
      {},
    );
    if (!read.ok) return { result: read, artifacts: [] };
    const files = [];
    for (const file of read.value.files)
      files.push(
        file.kind === 'text'
          ? { path: file.path, kind: 'text', text: file.text }
          : {
              path: file.path,
              kind: 'asset',
              mimeType: file.mimeType,
              base64: Buffer.from(await file.blob.arrayBuffer()).toString('base64'),
            },
      );
    const { skipped, skippedCount, limit, scannedEntries } = read.value;
    return {
      result: { ok: true, value: { files, skipped, skippedCount, limit, scannedEntries } },
      artifacts: [],
    };
  }

  async function writeOne(args: HostToolArguments<'host.writeFile'>): Promise<HostToolRun> {
    const resolved = await resolveHostPath(root, args.path, 'writeFile');
    if (!resolved.ok) return { result: resolved, artifacts: [] };
    const bytes =
      args.kind === 'text' ? Buffer.from(args.text, 'utf8') : Buffer.from(args.base64, 'base64');
    if (args.kind === 'asset' && bytes.toString('base64') !== args.base64.replace(/\s/g, ''))
      return validation('host.writeFile', [{ path: ['base64'], message: 'not base64' }]);
    if (bytes.length > limits.maxFileBytes)
      return fail(
        workspaceError(CODES.WORKSPACE_SOURCE_LIMIT_EXCEEDED, 'The file is over the size limit.', {
          operation: 'writeFile',
          path: resolved.value.path,
          bytes: bytes.length,
          limit: limits.maxFileBytes,
        }),
      );
    const digest = sha256(bytes);
    // The digest guards the content on its way here; a mismatch writes nothing.
    if (digest !== args.digest)
      return validation('host.writeFile', [{ path: ['digest'], message: 'digest mismatch' }]);
    const written = await journal.write(resolved.value.path, bytes, digest, options.pause);
    if (written !== digest)
      throw new HostCaptureError({ path: resolved.value.path, expected: digest, actual: written });
    return {
      result: { ok: true, value: { path: resolved.value.path, digest, bytes: bytes.length } },
      artifacts: [{ kind: 'file', id: resolved.value.path, digest }],
    };
  }

  async function deleteOne(args: HostToolArguments<'host.deleteFile'>): Promise<HostToolRun> {
    const resolved = await resolveHostPath(root, args.path, 'deleteFile');
    if (!resolved.ok) return { result: resolved, artifacts: [] };
    const { path } = resolved.value;
    const segments = path.split('/');
    const name = segments.pop()!;
    // Through the opened folder, so a folder swapped for a link after the check moves nothing.
    const folder = await openFolderPath(root, segments, false);
    // Deleting what is not there is the goal reached, as in the browser adapter.
    if (folder === 'missing')
      return { result: { ok: true, value: { path, deleted: false } }, artifacts: [] };
    if (typeof folder === 'string') return fail(invalidPath(path, folder));
    try {
      const existed = await unlink(folder.entry(name)).then(
        () => true,
        (error: NodeJS.ErrnoException) => {
          if (error.code === 'ENOENT') return false;
          throw error;
        },
      );
      return { result: { ok: true, value: { path, deleted: existed } }, artifacts: [] };
    } finally {
      await folder.close();
    }
  }

  /** Runs host tool `tool` with untrusted `args`; filesystem faults other than capture throw. */
  async function run(tool: string, args: unknown): Promise<HostToolRun> {
    if (!Object.hasOwn(HOST_TOOL_INPUTS, tool))
      return {
        result: {
          ok: false,
          error: toolError(TOOL_CALL_ERROR_CODES.TOOL_NOT_FOUND, 'Unknown host tool.', false, {
            tool: tool.slice(0, 80),
          }),
        },
        artifacts: [],
      };
    const name = tool as HostToolName;
    const parsed = safeParse(HOST_TOOL_INPUTS[name], args);
    if (!parsed.success) return validation(name, parsed.error.issues.slice(0, 5));
    if (name === 'host.readTree') return readTree();
    if (name === 'host.writeFile')
      return writeOne(parsed.data as HostToolArguments<'host.writeFile'>);
    return deleteOne(parsed.data as HostToolArguments<'host.deleteFile'>);
  }

  return { run };
}
