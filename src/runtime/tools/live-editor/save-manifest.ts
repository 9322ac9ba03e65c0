/**
 * Evidence for an unknown editor save: a bounded per-file manifest (path, SHA-256, length) kept
 * in the durable record's diagnostic. Recovery re-reads the folder and completes the operation
 * only when every listed file there matches its digest and length; a missing or different file
 * leaves it unknown.
 */
import { TOOL_CALL_ERROR_CODES, toolError, type ToolCallError } from '../../protocol/errors.js';
import type { DurableOperationRecord } from '../../durable/types.js';
import type { ToolRegistry } from '../../registry/registry.js';
import { WORKSPACE_ERROR_CODES } from '../../workspace/codes.js';
import { digestWorkspaceFile } from '../../workspace/digest.js';
import type { WorkspaceDocumentManager } from '../../workspace/manager.js';
import type { WorkspaceFile } from '../../workspace/types.js';
import type { EditorSaveToolName } from './save-intent.js';

/** Fits the durable diagnostic budget (2 KiB) with room for the other details. */
export const EDITOR_SAVE_MANIFEST_LIMIT = 12;

export interface EditorSaveManifestEntry {
  path: string;
  sha256: string;
  length: number;
}

export async function manifestEntry(
  file: Extract<WorkspaceFile, { kind: 'text' }>,
): Promise<EditorSaveManifestEntry> {
  return { path: file.path, sha256: await digestWorkspaceFile(file), length: file.text.length };
}

/**
 * The handler's unknown outcome: `TOOL_EXECUTION_UNKNOWN` makes the registry keep the record
 * unknown (a same-key retry is refused until recovery); `cause` keeps the workspace code.
 */
export function unknownSave(
  operation: 'saveFile' | 'saveAll',
  path: string,
  manifest: EditorSaveManifestEntry[],
  completedPaths: string[],
  reason: string,
): ToolCallError {
  return toolError(
    TOOL_CALL_ERROR_CODES.TOOL_EXECUTION_UNKNOWN,
    `The folder write of ${path} may or may not have happened; reconcile before retrying.`,
    false,
    {
      cause: WORKSPACE_ERROR_CODES.WORKSPACE_SIDE_EFFECT_UNKNOWN,
      operation,
      path,
      reason,
      completedPaths,
      manifestComplete: manifest.length <= EDITOR_SAVE_MANIFEST_LIMIT,
      manifest: manifest.slice(0, EDITOR_SAVE_MANIFEST_LIMIT),
    },
  );
}

function isEntry(value: unknown): value is EditorSaveManifestEntry {
  const entry = value as EditorSaveManifestEntry;
  return (
    typeof entry === 'object' &&
    entry !== null &&
    typeof entry.path === 'string' &&
    typeof entry.sha256 === 'string' &&
    typeof entry.length === 'number'
  );
}

/** The manifest an unknown record carries, or null when it is absent, cut or malformed. */
export function manifestOf(record: DurableOperationRecord): EditorSaveManifestEntry[] | null {
  const details = (record.diagnostic as { details?: Record<string, unknown> } | undefined)?.details;
  if (details?.manifestComplete !== true || !Array.isArray(details.manifest)) return null;
  return details.manifest.every(isEntry) && details.manifest.length > 0 ? details.manifest : null;
}

/**
 * Completes an unknown `editor.saveFile`/`editor.saveAll` through `registry.recoverOperation()`
 * only when the linked folder holds exactly the manifest's files; then marks those files saved
 * in the workspace where they still hold the saved source. Anything else stays unknown.
 */
export async function recoverEditorSave(
  registry: ToolRegistry,
  manager: WorkspaceDocumentManager,
  toolName: EditorSaveToolName,
  idempotencyKey: string,
  options: { signal?: AbortSignal; actor?: string } = {},
) {
  let verified: EditorSaveManifestEntry[] = [];
  const recovered = await registry.recoverOperation(
    toolName,
    idempotencyKey,
    async ({ record, signal }) => {
      const manifest = manifestOf(record);
      const folder = manager.getFolder();
      if (!manifest || !folder) return { state: 'unknown' };
      const read = await folder.read({ signal });
      if (!read.ok) return { state: 'unknown' };
      for (const entry of manifest) {
        const file = read.value.files.find((candidate) => candidate.path === entry.path);
        if (file?.kind !== 'text' || file.text.length !== entry.length) return { state: 'unknown' };
        if ((await digestWorkspaceFile(file)) !== entry.sha256) return { state: 'unknown' };
      }
      verified = manifest;
      return { state: 'completed' };
    },
    options,
  );
  if (!recovered.ok) return recovered;
  if (recovered.value?.state !== 'completed') {
    const error = toolError(
      TOOL_CALL_ERROR_CODES.TOOL_IDEMPOTENCY_UNKNOWN,
      'The folder does not match the attempted save; the operation stays unknown.',
      false,
      { toolName, state: recovered.value?.state ?? 'missing' },
    );
    return { ok: false as const, error };
  }
  for (const entry of verified) {
    const current = manager.getFile(entry.path);
    if (current.ok && current.value.kind === 'text') {
      const now = await manifestEntry(current.value);
      if (now.sha256 === entry.sha256) await manager.markFileSaved(current.value);
    }
  }
  return {
    ok: true as const,
    value: { record: recovered.value, savedPaths: verified.map((e) => e.path) },
  };
}
