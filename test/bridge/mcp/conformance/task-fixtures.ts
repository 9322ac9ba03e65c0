/**
 * The conformance suite's tasks-extension fixtures (2026-07-28): the tools its `tasks-*`
 * scenarios call by name, and which of them run as tasks (`taskSupport`). All are read-only, so
 * no approval card waits for a person who is not there; the host's own tests cover that.
 */
import * as z from 'zod';
import type { MCPTaskCall, MCPTaskSupport } from '../../../../src/bridge/mcp/node.js';
import { defineTool, TOOL_CALL_ERROR_CODES, toolError } from '../../../../src/runtime/index.js';
import { accepted, channelOf, form, text } from './input-fixtures.js';

/** Resolves after `ms`, or rejects with the signal's reason once it aborts. */
const sleep = (ms: number, signal: AbortSignal) =>
  new Promise<void>((resolve, reject) => {
    const timer = setTimeout(resolve, ms);
    signal.addEventListener('abort', () => (clearTimeout(timer), reject(signal.reason)), {
      once: true,
    });
  });

const fixture = <In extends z.ZodType>(
  name: string,
  inputSchema: In,
  run: Parameters<typeof defineTool<In>>[1],
) =>
  defineTool(
    {
      name,
      description: `Conformance fixture ${name}.`,
      inputSchema,
      annotations: { readOnlyHint: true },
    },
    run,
  );

export const taskTools = [
  fixture('greet', z.object({ name: z.string() }), ({ name }) => text(`Hello, ${name}!`)),
  fixture(
    'slow_compute',
    z.object({ seconds: z.number().min(0).max(120), label: z.string().optional() }),
    async ({ seconds, label }, handler) => {
      await sleep(seconds * 1000, handler.signal);
      return text(`Computed ${label ?? 'result'} after ${seconds} s.`);
    },
  ),
  fixture('failing_job', z.object({}), async (_args, handler) => {
    await sleep(1000, handler.signal);
    return {
      ok: false,
      error: toolError(TOOL_CALL_ERROR_CODES.TOOL_EXECUTION_FAILED, 'The job failed.'),
    };
  }),
  // Asks for the client's roots, which no scenario declares: the task fails with -32021.
  fixture('protocol_error_job', z.object({}), async (_args, handler) => {
    const roots = await channelOf(handler).listRoots({ key: 'roots' });
    return text(`Roots: ${JSON.stringify(roots)}`);
  }),
  fixture('confirm_delete', z.object({ filename: z.string() }), async ({ filename }, handler) => {
    const { confirm } = accepted(
      await channelOf(handler).elicit(form(`Delete ${filename}?`, 'confirm', 'boolean'), {
        key: 'confirm',
      }),
    );
    return text(confirm === true ? `Deleted ${filename}.` : `Kept ${filename}.`);
  }),
  fixture('multi_input', z.object({}), async (_args, handler) => {
    const channel = channelOf(handler);
    // Asked together, so both wait at once.
    const [name, confirm] = await Promise.all([
      channel.elicit(form('What is your name?', 'name'), { key: 'name' }),
      channel.elicit(form('Please confirm', 'confirm', 'boolean'), { key: 'confirm' }),
    ]);
    return text(`${String(accepted(name).name)} confirmed ${String(accepted(confirm).confirm)}.`);
  }),
  fixture('test_tool_with_task', z.object({}), async (_args, handler) => {
    const { name } = accepted(
      await channelOf(handler).elicit(form('What is your name?', 'name'), { key: 'user_name' }),
    );
    return text(`Hello, ${String(name)}!`);
  }),
];

const SUPPORT: Readonly<Record<string, MCPTaskSupport>> = {
  slow_compute: 'optional',
  failing_job: 'required',
  protocol_error_job: 'optional',
  confirm_delete: 'optional',
  multi_input: 'optional',
};

/**
 * Which calls run as tasks: the scenarios' task-supporting tools; `test_tool_with_task` once its
 * name was gathered by multi round-trip (its first round answers in the request).
 */
export function taskSupport({ tool, answeredKeys }: MCPTaskCall): MCPTaskSupport {
  if (tool.name === 'test_tool_with_task') {
    return answeredKeys.includes('user_name') ? 'required' : 'forbidden';
  }
  return SUPPORT[tool.name] ?? 'forbidden';
}
