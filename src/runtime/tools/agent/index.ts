/** The `agent.*` tools' door: what a person does with an agent's runs. */
import type { RunCheckpointStore } from '../../agents/run-checkpoints.js';
import type { WorkspaceDocumentManager } from '../../workspace/manager.js';
import { createRestoreRunTool } from './restore-run.js';

/** Creates the `agent.*` tools over a workspace manager and the runs it remembers. */
export function createAgentRunTools(manager: WorkspaceDocumentManager, runs: RunCheckpointStore) {
  return [createRestoreRunTool(manager, runs)];
}
