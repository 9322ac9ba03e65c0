/**
 * `@context-action/elements/runtime`: the framework-free core. Imports no DOM, no storage
 * adapter and no element, so it runs in Node 20 as well as in browsers. Storage adapters and
 * `createStudioRuntime()` live in the composition layer (`@context-action/elements/studio`).
 */
// Protocol
export {
  failure,
  type Outcome,
  TOOL_CALL_ERROR_CODES,
  type ToolCallError,
  type ToolCallErrorCode,
  ToolCallFailure,
  toolError,
} from './protocol/errors.js';
export type {
  ArtifactRef,
  JsonSchema,
  MCPToolDefinition,
  ModelToolCall,
  SnapshotRef,
  ToolAnnotations,
  ToolCallContext,
  ToolCallMode,
  ToolCallRequest,
  ToolCallRequestInput,
  ToolCallResult,
  ToolCallSource,
  ToolCleanupReport,
  ToolContent,
  ToolContentAnnotations,
  ToolListRequest,
  ToolListResult,
  ToolPreviewContract,
  ToolRealm,
  ToolResourceContents,
  ToolResourceDescriptor,
  ToolSubjectRef,
} from './protocol/types.js';
export {
  defineToolCapability,
  type ToolCapability,
  type ToolCapabilityResolver,
} from './protocol/capability.js';
export type {
  WorkspaceFile,
  WorkspaceSnapshot,
  WorkspaceSource,
  WorkspaceStorageMode,
} from './workspace/types.js';
export {
  type PreviewAcknowledgement,
  type PreviewDiagnostic,
  type PreviewHost,
  previewHostCapability,
  type PreviewState,
  type PreviewStatus,
} from './preview/preview-host.js';
export { type CapabilityTable, createCapabilityTable } from './registry/capability-table.js';
// Durable operations
export * from './durable/index.js';
// Protocol events, guards and content
export {
  TOOL_EXECUTION_PROVENANCE_SCHEMA,
  type ToolCallEvent,
  type ToolCallListener,
  type ToolCallResultProjection,
  type ToolExecutionProvenance,
  type ToolExecutionStatus,
} from './protocol/events.js';
export {
  isToolCallContext,
  isToolCallError,
  isToolCallRequest,
  isToolCallResult,
  isToolContent,
  isToolListRequest,
  isToolListResult,
} from './protocol/guards.js';
export {
  base64Bytes,
  contentBoundsProblem,
  stringifyToolContent,
  TOOL_CONTENT_LIMITS,
} from './protocol/content.js';
export { canonicalJson, fingerprintArguments } from './protocol/fingerprint.js';
// Registry, policy, approval, observability
export {
  defineTool,
  TOOL_REALMS,
  TOOL_RUNTIME_META_KEY,
  type ToolDefinitionInput,
  type ToolDescriptor,
  type ToolHandler,
  type ToolHandlerContext,
  type ToolHandlerResult,
  type ToolHandlerSuccess,
} from './registry/define-tool.js';
export type { ToolContractDescriptor } from './registry/tool-contract.js';
export {
  createToolRegistry,
  type ToolListChange,
  type ToolListChangeListener,
  type ToolRegistry,
  type ToolRegistryOptions,
} from './registry/registry.js';
export {
  createDefaultToolPolicy,
  DEFAULT_TOOL_POLICY,
  defaultPolicyDecision,
  type ToolPolicy,
  type ToolPolicyDecision,
  type ToolPolicyInput,
} from './registry/policy.js';
export {
  matchToolNames,
  scopeRefusal,
  type ToolScope,
  type ToolScopeSource,
} from './registry/tool-scope.js';
export { type ScopedToolRegistry, scopeToolRegistry } from './registry/scoped-registry.js';
export { callAsPerson, type PersonCallOptions } from './registry/person-call.js';
export { PERSON_DIRECT_CONTEXT } from './registry/person-context.js';
export {
  DEFAULT_MAX_TOOL_LIST_PAGES,
  listAllTools,
  toToolListRequest,
  type ListAllToolsOptions,
  type ToolListSource,
} from './registry/pagination.js';
export {
  type AnthropicToolDefinition,
  type OpenAIToolDefinition,
  toAnthropicToolDefinitions,
  toOpenAIToolDefinitions,
} from './registry/provider-exports.js';
export {
  type MCPCallToolResult,
  type MCPContentBlock,
  toMCPCallToolResult,
  toMCPContentBlock,
  TOOL_ERROR_META_KEY,
} from './registry/mcp-result.js';
export type { RegistryCallOptions, ToolCallOptions } from './registry/options.js';
export type { ToolValidationMode } from './registry/call-types.js';
export type { ToolValidationIssue } from './registry/validation.js';
export {
  encodeProviderToolName,
  decodeProviderToolName,
  isReservedToolName,
  PROVIDER_TOOL_NAME_PATTERN,
  TOOL_NAME_PATTERN,
} from './registry/names.js';
export {
  abortedBody,
  createInMemoryIdempotencyStore,
  type IdempotencyClaim,
  type IdempotencyClaimInput,
  type InMemoryIdempotencyStoreOptions,
  type ToolCallBody,
  type ToolIdempotencyStore,
} from './registry/idempotency.js';
export {
  createToolApprovalQueue,
  type ToolApprovalAnswer,
  type ToolApprovalDecision,
  type ToolApprovalDenial,
  type ToolApprovalQueue,
  type ToolApprovalQueueOptions,
  type ToolApprovalRefusal,
  type ToolApprovalResolveOptions,
  type ToolApprovalSnapshot,
  type ToolApprovalStore,
} from './approval/approval-queue.js';
export type { ApprovalChange, ApprovalFileChange } from './approval/approval-change.js';
export {
  type ApprovalChangeView,
  type ApprovalFileView,
  changeView,
  DEFAULT_MAX_CHANGE_VIEW_CHARACTERS,
} from './approval/change-view.js';
export {
  changeBetween,
  noFileChange,
  plannedChange,
  type DescribeChange,
  type FileChange,
  type ToolChange,
  type WorkspaceChangeSource,
} from './approval/tool-change.js';
export { diffLines, type DiffLine, type LineDiff } from './approval/line-diff.js';
export type { TextArgumentSize } from './approval/safe-arguments.js';
export {
  createToolObservabilityLimits,
  createToolObservabilityPolicy,
  DEFAULT_TOOL_OBSERVABILITY_LIMITS,
  DEFAULT_TOOL_OBSERVABILITY_POLICY,
  type ToolObservabilityLimits,
  type ToolObservabilityLimitsOptions,
  type ToolObservabilityPolicy,
  type ToolObservabilityPolicyOptions,
} from './observability/limits.js';
export { serializeToolObservabilityValue } from './observability/serialize.js';
export {
  sanitizeToolCallDiagnostic,
  sanitizeToolCallDiagnosticReason,
  type ToolCallDiagnostic,
} from './observability/diagnostic.js';
// Workspace
export {
  boundStorageError,
  describeStorageError,
  WORKSPACE_ERROR_CODES,
  WORKSPACE_HISTORY_LIMIT,
  WORKSPACE_PATH_LIMIT,
  WORKSPACE_RESULT_PATHS_LIMIT,
  WORKSPACE_SEGMENT_LIMIT,
  WORKSPACE_SOURCE_LIMIT,
  WORKSPACE_STORAGE_ERROR_LIMIT,
  workspaceError,
  type WorkspaceErrorCode,
} from './workspace/codes.js';
export {
  normalizeWorkspacePath,
  resolveWorkspaceReference,
  type WorkspacePathProblem,
} from './workspace/paths.js';
export {
  isHtmlPath,
  preferredEntry,
  workspaceFileFamily,
  type WorkspaceFileFamily,
  workspaceFileKind,
  workspaceMimeType,
} from './workspace/file-types.js';
export { DEFAULT_WORKSPACE_SEED, type WorkspaceSeedFile } from './workspace/seed.js';
export { seededSnapshot } from './workspace/seeded-snapshot.js';
export { applyLiteralPatch, type LiteralPatch, type PatchOccurrence } from './workspace/patch.js';
export {
  createMemoryWorkspaceRepository,
  type StoredCheckpointEntry,
  type WorkspaceCommit,
  type WorkspaceCommitResult,
  type WorkspaceFolderRecord,
  type WorkspaceMetadata,
  type WorkspaceRecord,
  type WorkspaceRepository,
  type WorkspaceStoreDelta,
} from './workspace/repository.js';
export {
  createWorkspaceDocumentManager,
  type WorkspaceDocumentManager,
  type WorkspaceDocumentManagerOptions,
  type WorkspaceMutationOptions,
  type WorkspacePlan,
  type WorkspacePlanner,
  type WorkspaceResult,
  type WorkspaceSaveResult,
  type WorkspaceStatus,
} from './workspace/manager.js';
export { createWorkspaceView, type WorkspaceView } from './workspace/view.js';
export type {
  WorkspaceFolder,
  WorkspaceFolderImport,
  WorkspaceFolderKind,
  WorkspaceFolderPermission,
  WorkspaceFolderReadOptions,
  WorkspaceFolderSource,
  WorkspaceFolderStatus,
  WorkspaceProgress,
  WorkspaceSkippedEntry,
  WorkspaceSkipReason,
} from './workspace/folder-port.js';
export {
  checkFolderOpen,
  openWorkspaceFolder,
  reloadWorkspaceFolder,
  requestWorkspaceFolderPermission,
  saveWorkspaceToFolder,
  staleFolder,
  type WorkspaceFolderLoadResult,
  type WorkspaceFolderSaveResult,
  type WorkspaceFolderStepOptions,
  type WorkspaceSaveAllOptions,
  type WorkspaceSideEffectRunner,
  writableFolder,
} from './workspace/folder-sync.js';
export {
  buildFileTree,
  type FileTreeFile,
  type FileTreeFolder,
  type FileTreeNode,
  folderPaths,
  type VisibleTreeNode,
  visibleTreeNodes,
} from './workspace/file-tree.js';
export {
  searchWorkspace,
  WORKSPACE_SEARCH_LIMIT,
  type WorkspaceSearchMatch,
  type WorkspaceSearchOptions,
  type WorkspaceSearchResult,
} from './workspace/search.js';
export { exportWorkspaceHtml, type WorkspaceHtmlExport } from './workspace/export-html.js';
export { mergeText, type Splice, spliceOf } from './workspace/merge.js';
export {
  compatibilityForm,
  lookAlikeKey,
  type NameWarning,
  portabilityWarnings,
} from './workspace/names.js';
export { decodeAs, decodeUtf8Text } from './workspace/encoding.js';
export { zipWorkspaceFiles } from './workspace/zip.js';
export * from './tools/workspace/index.js';
// Tool catalog helpers
export * from './catalog/index.js';
// Drafts, trace and agents
export { createDraftRegistry, type DraftRegistry, type EditorDraft } from './workspace/drafts.js';
export type {
  TraceApproval,
  TraceMethod,
  TraceProvenance,
  TraceRow,
  TraceStatus,
} from './trace/trace-row.js';
export {
  createTraceStore,
  type TraceRowEnd,
  type TraceStore,
  type TraceStoreOptions,
} from './trace/trace-store.js';
export { connectTrace } from './trace/connect-trace.js';
export { summarizeResult } from './trace/result-summary.js';
export type {
  AgentDriver,
  AgentMessage,
  AgentProgress,
  AgentRunResult,
  AgentRunStatus,
  AgentToolPort,
} from './agents/agent-types.js';
export {
  type AgentRunner,
  type AgentRunnerOptions,
  type AgentState,
  createAgentRunner,
} from './agents/agent-runner.js';
export { localAgent } from './agents/local-agent.js';
export { AGENT_NOT_CONFIGURED, noAgent } from './agents/no-agent.js';
export {
  type Accent,
  ACCENTS,
  type LocalAgentIntent,
  planLocalAgentRequest,
} from './agents/local-agent-plan.js';
export {
  availableRecipes,
  entryEdit,
  LOCAL_AGENT_RECIPES,
  type LocalAgentRecipe,
  type RecipeWorkspace,
  textFile,
} from './agents/local-agent-recipes.js';
// OpenRouter
export {
  createOpenRouterSettingsStore,
  DEFAULT_OPENROUTER_ENDPOINT,
  DEFAULT_OPENROUTER_MODEL,
  OPENROUTER_API_KEY_STORAGE_KEY,
  OPENROUTER_SETTINGS_STORAGE_KEY,
  type OpenRouterDataPolicy,
  type OpenRouterSettings,
  type OpenRouterSettingsPatch,
  type OpenRouterSettingsStore,
  type OpenRouterSettingsStoreOptions,
} from './agents/openrouter/settings.js';
export {
  isOpenRouterConfigurationError,
  isTransientOpenRouterError,
  OPENROUTER_ERROR_CODES,
  openRouterError,
  type OpenRouterErrorCode,
} from './agents/openrouter/errors.js';
export {
  createOpenRouterAgent,
  DEFAULT_OPENROUTER_MAX_TOOL_CALLS,
  DEFAULT_OPENROUTER_MAX_TURNS,
  type OpenRouterAgentOptions,
} from './agents/openrouter/agent.js';
export {
  fetchOpenRouterModels,
  type FetchOpenRouterModelsOptions,
  type OpenRouterModel,
  openRouterModelsUrl,
} from './agents/openrouter/models.js';
export { OPENROUTER_SYSTEM_PROMPT } from './agents/openrouter/prompt.js';
export { DEFAULT_RETRY_DELAYS_MS } from './agents/openrouter/retry.js';
export { DEFAULT_OPENROUTER_TIMEOUT_MS } from './agents/openrouter/transport.js';
export type {
  AssistantMessage,
  ChatMessage,
  ChatRequestBody,
  ChatToolCall,
} from './agents/openrouter/protocol.js';
// The site's own model server
export * from './agents/endpoint/index.js';
// Preview
export {
  PREVIEW_DIAGNOSTIC_CODES,
  PREVIEW_ERROR_CODES,
  previewError,
  type PreviewErrorCode,
} from './preview/errors.js';
export { resolvePreviewReference, type PreviewReference } from './preview/paths.js';
export {
  resolvePreviewEntry,
  resolvePreviewStylesheet,
  linkedStylesheets,
} from './preview/entry.js';
export {
  createPreviewSelectionStore,
  type PreviewSelection,
  type PreviewSelectionStore,
} from './preview/selection.js';
export { PREVIEW_ACCENTS, type PreviewAccent } from './preview/visual-edits.js';
export { createPreviewTools, type PreviewWorkspacePort } from './preview/tools.js';
// Host-realm services (T5)
export {
  checkServiceAdmission,
  createServiceCapability,
  SERVICE_ADMISSION_SAMPLE_FRAMES,
  type ServiceAdmissionExpectation,
  type ServiceAdmissionRef,
} from './service/service-capability.js';
export {
  createAuthenticatedLoopbackTransport,
  type LoopbackRequest,
  type LoopbackTransport,
  type LoopbackTransportOptions,
} from './service/loopback-transport.js';
export {
  bodyFromRecord,
  createDurableIdempotencyStore,
  type DurableIdempotencyOptions,
  durableOperationKey,
} from './registry/durable-idempotency.js';
export {
  createToolOperationRecovery,
  type ToolOperationRecovery,
  type ToolOperationRecoveryDecision,
  type ToolOperationRecoveryOptions,
  type ToolOperationResolution,
  type ToolOperationResolver,
} from './registry/operation-recovery.js';
export {
  isStudioSurface,
  STUDIO_SURFACES,
  type StudioSurface,
  surfaceSeed,
} from './surfaces/names.js';
export { loadSurfaceTools } from './surfaces/tools.js';
export * from './tools/web-coding/index.js';
export * from './tools/live-editor/index.js';
export { WORKSPACE_TOOL_POLICIES } from './registry/policy-table.js';
export { type RecoveryAction, recoveryActionFor } from './agents/recovery.js';
// Capability migration (T6)
export {
  findMigrationLiveState,
  MIGRATION_LIVE_STATE_KINDS,
  type MigrationLiveStateFinding,
  type MigrationLiveStateKind,
} from './migration/live-state.js';
export {
  CAPABILITY_MIGRATION_VERSION,
  type CapabilityToken,
  type CapabilityTokenInput,
  createCapabilityToken,
  isProbedMigration,
  type MigrationProbeExpectation,
  type MigrationTarget,
  type MigrationTargetReport,
  type ProbedMigration,
  probeMigrationTarget,
} from './migration/capability-token.js';
export {
  checkMigrationRecipe,
  createMigrationRecipe,
  digestMigrationRecipe,
  type MigrationRecipe,
  type MigrationRecipeInput,
} from './migration/recipe.js';
export {
  createServiceRoute,
  type ServiceExecutor,
  type ServiceRoute,
  type ServiceRouteRun,
} from './service/service-route.js';
// Authenticated carrier (T7)
export {
  CARRIER_FAILURE_CODES,
  CARRIER_FRESH_OFFER_CODES,
  carrierFailed,
  carrierFailure,
  type CarrierFailure,
  type CarrierFailureCode,
  type CarrierOutcome,
  carrierToolError,
  isCarrierFailureCode,
} from './carrier/failures.js';
export {
  CARRIER_OFFER_FRAGMENT_KEY,
  type CarrierOffer,
  encodeCarrierOfferFragment,
  parseCarrierOffer,
  readCarrierOfferFragment,
} from './carrier/offer.js';
export {
  CARRIER_STEPS,
  type CarrierAnswer,
  type CarrierEnvelope,
  type CarrierExecution,
  type CarrierProbe,
  type CarrierReconciledWrite,
  type CarrierStep,
  type CarrierStepBodies,
  type CarrierStepResults,
} from './carrier/protocol.js';
export {
  describeHostContract,
  HOST_CAPABILITY,
  HOST_TOOL_INPUTS,
  type HostContract,
  type HostToolArguments,
  hostToolDefinitions,
  type HostToolName,
} from './carrier/host-tools.js';
export {
  type CarrierState,
  type CarrierTransport,
  type CarrierTransportOptions,
  createAuthenticatedCarrierTransport,
} from './carrier/transport.js';
export { type CarrierRun, runCarrierRecipe } from './carrier/run.js';
export {
  connectHostCompanion,
  type HostCompanionOptions,
  type HostCompanionSession,
} from './carrier/host-session.js';
export {
  createHostCompanionFolder,
  type HostCompanionFolder,
  isHostCompanionFolder,
} from './carrier/host-companion-folder.js';
