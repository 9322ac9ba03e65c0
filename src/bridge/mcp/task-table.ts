/**
 * The host's live tasks (tasks extension, 2026-07-28): each is one registry call run apart from
 * the request that created it, known by a random id. The table holds what the wire shows of it
 * (status, timestamps, its result or error, the asks it waits on) and the call's AbortController;
 * the call itself runs in the registry, with its approval, policy and cancellation. Bounded: at
 * most `maxTasks` at once, each dropped `ttlMs` after it was created.
 */
import { randomId } from '../../runtime/protocol/index.js';
import type { InputRequest } from './input-replay.js';
import type { JSONRPCErrorObject } from './jsonrpc.js';
import type { TaskInput } from './task-input.js';

/** The extension's id, in capabilities and per-request client capabilities. */
export const MCP_TASKS_EXTENSION = 'io.modelcontextprotocol/tasks';

/**
 * Default 64 tasks held at once per host. Every task may hold an approval card and its result
 * until it expires; 64 is four times the calls a host lets wait for approval on held connections
 * (`maxWaitingApprovals`), more than a person works through, and bounds the results kept.
 */
export const DEFAULT_MCP_MAX_TASKS = 64;

/**
 * Default 15 minutes from creation: an approval may take its whole 5-minute window
 * (`approvalTimeoutMs`), the call then runs, and its client still has ten minutes to read the
 * result after a dropped connection or a restart.
 */
export const DEFAULT_MCP_TASK_TTL_MS = 15 * 60_000;

/** How often a client should poll `tasks/get`: a person's approval takes seconds, not ms. */
export const MCP_TASK_POLL_INTERVAL_MS = 1000;

/** The extension's task states, as the wire names them. */
export type MCPTaskStatus = 'working' | 'input_required' | 'completed' | 'failed' | 'cancelled';

/** How a task's call ended: the tool's result (tool errors included), a protocol error, or none. */
export type TaskEnd =
  { result: Record<string, unknown> } | { error: JSONRPCErrorObject } | { cancelled: true };

/** One live task, as the code that runs its call sees it. */
export interface TaskHandle {
  readonly taskId: string;
  /** The registry call id of its call (`mcp-task-<taskId>`), to find its approval card. */
  readonly toolCallId: string;
  /** Aborted by `tasks/cancel`, expiry or the host closing: the call's AbortSignal. */
  readonly controller: AbortController;
  /** Set once: the first end wins (a protocol error, then the aborted run's undefined reply). */
  end(end: TaskEnd): void;
  /** The task's own asks; set by its runner before the call starts. */
  input?: TaskInput;
  /** The asks changed: the task moves between `working` and `input_required`. */
  touch(): void;
  /** The task's fields without result, error or asks: a `CreateTaskResult`'s. */
  summary(): Task;
}

/** A task as the wire shows it. */
export interface Task {
  taskId: string;
  status: MCPTaskStatus;
  statusMessage?: string;
  createdAt: string;
  lastUpdatedAt: string;
  ttlMs: number;
  pollIntervalMs: number;
}

/** What `tasks/get` answers: the task and, by status, its result, error or waiting asks. */
export interface DetailedTask extends Task {
  result?: Record<string, unknown>;
  error?: JSONRPCErrorObject;
  inputRequests?: Record<string, InputRequest>;
}

interface LiveTask {
  handle: TaskHandle;
  owner: string;
  createdAt: number;
  updatedAt: number;
  ended?: TaskEnd;
  timer: ReturnType<typeof setTimeout>;
}

export interface TaskTable {
  /** A new task owned by `owner`, or undefined when `maxTasks` are held. */
  create(owner: string): TaskHandle | undefined;
  /** The task as `tasks/get` shows it; undefined when unknown, expired or another owner's. */
  get(taskId: string, owner: string): DetailedTask | undefined;
  /** Passes answers to a task's waiting asks; false when unknown, expired or foreign. */
  update(taskId: string, owner: string, responses: Readonly<Record<string, unknown>>): boolean;
  /** Aborts a task's call; false when unknown, expired or foreign. A finished task stays as is. */
  cancel(taskId: string, owner: string): boolean;
  /** Aborts every task and forgets them all. */
  close(): void;
}

export interface TaskTableOptions {
  maxTasks: number;
  ttlMs: number;
  /** Whether the call `toolCallId` waits for a person's approval, for the status message. */
  awaitsApproval(toolCallId: string): boolean;
}

const iso = (ms: number) => new Date(ms).toISOString();

/** Creates an empty task table. */
export function createTaskTable(options: TaskTableOptions): TaskTable {
  const tasks = new Map<string, LiveTask>();

  const find = (taskId: string, owner: string) => {
    const task = tasks.get(taskId);
    // Another owner's task answers as an unknown one: its existence is not told.
    return task?.owner === owner ? task : undefined;
  };

  function detail(task: LiveTask): DetailedTask {
    const { handle, ended } = task;
    const base = {
      taskId: handle.taskId,
      createdAt: iso(task.createdAt),
      lastUpdatedAt: iso(task.updatedAt),
      ttlMs: options.ttlMs,
      pollIntervalMs: MCP_TASK_POLL_INTERVAL_MS,
    };
    if (ended && 'result' in ended) return { ...base, status: 'completed', result: ended.result };
    if (ended && 'error' in ended) {
      return { ...base, status: 'failed', statusMessage: ended.error.message, error: ended.error };
    }
    if (ended) return { ...base, status: 'cancelled', statusMessage: 'The call was cancelled.' };
    const asks = handle.input?.pending() ?? {};
    if (Object.keys(asks).length > 0) {
      return {
        ...base,
        status: 'input_required',
        statusMessage: 'The tool waits for the client to answer inputRequests (tasks/update).',
        inputRequests: asks,
      };
    }
    return {
      ...base,
      status: 'working',
      statusMessage: options.awaitsApproval(handle.toolCallId)
        ? 'The call waits for a person to approve it.'
        : 'The call is running.',
    };
  }

  return {
    create(owner) {
      if (tasks.size >= options.maxTasks) return undefined;
      const taskId = randomId();
      const now = Date.now();
      const controller = new AbortController();
      const timer = setTimeout(() => {
        tasks.delete(taskId);
        controller.abort();
      }, options.ttlMs);
      // An expiry alone never keeps the process alive.
      (timer as { unref?: () => void }).unref?.();
      const task: LiveTask = {
        owner,
        createdAt: now,
        updatedAt: now,
        timer,
        handle: {
          taskId,
          toolCallId: `mcp-task-${taskId}`,
          controller,
          end(end) {
            if (task.ended) return;
            task.ended = end;
            task.updatedAt = Date.now();
            // A protocol error ends the call too: nothing it does after counts.
            if ('error' in end) controller.abort();
          },
          touch() {
            if (!task.ended) task.updatedAt = Date.now();
          },
          summary() {
            const {
              inputRequests: _asks,
              result: _result,
              error: _error,
              ...summary
            } = detail(task);
            return summary;
          },
        },
      };
      tasks.set(taskId, task);
      return task.handle;
    },
    get(taskId, owner) {
      const task = find(taskId, owner);
      return task && detail(task);
    },
    update(taskId, owner, responses) {
      const task = find(taskId, owner);
      if (!task) return false;
      if (!task.ended) task.handle.input?.answer(responses);
      return true;
    },
    cancel(taskId, owner) {
      const task = find(taskId, owner);
      if (!task) return false;
      if (!task.ended) task.handle.controller.abort();
      return true;
    },
    close() {
      for (const task of tasks.values()) {
        clearTimeout(task.timer);
        task.handle.controller.abort();
      }
      tasks.clear();
    },
  };
}
