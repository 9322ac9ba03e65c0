/**
 * `agent.restoreRun`: "Restore to before this run". Puts back every file one agent run changed,
 * in one workspace step and one traced call, while each file is still as the run left it;
 * otherwise it changes nothing and fails with `WORKSPACE_REVISION_CONFLICT` (reason
 * `changed-since`, the files named). A person's own call runs at once; any other caller asks.
 */
import * as z from 'zod/mini';
import type { RunCheckpointStore } from '../../agents/run-checkpoints.js';
import { noFileChange, plannedChange } from '../../approval/tool-change.js';
import { previewHostCapability } from '../../preview/preview-host.js';
import { defineTool } from '../../registry/define-tool.js';
import { WORKSPACE_ERROR_CODES as CODES, workspaceError } from '../../workspace/codes.js';
import type { WorkspaceDocumentManager } from '../../workspace/manager.js';
import { mutationFields, respond } from '../workspace/respond.js';
import { expectedRevisionInput, mutationOutput } from '../workspace/schemas.js';

const restoreRunOutput = z.object({
  ...mutationOutput.shape,
  sessionId: z.string(),
  restoredPaths: z.array(z.string()),
});

/** Why `sessionId` cannot be restored: unknown, or restored already. */
function unavailable(runs: RunCheckpointStore, sessionId: string) {
  const run = runs.get(sessionId);
  if (run && !run.restored) return undefined;
  return workspaceError(
    CODES.WORKSPACE_HISTORY_EMPTY,
    run
      ? `The run ${sessionId} was restored already.`
      : `No run ${sessionId} that changed files is remembered.`,
    { operation: 'agent.restoreRun', sessionId, reason: run ? 'restored' : 'unknown-run' },
  );
}

/** The restore tool over `manager`, for the runs `runs` remembers. */
export function createRestoreRunTool(manager: WorkspaceDocumentManager, runs: RunCheckpointStore) {
  return defineTool(
    {
      name: 'agent.restoreRun',
      title: 'Restore to before a run',
      description:
        'Put back every file one agent run changed, as it was before the run, in one step. Fails with WORKSPACE_REVISION_CONFLICT, changing nothing, when any of those files changed since the run.',
      inputSchema: z.object({
        sessionId: z.string().check(z.minLength(1), z.maxLength(200)),
        expectedRevision: expectedRevisionInput,
      }),
      outputSchema: restoreRunOutput,
      annotations: {
        title: 'Restore to before a run',
        readOnlyHint: false,
        destructiveHint: true,
        idempotentHint: false,
        openWorldHint: false,
      },
      capabilities: [previewHostCapability],
      describeChange: ({ sessionId }, workspace) => {
        const refused = unavailable(runs, sessionId);
        return refused
          ? noFileChange(`Would fail: ${refused.message}`)
          : plannedChange(workspace, workspace.plan.restoreFiles(runs.get(sessionId)!.files));
      },
    },
    async ({ sessionId, expectedRevision }) => {
      const refused = unavailable(runs, sessionId);
      if (refused) return { ok: false as const, error: refused };
      const run = runs.get(sessionId)!;
      const outcome = await manager.restoreFiles(run.files, { expectedRevision });
      if (!outcome.ok) return outcome;
      runs.markRestored(sessionId);
      const paths = run.files.map((file) => file.path);
      return respond(
        `Restored ${paths.length} file${paths.length === 1 ? '' : 's'} to before the run at revision ${outcome.value.revision}.`,
        { ...mutationFields(outcome.value), sessionId, restoredPaths: paths },
        outcome.value.revision,
      );
    },
  );
}
