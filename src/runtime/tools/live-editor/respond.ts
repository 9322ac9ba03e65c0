/**
 * The Live Code Editor's result contract: every preview-aware result carries the active path,
 * both revision clocks, the preview acknowledgement, storageMode and a bounded storageError.
 */
import * as z from 'zod/mini';
import { type ToolCallError, failure } from '../../protocol/errors.js';
import type { WorkspaceSnapshot } from '../../workspace/types.js';
import { revisionConflict } from '../revision-guard.js';
import { expectedRevisionOf, previewOutput, storageFields } from '../workspace/schemas.js';
import type { LiveDocument } from './document.js';
import { EDITOR_SCENARIO_NAMES } from './scenarios.js';

export const clockFields = {
  activePath: storageFields.activePath,
  workspaceRevision: z.int().check(z.nonnegative()),
  documentRevision: z.int().check(z.nonnegative()),
  storageMode: storageFields.storageMode,
  storageError: storageFields.storageError,
  dirtyPaths: z.array(z.string()),
};

export const editorMutationOutput = z.object({
  ...clockFields,
  scenario: z.enum(EDITOR_SCENARIO_NAMES),
  preview: previewOutput,
});

export const expectedClocks = {
  expectedWorkspaceRevision: expectedRevisionOf(
    'The workspaceRevision you read; the call fails unchanged if it moved.',
  ),
  expectedDocumentRevision: expectedRevisionOf(
    'The documentRevision you read; the call fails unchanged if it moved.',
  ),
};

export interface ExpectedClocks {
  expectedWorkspaceRevision?: number | undefined;
  expectedDocumentRevision?: number | undefined;
}

/** The stale-clock check every editor mutation runs before it changes anything. */
export function clockConflict(
  document: LiveDocument,
  operation: string,
  expected: ExpectedClocks,
): { ok: false; error: ToolCallError } | null {
  const now = document.getSnapshot();
  const conflict =
    revisionConflict(operation, expected.expectedWorkspaceRevision, now.workspaceRevision) ??
    revisionConflict(
      operation,
      expected.expectedDocumentRevision,
      now.documentRevision,
      'document',
    );
  return conflict ? failure(conflict) : null;
}

export function clocksOf(document: LiveDocument, snapshot: WorkspaceSnapshot) {
  const doc = document.getSnapshot();
  return {
    activePath: snapshot.activePath,
    workspaceRevision: snapshot.revision,
    documentRevision: doc.documentRevision,
    storageMode: snapshot.storageMode,
    ...(snapshot.storageError === undefined ? {} : { storageError: snapshot.storageError }),
    dirtyPaths: [...snapshot.dirtyPaths],
  };
}

/** The clocks after a change; the registry adds the preview's acknowledgement of it. */
export function committedClocks(document: LiveDocument, snapshot: WorkspaceSnapshot) {
  return { ...clocksOf(document, snapshot), scenario: document.getSnapshot().scenario };
}
