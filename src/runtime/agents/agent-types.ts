/** What agents need from the runtime, and what a run reports back. */
import type { PreviewSelection } from '../preview/selection.js';
import type { RecipeWorkspace } from './local-agent-recipes.js';
import type { ToolCallError } from '../protocol/errors.js';
import type {
  ModelToolCall,
  ToolCallContext,
  ToolCallResult,
  ToolListRequest,
  ToolListResult,
} from '../protocol/types.js';

/** The registry surface an agent uses: discovery and the model call path, nothing else. */
export interface AgentToolPort {
  /** Without a request, the first page; `listAllTools()` passes cursors for the rest. */
  listTools(request?: ToolListRequest): ToolListResult;
  executeModelToolCall(
    call: ModelToolCall,
    options: { signal?: AbortSignal; context: ToolCallContext; idempotencyKey?: string },
  ): Promise<ToolCallResult>;
}

/** One transcript entry: the person's prompt, an agent's reply, or the outcome of one tool call. */
export type AgentMessage =
  | { id: string; role: 'user'; text: string }
  | {
      id: string;
      role: 'assistant';
      text: string;
      /** Recipes offered as next prompts (the nearest to a request the agent did not know). */
      suggestions?: readonly { id: string; label: string; prompt: string }[];
    }
  | {
      id: string;
      role: 'tool';
      name: string;
      toolCallId: string;
      status: 'completed' | 'failed';
      summary: string;
      error?: ToolCallError;
    };

/** What a running agent reports between messages: a provider turn, or a backoff before a retry. */
export type AgentProgress =
  | { kind: 'retry'; attempt: number; of: number; delayMs: number; code: string }
  | { kind: 'turn'; turn: number; of: number };

/** How an agent run ended. */
export type AgentRunStatus = 'completed' | 'failed' | 'cancelled';

/** How an agent run ended, under which session id, and the error when it failed. */
export interface AgentRunResult {
  status: AgentRunStatus;
  sessionId: string;
  error?: ToolCallError;
}

/** One agent turn loop: plans, calls tools through the port, reports messages as they come. */
export interface AgentDriver {
  readonly id: string;
  run(input: {
    prompt: string;
    tools: AgentToolPort;
    context: ToolCallContext;
    signal: AbortSignal;
    /** The element the person picked in the preview, when there is one (P9). */
    selection?: PreviewSelection;
    /** The loaded workspace, read when asked: what a plan can succeed on. */
    workspace?: () => Promise<RecipeWorkspace>;
    emit(message: AgentMessage): void;
    /** Turn and retry progress; the runner shows the latest until the run ends. */
    progress?(update: AgentProgress): void;
  }): Promise<{ status: 'completed' } | { status: 'failed'; error: ToolCallError }>;
}
