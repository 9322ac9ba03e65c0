/** Small tools and JSON-RPC helpers shared by the MCP session tests. */
import { expect } from 'chai';
import * as z from 'zod';
import {
  createMCPSession,
  type MCPSession,
  type MCPSessionReply,
} from '../../../src/bridge/mcp/index.js';
import {
  createToolRegistry,
  defineTool,
  type ToolCallContext,
  type ToolRegistry,
} from '../../../src/runtime/index.js';

export function createContextProbe() {
  const seen: ToolCallContext[] = [];
  const tool = defineTool(
    {
      name: 'probe.context',
      description: 'Records the call context.',
      inputSchema: z.object({}),
      annotations: { readOnlyHint: true },
    },
    (_args, handler) => {
      seen.push(handler.context);
      return { content: [{ type: 'text', text: 'seen' }] };
    },
  );
  return { tool, seen };
}

/**
 * A read-only tool (so no approval is asked) that waits for its signal to abort: `running` once
 * it started, `stopped` once its signal aborted.
 */
export function createSlowReader() {
  const state = { sawAbort: 0 };
  let started!: () => void;
  const running = new Promise<void>((resolve) => (started = resolve));
  let aborted!: () => void;
  const stopped = new Promise<void>((resolve) => (aborted = resolve));
  const tool = defineTool(
    {
      name: 'slow.wait',
      description: 'Waits until aborted.',
      inputSchema: z.object({}),
      annotations: { readOnlyHint: true },
    },
    async (_args, handler) => {
      started();
      await new Promise<void>((resolve) =>
        handler.signal.addEventListener('abort', () => resolve(), { once: true }),
      );
      state.sawAbort++;
      aborted();
      return { content: [{ type: 'text', text: 'stopped' }] };
    },
  );
  return { tool, state, running, stopped };
}

export function registryWith(...tools: Parameters<ToolRegistry['register']>[0][]) {
  const registry = createToolRegistry();
  for (const tool of tools) registry.register(tool);
  return registry;
}

let nextId = 1;
export const request = (method: string, params?: Record<string, unknown>) => ({
  jsonrpc: '2.0',
  id: nextId++,
  method,
  ...(params === undefined ? {} : { params }),
});

export async function initialized(registry: ToolRegistry, protocolVersion = '2025-06-18') {
  const session = createMCPSession({ registry });
  const reply = await session.handle(
    request('initialize', {
      protocolVersion,
      capabilities: {},
      clientInfo: { name: 't', version: '1' },
    }),
  );
  expect(reply).to.have.property('result');
  await session.handle({ jsonrpc: '2.0', method: 'notifications/initialized' });
  return session;
}

export const resultOf = (reply: MCPSessionReply) => {
  expect(reply, JSON.stringify(reply)).to.have.property('result');
  return (reply as { result: Record<string, unknown> }).result;
};
export const errorOf = (reply: MCPSessionReply) => {
  expect(reply, JSON.stringify(reply)).to.have.property('error');
  return (reply as { error: { code: number; message: string; data?: unknown } }).error;
};
export const call = (session: MCPSession, name: string, args?: unknown) =>
  session.handle(
    request('tools/call', { name, ...(args === undefined ? {} : { arguments: args }) }),
  );
