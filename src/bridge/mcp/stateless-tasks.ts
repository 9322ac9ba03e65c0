/**
 * The tasks extension (`io.modelcontextprotocol/tasks`, SEP-2663) on the 2026-07-28 server: a
 * `tools/call` from a request that declares the extension may answer a `CreateTaskResult` at once
 * and run on, apart from its request, as a task (`task-table.ts`); `tasks/get`, `tasks/update`
 * and `tasks/cancel` reach it by id alone. The call is an ordinary registry call (policy,
 * approval, the tool's AbortSignal) with the call id `mcp-task-<taskId>`; its result is what the
 * request would have answered. Who may reach a task: whoever names its id from the same browser
 * origin (or none) as the request that created it, past the host's token; any other request gets
 * -32602, as for an unknown id.
 */
// Node-only module: the package build type-checks without Node's types elsewhere.
/// <reference types="node" />
import {
  CLIENT_CAPABILITIES_META_KEY,
  MissingRequiredClientCapabilityError,
  ProtocolError,
  ProtocolErrorCode,
  type Server,
  type ServerContext,
} from '@modelcontextprotocol/server';
import * as z from 'zod/mini';
import type { ToolApprovalStore } from '../../runtime/approval/index.js';
import { isPlainObject, type MCPToolDefinition } from '../../runtime/protocol/index.js';
import type { ToolRegistry } from '../../runtime/registry/index.js';
import type { InputAsker } from './input-replay.js';
import { JSONRPC_ERROR_CODES as RPC, type JSONRPCResponse } from './jsonrpc.js';
import {
  createTaskTable,
  DEFAULT_MCP_MAX_TASKS,
  DEFAULT_MCP_TASK_TTL_MS,
  MCP_TASKS_EXTENSION,
  type TaskHandle,
} from './task-table.js';
import { createTaskInput } from './task-input.js';

/**
 * Whether a call may run as a task: never (`forbidden`), when its request declares the extension
 * (`optional`), or only then, refusing any other request with -32021 (`required`).
 */
export type MCPTaskSupport = 'forbidden' | 'optional' | 'required';

/** What a task-support decision sees of one `tools/call`. */
export interface MCPTaskCall {
  tool: MCPToolDefinition;
  /** The keys the request's earlier multi round-trip rounds answered. */
  answeredKeys: readonly string[];
}

/** The tasks extension's settings on an HTTP host. */
export interface MCPTaskOptions {
  /**
   * Which calls run as tasks. Default: a tool that is not read-only (its call may wait for a
   * person's approval) is `optional`, a read-only one `forbidden`.
   */
  support?: (call: MCPTaskCall) => MCPTaskSupport;
  /** Tasks held at once (`DEFAULT_MCP_MAX_TASKS`); past it a call gets -32000 `maxTasks`. */
  maxTasks?: number;
  /** Milliseconds from creation until a task is dropped (`DEFAULT_MCP_TASK_TTL_MS`). */
  ttlMs?: number;
  /** Pending approval cards (a studio runtime's `approvals.store`), for a task's status message. */
  approvals?: ToolApprovalStore;
}

/** Runs one message on a fresh one-request session that declared `capabilities`. */
export type RunAlone = (
  capabilities: Readonly<Record<string, unknown>>,
  message: { jsonrpc: '2.0'; id: number; method: string; params: Record<string, unknown> },
  handle: { signal: AbortSignal; input: InputAsker; toolCallId: string },
) => { reply: Promise<JSONRPCResponse | JSONRPCResponse[] | undefined>; close(): void };

const defaultSupport = ({ tool }: MCPTaskCall): MCPTaskSupport =>
  tool.annotations?.readOnlyHint === true ? 'forbidden' : 'optional';

/** The client capabilities a request declared in its `_meta`. */
export function declaredCapabilities(ctx: ServerContext): Record<string, unknown> {
  const envelope: Record<string, unknown> = { ...ctx.mcpReq.envelope };
  const declared = envelope[CLIENT_CAPABILITIES_META_KEY];
  return isPlainObject(declared) ? declared : {};
}

const declaresTasks = (ctx: ServerContext) => {
  const { extensions } = declaredCapabilities(ctx);
  return isPlainObject(extensions) && isPlainObject(extensions[MCP_TASKS_EXTENSION]);
};

const missingTasks = () =>
  new MissingRequiredClientCapabilityError({
    requiredCapabilities: { extensions: { [MCP_TASKS_EXTENSION]: {} } },
  } as ConstructorParameters<typeof MissingRequiredClientCapabilityError>[0]);

const notFound = () =>
  new ProtocolError(ProtocolErrorCode.InvalidParams, 'Failed to retrieve task: Task not found');

const TASK_PARAMS = z.object({ taskId: z.string() });

/** The host's tasks: the `tools/call` branch and the `tasks/*` methods of each request's server. */
export interface StatelessTasks {
  /** A `CreateTaskResult` when this call runs as a task; undefined to answer it in the request. */
  start(
    params: Record<string, unknown>,
    answered: Readonly<Record<string, unknown>>,
    ctx: ServerContext,
    owner: string,
  ): Record<string, unknown> | undefined;
  /** Adds `tasks/get`, `tasks/update` and `tasks/cancel` for a request from `owner`. */
  serve(server: Server, owner: string): void;
  close(): void;
}

export function createStatelessTasks(
  registry: ToolRegistry,
  options: MCPTaskOptions,
  runAlone: RunAlone,
): StatelessTasks {
  const support = options.support ?? defaultSupport;
  const table = createTaskTable({
    maxTasks: options.maxTasks ?? DEFAULT_MCP_MAX_TASKS,
    ttlMs: options.ttlMs ?? DEFAULT_MCP_TASK_TTL_MS,
    awaitsApproval: (toolCallId) =>
      options.approvals?.getSnapshot().some((card) => card.toolCallId === toolCallId) ?? false,
  });

  /** Runs the call on its own session; the task ends with its reply, or cancelled. */
  function run(
    task: TaskHandle,
    input: InputAsker,
    capabilities: Record<string, unknown>,
    params: Record<string, unknown>,
  ) {
    const { reply, close } = runAlone(
      capabilities,
      { jsonrpc: '2.0', id: 0, method: 'tools/call', params },
      { signal: task.controller.signal, input, toolCallId: task.toolCallId },
    );
    void reply
      .then((response) => {
        if (response === undefined || Array.isArray(response)) task.end({ cancelled: true });
        else if ('error' in response) task.end({ error: response.error });
        else task.end({ result: response.result });
      })
      .finally(close);
  }

  return {
    start(params, answered, ctx, owner) {
      const tool =
        typeof params.name === 'string' ? registry.getToolDefinition(params.name) : undefined;
      if (!tool) return undefined;
      const decided = support({ tool, answeredKeys: Object.keys(answered) });
      if (decided === 'forbidden') return undefined;
      if (!declaresTasks(ctx)) {
        if (decided === 'required') throw missingTasks();
        return undefined;
      }
      const task = table.create(owner);
      if (!task) {
        const max = options.maxTasks ?? DEFAULT_MCP_MAX_TASKS;
        throw new ProtocolError(RPC.LIMIT_EXCEEDED, `At most ${max} tasks are held at once.`, {
          limit: 'maxTasks',
          max,
        });
      }
      const capabilities = declaredCapabilities(ctx);
      const input = createTaskInput(answered, capabilities, {
        changed: task.touch,
        refused: (capability) =>
          task.end({
            error: {
              code: ProtocolErrorCode.MissingRequiredClientCapability,
              message: `Missing required client capability: ${capability}`,
              data: { requiredCapabilities: { [capability]: {} } },
            },
          }),
      });
      task.input = input;
      run(task, input, capabilities, params);
      // The task is in the table before this answer leaves: a tasks/get right after finds it.
      return { ...task.summary(), resultType: 'task' };
    },

    serve(server, owner) {
      const gated =
        <T>(answer: (taskId: string, ctx: ServerContext) => T) =>
        ({ taskId }: { taskId: string }, ctx: ServerContext) => {
          if (!declaresTasks(ctx)) throw missingTasks();
          return answer(taskId, ctx);
        };
      server.setRequestHandler(
        'tasks/get',
        { params: TASK_PARAMS },
        gated((taskId) => {
          const task = table.get(taskId, owner);
          if (!task) throw notFound();
          return { ...task, resultType: 'complete' };
        }),
      );
      server.setRequestHandler(
        'tasks/update',
        { params: z.object({ taskId: z.string(), inputResponses: z.optional(z.unknown()) }) },
        gated((taskId, ctx) => {
          // The SDK lifts a request's `inputResponses` out of its params (multi round-trip).
          const responses = ctx.mcpReq.inputResponses ?? {};
          if (!table.update(taskId, owner, responses)) throw notFound();
          return { resultType: 'complete' };
        }),
      );
      server.setRequestHandler(
        'tasks/cancel',
        { params: TASK_PARAMS },
        gated((taskId) => {
          if (!table.cancel(taskId, owner)) throw notFound();
          return { resultType: 'complete' };
        }),
      );
    },

    close: table.close,
  };
}
