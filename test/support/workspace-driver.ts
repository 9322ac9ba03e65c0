/**
 * Drives one workspace runtime through the operations of the shared-workspace test: the page
 * and a same-origin frame (another document) run the same code, so their calls are comparable.
 */
import type { WorkspaceDocumentManager } from '../../src/runtime/workspace/manager-types.js';

export type DriverOp =
  | { kind: 'insert'; path: string; marker: string; at: number; guarded: boolean }
  | { kind: 'create'; path: string; marker: string }
  | { kind: 'rename'; from: string; to: string }
  | { kind: 'delete'; path: string };

export interface DriverResult {
  ok: boolean;
  revision?: number;
  code?: string;
}

/** A marker line inserted at a fraction of the file's lines, as the runtime sees the file. */
function withMarker(text: string, marker: string, at: number): string {
  const lines = text.split('\n');
  lines.splice(Math.floor(at * (lines.length + 1)), 0, marker);
  return lines.join('\n');
}

export async function runDriverOp(
  manager: WorkspaceDocumentManager,
  op: DriverOp,
): Promise<DriverResult> {
  const view = manager.getSnapshot();
  let outcome;
  if (op.kind === 'insert') {
    const file = view.files.find((candidate) => candidate.path === op.path);
    const current = file?.kind === 'text' ? file.text : '';
    const options = op.guarded ? { expectedRevision: view.revision } : undefined;
    outcome = await manager.writeFile(op.path, withMarker(current, op.marker, op.at), options);
  } else if (op.kind === 'create') outcome = await manager.createFile(op.path, op.marker);
  else if (op.kind === 'rename') outcome = await manager.renameFile(op.from, op.to);
  else outcome = await manager.deleteFile(op.path);
  return outcome.ok
    ? { ok: true, revision: outcome.value.revision }
    : { ok: false, code: outcome.error.code };
}

/** Records every revision `manager` shows, and how often one went backwards. */
export function watchRevisions(manager: WorkspaceDocumentManager) {
  let last = manager.getSnapshot().revision;
  let backwards = 0;
  let seen = 0;
  const stop = manager.subscribe(() => {
    const revision = manager.getSnapshot().revision;
    if (revision < last) backwards += 1;
    last = revision;
    seen += 1;
  });
  return {
    stop,
    get backwards() {
      return backwards;
    },
    get seen() {
      return seen;
    },
  };
}
