/** The agents domain's door: what other layers may import of it. */
export {
  type AgentRunner,
  type AgentRunnerOptions,
  type AgentState,
  createAgentRunner,
} from './agent-runner.js';
export type {
  AgentDriver,
  AgentMessage,
  AgentProgress,
  AgentRunResult,
  AgentRunStatus,
  AgentToolPort,
} from './agent-types.js';
export { lazyAgent, lazyLocalAgent } from './lazy-agent.js';
export {
  availableRecipes,
  entryEdit,
  LOCAL_AGENT_RECIPES,
  type LocalAgentRecipe,
  type RecipeWorkspace,
  textFile,
} from './local-agent-recipes.js';
export { AGENT_NOT_CONFIGURED, noAgent } from './no-agent.js';
export { type RecoveryAction, recoveryActionFor } from './recovery.js';
export { toolTranscriptMessage } from './tool-message.js';
export { connectImportNotes } from './import-notes.js';
export {
  type CheckpointSource,
  createRunCheckpoints,
  type RunCheckpoint,
  type RunCheckpointRecorder,
  type RunCheckpointStore,
} from './run-checkpoints.js';
