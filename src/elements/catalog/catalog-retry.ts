/** What a sample run keeps for its Retry, and the arguments that Retry sends. */
import type { ToolCallResult } from '../../runtime/protocol/index.js';
import type { EditorSaveIntent } from '../../runtime/tools/live-editor/index.js';

export interface SampleRun {
  name: string;
  args: Record<string, unknown>;
  result: ToolCallResult;
  /** An editor save's intent: its Retry reuses the key, so a finished save is not repeated. */
  intent?: EditorSaveIntent;
}

const GUARDS = ['expectedRevision', 'expectedWorkspaceRevision'];

/**
 * A moved revision's retry takes the revision the conflict reports as current (the editor's
 * workspace clock as well); other retries send the same arguments.
 */
export function reread(run: SampleRun): Record<string, unknown> {
  const { code, details } = run.result.error ?? {};
  const current = details?.currentRevision;
  if (code !== 'WORKSPACE_REVISION_CONFLICT' || typeof current !== 'number') return run.args;
  const guard = details?.clock === 'document' ? undefined : GUARDS.find((key) => key in run.args);
  return guard ? { ...run.args, [guard]: current } : run.args;
}
