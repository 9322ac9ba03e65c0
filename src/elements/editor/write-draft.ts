/**
 * One draft's write: `workspace.writeFile` as the person's own call, against the revision the
 * draft was reconciled with. It does not wait for the preview: a stored write is saved whatever
 * the page then does, and the preview shows the page's failure itself.
 */
import { callAsPerson, type ToolRegistry } from '../../runtime/registry/index.js';

/** Stored; refused because the workspace moved on (reconcile, then write again); or not stored. */
export type DraftWrite =
  { kind: 'saved' } | { kind: 'conflict' } | { kind: 'not-saved'; message: string };

export async function writeDraft(
  registry: Pick<ToolRegistry, 'callTool'>,
  path: string,
  text: string,
  expectedRevision: number,
): Promise<DraftWrite> {
  const { error } = await callAsPerson(
    registry,
    'workspace.writeFile',
    { path, text, expectedRevision },
    { awaitPreview: false },
  );
  if (!error) return { kind: 'saved' };
  if (error.code === 'WORKSPACE_REVISION_CONFLICT') return { kind: 'conflict' };
  return { kind: 'not-saved', message: `Not saved: ${error.code}: ${error.message}` };
}
