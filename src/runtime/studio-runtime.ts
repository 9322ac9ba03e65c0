/**
 * `createStudioRuntime()`: the one object a studio runs on — registry, approval queue,
 * workspace, trace, agent, OpenRouter settings and capability table — created once and shared
 * by every element.
 */
import { createAgentRunner, type AgentRunner } from './agents/agent-runner.js';
import type { AgentDriver } from './agents/agent-types.js';
import { localAgent } from './agents/local-agent.js';
import { createOpenRouterAgent } from './agents/openrouter/agent.js';
import {
  createOpenRouterSettingsStore,
  type OpenRouterSettingsStore,
} from './agents/openrouter/settings.js';
import { createToolApprovalQueue, type ToolApprovalQueue } from './approval/approval-queue.js';
import { describeWorkspaceChange } from './approval/workspace-change.js';
import { createCapabilityTable, type CapabilityTable } from './capabilities.js';
import { createDraftRegistry, type DraftRegistry } from './drafts.js';
import { createIndexedDbDurableOperationBackend } from '../storage/durable/indexeddb-backend.js';
import { createMemoryDurableOperationBackend } from './durable/memory-backend.js';
import { createDurableSideEffectRunner } from './durable/side-effect-runner.js';
import { createDurableOperationStore } from './durable/store.js';
import type { DurableOperationBackend } from './durable/types.js';
import { serializeToolObservabilityValue } from './observability/serialize.js';
import { createPreviewSelectionStore, type PreviewSelectionStore } from './preview/selection.js';
import { createPreviewTools } from './preview/tools.js';
import { createDefaultToolPolicy, type ToolPolicy } from './registry/policy.js';
import {
  createToolRegistry,
  type ToolRegistry,
  type ToolRegistryOptions,
} from './registry/registry.js';
import { createWorkspaceTools } from './tools/workspace/index.js';
import type { WorkspaceToolOptions } from './tools/workspace/options.js';
import { connectTrace } from './trace/connect-trace.js';
import { createTraceStore, type TraceStore } from './trace/trace-store.js';
import {
  createWorkspaceDocumentManager,
  type WorkspaceDocumentManager,
} from './workspace/manager.js';
import type { WorkspaceRepository } from './workspace/repository.js';
import type { WorkspaceSeedFile } from './workspace/seed.js';
import { randomId } from './protocol/random-id.js';

export interface StudioRuntimeOptions {
  /** Where the workspace lives. Default: IndexedDB when present, else memory. `null`: memory. */
  workspaceRepository?: WorkspaceRepository | null;
  /** Files of a fresh or reset workspace. */
  seed?: readonly WorkspaceSeedFile[];
  /** Default: R19 — read-only and explicit local direct calls run, everything else asks. */
  toolPolicy?: ToolPolicy;
  /** Registry options beyond policy, approvals and capabilities (page size, allowlist …). */
  registry?: Omit<ToolRegistryOptions, 'toolPolicy' | 'approvalQueue' | 'capabilityResolver'>;
  workspaceTools?: WorkspaceToolOptions;
  /**
   * Where durable operation records live: idempotent registry calls and per-file folder saves.
   * Default: IndexedDB database `context-action-operations` when present, else memory.
   */
  durableOperationBackend?: DurableOperationBackend;
  /**
   * The agent behind the prompt box. Default: per run, the OpenRouter agent when the
   * `openrouter` store has a key, else the offline local agent.
   */
  agent?: AgentDriver;
  /** OpenRouter settings to use. Default: a store on `localStorage` (memory when unavailable). */
  openrouterSettings?: OpenRouterSettingsStore;
}

export interface StudioRuntime {
  registry: ToolRegistry;
  approvals: ToolApprovalQueue;
  workspace: WorkspaceDocumentManager;
  trace: TraceStore;
  agent: AgentRunner;
  capabilities: CapabilityTable;
  drafts: DraftRegistry;
  /** The element picked in the preview, handed to the next agent run as context. */
  previewSelection: PreviewSelectionStore;
  /** The OpenRouter key, model, endpoint and data policy (A2). */
  openrouter: OpenRouterSettingsStore;
  /** Resolves once the workspace is hydrated. */
  ready: Promise<void>;
  /** Denies pending approvals, cancels the agent, stops tracing and closes storage. */
  dispose(): void;
}

/** Argument names whose values an approval card may show: targets and choices, never source. */
const SAFE_ARGUMENT_NAMES = [
  'path',
  'from',
  'to',
  'accent',
  'title',
  'subtitle',
  'occurrence',
  'expectedRevision',
];

/** A folder write may legitimately take a while; past this lease another tab may reclaim it. */
const FOLDER_SAVE_LEASE_MS = 5 * 60_000;

function defaultOperationBackend(): DurableOperationBackend {
  return typeof indexedDB === 'undefined'
    ? createMemoryDurableOperationBackend()
    : createIndexedDbDurableOperationBackend({
        databaseName: 'context-action-operations',
        storeName: 'operations',
      });
}

export function createStudioRuntime(options: StudioRuntimeOptions = {}): StudioRuntime {
  const capabilities = createCapabilityTable();
  const ownerId = `studio-${randomId()}`;
  const operations = createDurableOperationStore(
    options.durableOperationBackend ?? defaultOperationBackend(),
  );
  const approvals = createToolApprovalQueue({
    safeArgumentNames: SAFE_ARGUMENT_NAMES,
    idPrefix: 'approval-',
    // Approval-gated calls fail at once (TOOL_APPROVAL_UNAVAILABLE) while nothing can answer.
    requireSurface: true,
    describeChange: (input) => describeWorkspaceChange(workspace, input),
  });
  const trace = createTraceStore({ project: (value) => serializeToolObservabilityValue(value) });
  const registry = createToolRegistry({
    ...options.registry,
    toolPolicy: options.toolPolicy ?? createDefaultToolPolicy(),
    approvalQueue: approvals,
    capabilityResolver: capabilities.resolve,
    durableOperationStore: operations,
    durableOperationOwnerId: ownerId,
  });
  const workspace = createWorkspaceDocumentManager({
    ...(options.workspaceRepository === undefined
      ? {}
      : { repository: options.workspaceRepository }),
    ...(options.seed ? { seed: options.seed } : {}),
  });
  const drafts = createDraftRegistry();
  for (const tool of [
    ...createWorkspaceTools(workspace, {
      getDrafts: drafts.current,
      sideEffects: createDurableSideEffectRunner({
        store: operations,
        ownerId,
        leaseMs: FOLDER_SAVE_LEASE_MS,
      }),
      ...options.workspaceTools,
    }),
    ...createPreviewTools(workspace),
  ]) {
    registry.register(tool);
  }
  const disconnectTrace = connectTrace(registry, trace);
  const previewSelection = createPreviewSelectionStore();
  const openrouter = options.openrouterSettings ?? createOpenRouterSettingsStore();
  const openrouterAgent = createOpenRouterAgent({ settings: openrouter.getSnapshot });
  const agent = createAgentRunner({
    tools: registry,
    trace,
    selection: previewSelection,
    beforeRun: drafts.flushAll,
    ...(options.agent
      ? { driver: options.agent }
      : {
          selectDriver: () => (openrouter.getSnapshot().apiKey ? openrouterAgent : localAgent),
        }),
  });

  return {
    registry,
    approvals,
    workspace,
    trace,
    agent,
    capabilities,
    drafts,
    previewSelection,
    openrouter,
    ready: workspace.ready,
    dispose() {
      agent.cancel();
      approvals.denyAll();
      disconnectTrace();
      workspace.close();
      if (!options.openrouterSettings) openrouter.dispose();
    },
  };
}
