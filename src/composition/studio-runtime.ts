/**
 * `createStudioRuntime()`: the composition layer's one object a studio runs on — registry,
 * approval queue, workspace view, trace, agent, OpenRouter settings and capability table —
 * created once and shared by every element. It is the only place the core meets storage: the
 * core takes repositories and adapters, and this module hands it the browser's defaults.
 */
import {
  createAgentRunner,
  type AgentRunner,
  type AgentDriver,
  connectImportNotes,
  lazyLocalAgent,
  noAgent,
  createRunCheckpoints,
  type RunCheckpointStore,
} from '../runtime/agents/index.js';
import { lazyOpenRouterAgent } from './lazy-openrouter-agent.js';
import { createEndpointAgent } from '../runtime/agents/endpoint/index.js';
import { createAgentRunTools } from '../runtime/tools/agent/index.js';
import {
  createOpenRouterSettingsStore,
  type OpenRouterSettingsStore,
} from '../runtime/agents/openrouter/index.js';
import {
  createToolApprovalQueue,
  orderSessionCalls,
  type ToolApprovalChoiceOptions,
  type ToolApprovalQueue,
} from '../runtime/approval/index.js';
import {
  createCapabilityTable,
  type CapabilityTable,
  createDefaultToolPolicy,
  type ToolPolicy,
  createToolRegistry,
  type ToolRegistry,
  type ToolRegistryOptions,
  type ScopedToolRegistry,
  scopeToolRegistry,
  matchToolNames,
  type ToolScope,
} from '../runtime/registry/index.js';
import {
  createDraftRegistry,
  type DraftRegistry,
  type WorkspaceFolderSource,
  createWorkspaceDocumentManager,
  type WorkspaceRepository,
  type WorkspaceSeedFile,
  createWorkspaceView,
  type WorkspaceView,
} from '../runtime/workspace/index.js';
import type { DurableOperationBackend } from '../runtime/durable/index.js';
import { serializeToolObservabilityValue } from '../runtime/observability/index.js';
import {
  createPreviewSelectionStore,
  type PreviewSelectionStore,
  createPreviewTools,
} from '../runtime/preview/index.js';
import {
  createWorkspaceTools,
  type WorkspaceToolOptions,
} from '../runtime/tools/workspace/index.js';
import {
  connectTrace,
  createTraceStore,
  type TraceStore,
  traceApprovals,
} from '../runtime/trace/index.js';
import { surfaceSeed, type StudioSurface, loadSurfaceTools } from '../runtime/surfaces/index.js';
import { randomId } from '../runtime/protocol/index.js';
import type { EditorSaveRecovery } from '../runtime/tools/live-editor/index.js';
import {
  createBrowserFolderSource,
  DEFAULT_STUDIO_DATABASE,
  defaultWorkspaceRepository,
  restoreFileSystemAccessFolder,
} from './storage-defaults.js';
import {
  createRuntimeConfigStore,
  type RuntimeConfig,
  type RuntimeConfigStore,
} from './runtime-config.js';
import { lazyStudioOperations } from './lazy-operations.js';
import {
  createCollabStatusStore,
  type StudioCollab,
  type StudioCollabOptions,
} from './collab-status.js';

/**
 * Storage, seed, surface, policy and agent choices for `createStudioRuntime`; every field has a
 * default.
 */
export interface StudioRuntimeOptions {
  /**
   * The IndexedDB database of the default workspace repository; `<name>-operations` holds the
   * default durable operation records. Default: `context-action-workspace`.
   */
  databaseName?: string;
  /**
   * `memory` keeps the workspace and durable records for this page only, whatever
   * `databaseName` says. Default: `indexeddb` (memory where IndexedDB is missing).
   */
  storage?: 'indexeddb' | 'memory';
  /** Where the workspace lives. Default: from `storage`. `null`: memory. */
  workspaceRepository?: WorkspaceRepository | null;
  /** Files of a fresh or reset workspace; a promise (never rejecting) delays hydration. */
  seed?: readonly WorkspaceSeedFile[] | Promise<readonly WorkspaceSeedFile[]>;
  /** Agent mode, tool scope and read-only mode; changeable later through `config`. */
  config?: Partial<RuntimeConfig>;
  /** Which surface to run: adds its tool catalog and starter files. Default: `studio`. */
  surface?: StudioSurface;
  /** Default: R19 — read-only and explicit local direct calls run, everything else asks. */
  toolPolicy?: ToolPolicy;
  /**
   * Which answers approval cards may give: `{ allowOnce, allowSession, denyReason }` (each
   * default true) and `allowSessionForDestructive` (default false). The runtime refuses an
   * answer a site turned off, whatever a card shows.
   */
  approvalChoices?: ToolApprovalChoiceOptions;
  /**
   * Registry options beyond policy, approvals and capabilities (page size, allowlist, how long a
   * call waits for the workspace to load: `readyTimeoutMs` …).
   */
  registry?: Omit<
    ToolRegistryOptions,
    'toolPolicy' | 'approvalQueue' | 'capabilityResolver' | 'ready'
  >;
  workspaceTools?: WorkspaceToolOptions;
  /**
   * Where durable operation records live: idempotent registry calls and per-file folder saves.
   * Default: IndexedDB database `<databaseName>-operations` when present, else memory.
   */
  durableOperationBackend?: DurableOperationBackend;
  /** Where `workspace.openFolder` gets folders. Default: the browser's picker or upload. */
  folderSource?: WorkspaceFolderSource;
  /**
   * The agent behind the prompt box. Default: per run, from `config.agent`: in `endpoint`, the
   * site's model server at `config.agentEndpoint`; in `auto` and `openrouter`, the OpenRouter
   * agent when the `openrouter` store has a key, else the offline local agent. A driver from
   * `createEndpointAgent()` sets the mode to `endpoint`, so the badge says "Site model".
   */
  agent?: AgentDriver;
  /** OpenRouter settings to use. Default: a store on `localStorage` (memory when unavailable). */
  openrouterSettings?: OpenRouterSettingsStore;
  /**
   * Share the workspace in a collaboration room (docs/collaboration.md). Default: none, and no
   * collaboration code loads.
   */
  collab?: StudioCollabOptions;
}

/**
 * The one object a studio runs on, shared by every element: registry, approvals, workspace, trace
 * and agent.
 */
export interface StudioRuntime {
  /** Every tool; each call names its caller (`callAsPerson` for a person's own action). */
  registry: ToolRegistry;
  /**
   * The registry as agents and MCP clients see it: `config.tools` hides the rest from discovery
   * and exports, and `registry` refuses their calls to them. Hand this one to MCP hosts.
   */
  agentTools: ScopedToolRegistry;
  /** Agent mode, tool scope and read-only mode (the `agent`, `tools`, `readonly` attributes). */
  config: RuntimeConfigStore;
  approvals: ToolApprovalQueue;
  /** Read-only: every change is a `workspace.*` tool call through `registry`. */
  workspace: WorkspaceView;
  /** Where the explorer's folder picker gets folders from. */
  folders: WorkspaceFolderSource;
  trace: TraceStore;
  agent: AgentRunner;
  /**
   * Each agent run that changed files, as a checkpoint: `agent.restoreRun` with its `sessionId`
   * puts those files back ("Restore to before this run" in the chat).
   */
  runs: RunCheckpointStore;
  capabilities: CapabilityTable;
  drafts: DraftRegistry;
  /** The element picked in the preview, handed to the next agent run as context. */
  previewSelection: PreviewSelectionStore;
  /** The OpenRouter key, model, endpoint and data policy (A2). */
  openrouter: OpenRouterSettingsStore;
  /**
   * Reconciles an `editor.saveFile`/`editor.saveAll` intent whose outcome is unknown: re-reads
   * the linked folder and completes the durable record only when it holds every attempted file
   * (`recoverEditorSave`), then marks those files saved. Anything else stays unknown.
   */
  recoverEditorSave: EditorSaveRecovery;
  /**
   * Resolves once the workspace is hydrated and the surface's own tools are registered. Tool
   * calls made earlier wait for it (`registry.readyTimeoutMs`, 10 s by default).
   */
  ready: Promise<void>;
  /**
   * Aborted by `dispose()`: what was started on this runtime's behalf (a WebMCP registration of
   * its tools) ends with it.
   */
  readonly signal: AbortSignal;
  /** The collaboration room's state and presence; `null` without `collab` options. */
  collab: StudioCollab | null;
  /** Denies pending approvals, cancels the agent, stops tracing, leaves the room, closes storage. */
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

/** Creates the studio runtime with the browser's default storage unless options say otherwise. */
export function createStudioRuntime(options: StudioRuntimeOptions = {}): StudioRuntime {
  const capabilities = createCapabilityTable();
  const ownerId = `studio-${randomId()}`;
  const databaseName = options.databaseName ?? DEFAULT_STUDIO_DATABASE;
  const memory = options.storage === 'memory';
  const operations = lazyStudioOperations(() =>
    import('./durable-operations.js').then(({ createStudioOperations }) =>
      createStudioOperations({
        backend: options.durableOperationBackend,
        memory,
        databaseName,
        ownerId,
      }),
    ),
  );
  const config = createRuntimeConfigStore({
    ...(options.agent?.id === 'endpoint' ? { agent: 'endpoint' as const } : {}),
    ...options.config,
  });
  // The predicate is rebuilt only when the tool list changes, not on every call.
  let scope: ToolScope = {};
  let scoped: RuntimeConfig | undefined;
  const currentScope = (): ToolScope => {
    const current = config.getSnapshot();
    if (current !== scoped) {
      scoped = current;
      scope = {
        readOnly: current.readOnly,
        ...(current.tools ? { exposes: matchToolNames(current.tools) } : {}),
      };
    }
    return scope;
  };
  const repository =
    options.workspaceRepository !== undefined
      ? options.workspaceRepository
      : memory
        ? null
        : defaultWorkspaceRepository(databaseName);
  const workspace = createWorkspaceDocumentManager({
    repository,
    // Memory by choice says so quietly ("Memory only"); memory by necessity says why.
    ...(repository === null && options.workspaceRepository === undefined && !memory
      ? { memoryReason: 'IndexedDB is unavailable; edits are kept for this session only.' }
      : {}),
    restoreFolder: restoreFileSystemAccessFolder,
    seed: options.seed ?? surfaceSeed(options.surface ?? 'studio'),
  });
  const approvals = createToolApprovalQueue({
    safeArgumentNames: SAFE_ARGUMENT_NAMES,
    idPrefix: 'approval-',
    // Approval-gated calls fail at once (TOOL_APPROVAL_UNAVAILABLE) while nothing can answer.
    requireSurface: true,
    // Tools describe their change from the workspace; its changes keep waiting cards true.
    workspace,
    ...(options.approvalChoices ? { choices: options.approvalChoices } : {}),
  });
  const endings = new Map<string, () => void>();
  const callEnded = (toolCallId: string) =>
    new Promise<void>((resolve) => endings.set(toolCallId, resolve));
  const trace = createTraceStore({ project: (value) => serializeToolObservabilityValue(value) });
  // A surface's own catalog arrives by `ready`; registry listeners (catalog, MCP, WebMCP) see it.
  const surfaceTools = loadSurfaceTools(options.surface ?? 'studio', workspace).then((tools) => {
    for (const tool of tools) registry.register(tool);
  });
  const ready = Promise.all([workspace.ready, surfaceTools]).then(() => undefined);
  const registry = createToolRegistry({
    ...options.registry,
    // Every caller's call waits for the loaded workspace and the surface's tools (bounded).
    ready,
    toolPolicy: options.toolPolicy ?? createDefaultToolPolicy(),
    scope: currentScope,
    // A step's calls approved together run in the model's order, each after the one before.
    approvalQueue: traceApprovals(orderSessionCalls(approvals, callEnded), trace),
    capabilityResolver: capabilities.resolve,
    // A retry of a commit the preview did not show writes nothing again while this stands still.
    workspaceRevision: () => workspace.getSnapshot().revision,
    durableOperationStore: operations.store,
    durableOperationOwnerId: ownerId,
  });
  registry.subscribe((event) => {
    if (event.type === 'started') return;
    endings.get(event.request.toolCallId)?.();
    endings.delete(event.request.toolCallId);
  });
  const drafts = createDraftRegistry();
  const runs = createRunCheckpoints(workspace);
  for (const tool of [
    ...createWorkspaceTools(workspace, {
      getDrafts: drafts.current,
      sideEffects: operations.sideEffects,
      ...options.workspaceTools,
    }),
    ...createPreviewTools(workspace),
    ...createAgentRunTools(workspace, runs),
  ]) {
    registry.register(tool);
  }
  const disconnectTrace = connectTrace(registry, trace);
  const disposed = new AbortController();
  const previewSelection = createPreviewSelectionStore();
  const openrouter = options.openrouterSettings ?? createOpenRouterSettingsStore();
  const openrouterAgent = lazyOpenRouterAgent({ settings: openrouter.getSnapshot, stream: true });
  // One driver per endpoint URL, so its code is loaded once and a changed attribute takes effect.
  let endpointAgent: { url: string; driver: AgentDriver } | undefined;
  const endpointDriver = (url: string) => {
    if (endpointAgent?.url !== url)
      endpointAgent = { url, driver: createEndpointAgent({ endpoint: url }) };
    return endpointAgent.driver;
  };
  const agentTools = scopeToolRegistry(registry, currentScope);
  const recoverEditorSave: EditorSaveRecovery = async (toolName, key, recoverOptions) => {
    // The editor catalog's chunk: only a surface that lists the save tools gets here.
    const { recoverEditorSave } = await import('../runtime/tools/live-editor/save-manifest.js');
    return recoverEditorSave(registry, workspace, toolName, key, recoverOptions);
  };
  const agent = createAgentRunner({
    tools: agentTools,
    trace,
    selection: previewSelection,
    beforeRun: drafts.flushAll,
    recoverEditorSave,
    workspace: () => workspace.ready.then(() => workspace.getStatus()),
    checkpoints: runs,
    ...(options.agent
      ? { driver: options.agent }
      : {
          selectDriver: () => {
            const { agent: mode, agentEndpoint } = config.getSnapshot();
            if (mode === 'none') return noAgent;
            if (mode === 'local') return lazyLocalAgent;
            if (mode === 'endpoint') return endpointDriver(agentEndpoint ?? '');
            return openrouter.getSnapshot().apiKey ? openrouterAgent : lazyLocalAgent;
          },
        }),
  });

  const disconnectImportNotes = connectImportNotes(registry, agent);
  const collab = options.collab ? createCollabStatusStore(options.collab) : null;
  let leaveRoom: (() => void) | undefined;
  if (options.collab && collab?.getSnapshot().state === 'connecting') {
    const collabOptions = options.collab;
    import('./collab-session.js').then(
      ({ startCollabSession }) => {
        if (disposed.signal.aborted) return;
        leaveRoom = startCollabSession({
          options: collabOptions,
          status: collab,
          workspace,
          trace,
          // The room's document stays beside a workspace this browser keeps.
          ...(repository
            ? { offlineDatabase: `${databaseName}-collab-${collabOptions.room}` }
            : {}),
        });
      },
      (error: unknown) =>
        collab.set({
          state: 'refused',
          error: { code: 'COLLAB_LOAD_FAILED', message: String(error) },
        }),
    );
  }

  return {
    registry,
    agentTools,
    config,
    approvals,
    workspace: createWorkspaceView(workspace),
    folders: options.folderSource ?? createBrowserFolderSource(),
    trace,
    agent,
    runs,
    capabilities,
    drafts,
    previewSelection,
    openrouter,
    recoverEditorSave,
    ready,
    signal: disposed.signal,
    collab,
    dispose() {
      disposed.abort();
      leaveRoom?.();
      approvals.denyAll();
      agent.cancel();
      disconnectTrace();
      disconnectImportNotes();
      workspace.close();
      if (!options.openrouterSettings) openrouter.dispose();
    },
  };
}
