/**
 * Runs one agent request at a time: one sessionId per run, an `agent.request` trace row around
 * it, a `tools/list` row for discovery, and a transcript store the chat renders. Cancel aborts
 * the provider request, the tool call and any preview wait through one signal.
 */
import type { RecipeWorkspace } from './local-agent-recipes.js';
import { TOOL_CALL_ERROR_CODES, toolError } from '../protocol/errors.js';
import type { ToolCallContext } from '../protocol/types.js';
import type { PreviewSelectionStore } from '../preview/selection.js';
import type { TraceStore } from '../trace/trace-store.js';
import type {
  AgentDriver,
  AgentMessage,
  AgentProgress,
  AgentRunResult,
  AgentToolPort,
} from './agent-types.js';
import { lazyLocalAgent } from './lazy-agent.js';
import { withEditorSaveIntents } from './save-intents.js';
import type { EditorSaveRecovery } from '../tools/live-editor/save-flow.js';
import type { RunCheckpointRecorder } from './run-checkpoints.js';

/** What the chat renders: whether a run is going, the transcript, and how the last run ended. */
export interface AgentState {
  running: boolean;
  sessionId?: string;
  messages: readonly AgentMessage[];
  lastRun?: AgentRunResult & { prompt: string };
  /** The driver of the running or last run. */
  driverId?: string;
  /** The running driver's latest turn or retry; cleared when the run ends. */
  progress?: AgentProgress;
}

/** Runs one agent request at a time and keeps the transcript; subscribe to redraw on change. */
export interface AgentRunner {
  getSnapshot(): AgentState;
  subscribe(listener: () => void): () => void;
  run(
    prompt: string,
    options?: { signal?: AbortSignal; driver?: AgentDriver },
  ): Promise<AgentRunResult>;
  /** Aborts the active run, if any. */
  cancel(): void;
  clear(): void;
  /** Adds an assistant line to the transcript outside any run, e.g. what an import left out. */
  note(text: string): void;
}

/** The tools and trace an agent runner uses, and which driver answers each prompt. */
export interface AgentRunnerOptions {
  tools: AgentToolPort;
  trace: TraceStore;
  driver?: AgentDriver;
  /** Consulted per run when neither `run(prompt, { driver })` nor `driver` is given. */
  selectDriver?: () => AgentDriver;
  /** The preview element picked by the person; consumed as context by the next run. */
  selection?: PreviewSelectionStore;
  /** Awaited before each run, e.g. to flush editor drafts through the registry. */
  beforeRun?: () => Promise<void>;
  /** Checks an agent's editor save whose outcome is unknown against the folder, at once. */
  recoverEditorSave?: EditorSaveRecovery;
  /** The loaded workspace, for drivers that check a plan can succeed before they run it. */
  workspace?: () => Promise<RecipeWorkspace>;
  /** Told when each run starts and ends, to keep it as a checkpoint a person can restore. */
  checkpoints?: RunCheckpointRecorder;
  maxMessages?: number;
}

const MAX_PROMPT_LABEL = 80;
let sessions = 0;
const newSessionId = () => `session-${Date.now().toString(36)}-${(++sessions).toString(36)}`;

/**
 * Creates the runner that sends prompts to an agent driver, one run at a time, tracing each run.
 */
export function createAgentRunner(options: AgentRunnerOptions): AgentRunner {
  const maxMessages = options.maxMessages ?? 200;
  const listeners = new Set<() => void>();
  let state: AgentState = { running: false, messages: [] };
  let active: AbortController | undefined;
  let notes = 0;

  const set = (patch: Partial<AgentState>) => {
    state = { ...state, ...patch };
    for (const listener of [...listeners]) listener();
  };
  // A message with a known id replaces it (a streamed reply growing); others are appended.
  const emit = (message: AgentMessage) => {
    const index = state.messages.findIndex((existing) => existing.id === message.id);
    const messages =
      index < 0
        ? [...state.messages, message]
        : state.messages.map((existing, at) => (at === index ? message : existing));
    set({ messages: messages.slice(-maxMessages) });
  };

  async function run(
    prompt: string,
    runOptions: { signal?: AbortSignal; driver?: AgentDriver } = {},
  ) {
    const sessionId = newSessionId();
    if (state.running) {
      const error = toolError('AGENT_BUSY', 'Another agent request is still running.', true);
      return { status: 'failed', sessionId, error } satisfies AgentRunResult;
    }
    const driver =
      runOptions.driver ?? options.driver ?? options.selectDriver?.() ?? lazyLocalAgent;
    const controller = new AbortController();
    const forward = () => controller.abort(runOptions.signal?.reason);
    runOptions.signal?.addEventListener('abort', forward, { once: true });
    if (runOptions.signal?.aborted) forward();
    active = controller;

    const context: ToolCallContext = {
      source: driver.id === 'local' ? 'local' : 'model',
      mode: 'agent',
      sessionId,
    };
    set({ running: true, sessionId, driverId: driver.id, progress: undefined });
    emit({ id: `${sessionId}-prompt`, role: 'user', text: prompt });
    const end = options.trace.begin({
      method: 'agent.request',
      name: prompt.length > MAX_PROMPT_LABEL ? `${prompt.slice(0, MAX_PROMPT_LABEL - 1)}…` : prompt,
      source: context.source,
      mode: context.mode,
      sessionId,
    });

    let result: AgentRunResult;
    try {
      await options.beforeRun?.();
      // After the drafts are flushed: a person's unsaved typing is not part of the run.
      options.checkpoints?.begin(sessionId);
      const started = Date.now();
      const { tools } = options.tools.listTools();
      options.trace.recordList({
        context,
        toolCount: tools.length,
        durationMs: Date.now() - started,
      });
      const selection = options.selection?.getSnapshot() ?? undefined;
      options.selection?.set(null);
      const outcome = await driver.run({
        prompt,
        tools: withEditorSaveIntents(
          options.tools,
          sessionId,
          options.recoverEditorSave && {
            recover: options.recoverEditorSave,
            note: (text) =>
              emit({ id: `${sessionId}-save-check-${++notes}`, role: 'assistant', text }),
          },
        ),
        context,
        signal: controller.signal,
        emit,
        progress: (update) => {
          if (active === controller) set({ progress: update });
        },
        ...(selection ? { selection } : {}),
        ...(options.workspace ? { workspace: options.workspace } : {}),
      });
      const cancelled =
        controller.signal.aborted ||
        (outcome.status === 'failed' &&
          outcome.error.code === TOOL_CALL_ERROR_CODES.TOOL_CANCELLED);
      result = cancelled
        ? { status: 'cancelled', sessionId }
        : outcome.status === 'failed'
          ? { status: 'failed', sessionId, error: outcome.error }
          : { status: 'completed', sessionId };
    } catch (error) {
      // A driver bug must still end the run visibly rather than leave it spinning.
      const message = error instanceof Error ? error.message : String(error);
      result = { status: 'failed', sessionId, error: toolError('AGENT_FAILED', message, false) };
    } finally {
      runOptions.signal?.removeEventListener('abort', forward);
      if (active === controller) active = undefined;
    }
    options.checkpoints?.end(sessionId, prompt);
    if (result.status === 'cancelled')
      emit({ id: `${sessionId}-cancelled`, role: 'assistant', text: 'Cancelled.' });
    end({ status: result.status, ...(result.error ? { error: result.error } : {}) });
    set({ running: false, progress: undefined, lastRun: { ...result, prompt } });
    return result;
  }

  return {
    getSnapshot: () => state,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    run,
    cancel: () => active?.abort(new DOMException('Cancelled by the user.', 'AbortError')),
    clear: () => set({ messages: [] }),
    note: (text) => emit({ id: `note-${++notes}`, role: 'assistant', text }),
  };
}
