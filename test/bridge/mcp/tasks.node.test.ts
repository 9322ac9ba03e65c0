import { expect } from 'chai';
import { after, afterEach, before, describe, it } from 'node:test';
import * as z from 'zod';
import {
  createMCPHttpHost,
  MCP_TASKS_EXTENSION,
  type MCPHttpHost,
  type MCPHttpHostOptions,
} from '../../../src/bridge/mcp/node.js';
import { createStudioRuntime, type StudioRuntime } from '../../../src/composition/index.js';
import { defineTool } from '../../../src/runtime/index.js';
import { accepted, channelOf, form, text } from './conformance/input-fixtures.js';
import { waitFor } from '../../support/wait.js';
import { statelessCall, statelessRequest } from './stateless-request.js';

const WITH_TASKS = { extensions: { [MCP_TASKS_EXTENSION]: {} } };
let nextId = 1;

/** One raw request's JSON-RPC body; `capabilities` declare the tasks extension by default. */
async function rpc(
  url: string,
  method: string,
  params: Record<string, unknown>,
  options: { capabilities?: Record<string, unknown>; origin?: string } = {},
) {
  const name = (params.taskId ?? params.name) as string | undefined;
  const request = {
    id: nextId++,
    method,
    params,
    capabilities: options.capabilities ?? WITH_TASKS,
    ...(name === undefined ? {} : { name }),
    ...(options.origin ? { headers: { origin: options.origin } } : {}),
  };
  const res = await statelessRequest(url, request);
  const text = await res.text();
  // A call's answer may come as one SSE event.
  const json = text.startsWith('{') ? text : /^data: (.*)$/m.exec(text)?.[1];
  return JSON.parse(json ?? 'null') as {
    result?: Record<string, unknown>;
    error?: { code: number; message: string; data?: Record<string, unknown> };
  };
}

const getTask = async (url: string, taskId: string, origin?: string) =>
  rpc(url, 'tasks/get', { taskId }, origin ? { origin } : {});

/**
 * `test.gatedWrite`: not read-only, so an MCP call waits for approval; then it waits for
 * `release()` or its AbortSignal, and only after a release writes its file (through the
 * registry's `workspace.createFile`, as the approved call's own step).
 */
function gatedWrite(runtime: StudioRuntime) {
  const state = { started: 0, aborted: 0, release: () => {} };
  const tool = defineTool(
    {
      name: 'test.gatedWrite',
      description: 'Waits to be released, then creates a file.',
      inputSchema: z.object({ path: z.string() }),
      describeChange: ({ path }) => ({
        files: [{ path, before: '', after: 'written by a task', status: 'added' }],
      }),
    },
    async ({ path }, context) => {
      state.started++;
      const released = await new Promise<boolean>((resolve) => {
        state.release = () => resolve(true);
        context.signal.addEventListener('abort', () => {
          state.aborted++;
          resolve(false);
        });
      });
      if (!released) throw context.signal.reason;
      const expectedRevision = runtime.workspace.getSnapshot().revision;
      return runtime.registry.callTool(
        'workspace.createFile',
        { path, text: 'written by a task', expectedRevision },
        { signal: context.signal, context: { source: 'local', mode: 'direct' } },
      ) as never;
    },
  );
  return { tool, state };
}

/** `test.askName`: read-only; asks the client's user for a name and greets it. */
const askName = defineTool(
  {
    name: 'test.askName',
    description: 'Asks for a name.',
    inputSchema: z.object({}),
    annotations: { readOnlyHint: true },
  },
  async (_args, handler) => {
    const answer = await channelOf(handler).elicit(form('Your name?', 'name'), { key: 'name' });
    return text(`Hello, ${String(accepted(answer).name)}!`);
  },
);

const cards = (runtime: StudioRuntime) => runtime.approvals.store.getSnapshot();
const paths = (runtime: StudioRuntime) =>
  runtime.workspace.getSnapshot().files.map((file) => file.path);

describe('MCP host, 2026-07-28: the tasks extension', () => {
  let runtime: StudioRuntime;
  let gate: ReturnType<typeof gatedWrite>;
  const hosts: MCPHttpHost[] = [];
  const open = async (tasks: MCPHttpHostOptions['tasks'] = {}) => {
    const host = await createMCPHttpHost({
      registry: runtime.registry,
      tasks: { approvals: runtime.approvals.store, ...tasks },
    });
    hosts.push(host);
    return host.url;
  };
  before(async () => {
    runtime = createStudioRuntime({ workspaceRepository: null });
    runtime.approvals.connect();
    await runtime.ready;
    gate = gatedWrite(runtime);
    runtime.registry.register(gate.tool);
    runtime.registry.register(askName);
  });
  // A test that failed midway leaves no card behind for the next one to count.
  afterEach(() => runtime.approvals.denyAll());
  after(async () => {
    for (const host of hosts) await host.close();
    runtime.dispose();
  });

  it('a call that needs approval answers a task at once, waits in `working` for the approval, and completes with the tool result once approved through runtime.approvals', async () => {
    const url = await open();
    const revision = runtime.workspace.getSnapshot().revision;
    const created = await rpc(url, 'tools/call', {
      name: 'workspace.createFile',
      arguments: { path: 'task-made.html', text: '<p>task</p>', expectedRevision: revision },
    });
    const task = created.result!;
    expect(task).to.include({ resultType: 'task', status: 'working', ttlMs: 15 * 60_000 });
    expect(task).to.not.have.any.keys('result', 'error', 'inputRequests', 'content');
    const taskId = String(task.taskId);
    await waitFor(() => cards(runtime).length === 1, '1 approval cards');
    const waiting = (await getTask(url, taskId)).result!;
    expect(waiting).to.include({ resultType: 'complete', taskId, status: 'working' });
    expect(waiting.statusMessage).to.match(/approve/);
    expect(paths(runtime)).to.not.include('task-made.html');

    expect(runtime.approvals.resolve(cards(runtime)[0]!.id, 'approved')).to.equal(true);
    await waitFor(
      async () => (await getTask(url, taskId)).result?.status === 'completed',
      'status completed',
    );
    const done = (await getTask(url, taskId)).result!;
    expect(done.result).to.not.have.property('isError');
    expect(JSON.stringify(done.result)).to.contain('task-made.html');
    expect(paths(runtime)).to.include('task-made.html');
  });

  it('tasks/cancel mid-call aborts the tool’s AbortSignal; the task ends `cancelled` and the workspace is untouched', async () => {
    const url = await open();
    const run = async (path: string) => {
      const { result } = await rpc(url, 'tools/call', {
        name: 'test.gatedWrite',
        arguments: { path },
      });
      const started = gate.state.started;
      await waitFor(() => cards(runtime).length === 1, 'its approval card');
      runtime.approvals.resolve(cards(runtime)[0]!.id, 'approved');
      await waitFor(() => gate.state.started === started + 1, 'the tool to start');
      return String(result!.taskId);
    };
    // Released, the same tool writes its file: the write below is what cancelling prevents.
    const released = await run('released.html');
    gate.state.release();
    await waitFor(
      async () => (await getTask(url, released)).result?.status === 'completed',
      'done',
    );
    expect(paths(runtime)).to.include('released.html');

    const before = JSON.stringify(runtime.workspace.getSnapshot().files);
    const aborted = gate.state.aborted;
    const taskId = await run('never.html');
    expect((await getTask(url, taskId)).result).to.include({
      status: 'working',
      statusMessage: 'The call is running.',
    });

    const ack = await rpc(url, 'tasks/cancel', { taskId });
    expect(ack.result).to.include({ resultType: 'complete' });
    expect(ack.result).to.not.have.any.keys('taskId', 'status');
    await waitFor(
      async () => (await getTask(url, taskId)).result?.status === 'cancelled',
      'status cancelled',
    );
    expect(gate.state.aborted).to.equal(aborted + 1);
    expect(JSON.stringify(runtime.workspace.getSnapshot().files)).to.equal(before);
    // Cancelling a finished task is acknowledged the same way and changes nothing.
    expect((await rpc(url, 'tasks/cancel', { taskId })).result).to.include({
      resultType: 'complete',
    });
    expect((await getTask(url, taskId)).result?.status).to.equal('cancelled');
  });

  it('an unknown task id, or another origin’s task, is -32602; a request without the extension is -32021 and its call runs in the request', async () => {
    const url = await open();
    const unknown = await getTask(url, 'no-such-task');
    expect(unknown.error).to.include({ code: -32602 });

    const { result } = await rpc(
      url,
      'tools/call',
      { name: 'test.gatedWrite', arguments: { path: 'foreign.html' } },
      { origin: 'http://localhost:5173' },
    );
    const taskId = String(result!.taskId);
    expect((await getTask(url, taskId, 'http://localhost:5173')).result?.taskId).to.equal(taskId);
    for (const other of [undefined, 'http://127.0.0.1:5173']) {
      const foreign = await getTask(url, taskId, other);
      expect(foreign.error, String(other)).to.deep.equal(unknown.error);
      const cancel = await rpc(url, 'tasks/cancel', { taskId }, other ? { origin: other } : {});
      expect(cancel.error).to.include({ code: -32602 });
    }
    expect((await getTask(url, taskId, 'http://localhost:5173')).result?.status).to.equal(
      'working',
    );

    const undeclared = await rpc(url, 'tasks/get', { taskId }, { capabilities: {} });
    expect(undeclared.error).to.include({ code: -32021 });
    expect(undeclared.error?.data).to.deep.equal({
      requiredCapabilities: { extensions: { [MCP_TASKS_EXTENSION]: {} } },
    });
    // Without the extension the same call is no task: it waits for its approval in the request.
    const call = statelessCall(url, {
      id: 99,
      name: 'test.gatedWrite',
      arguments: { path: 'plain.html' },
    });
    await waitFor(() => cards(runtime).length === 2, '2 approval cards');
    for (const card of cards(runtime)) runtime.approvals.resolve(card.id, 'denied');
    const plain = JSON.stringify(await (await call).text());
    expect(plain).to.not.contain('taskId');
    expect(plain).to.contain('isError');
  });

  it('a tool asking the client waits in `input_required` until tasks/update answers its key; cancelled there, it ends `cancelled`', async () => {
    const url = await open({ support: () => 'optional' });
    const elicits = { ...WITH_TASKS, elicitation: {} };
    const start = async () => {
      const { result } = await rpc(
        url,
        'tools/call',
        { name: 'test.askName' },
        { capabilities: elicits },
      );
      const taskId = String(result!.taskId);
      await waitFor(
        async () => (await getTask(url, taskId)).result?.status === 'input_required',
        'status input_required',
      );
      return taskId;
    };
    const taskId = await start();
    const waiting = (await getTask(url, taskId)).result!;
    expect(waiting.inputRequests).to.deep.equal({
      name: { method: 'elicitation/create', params: form('Your name?', 'name') },
    });
    // A key nobody asked changes nothing; the asked one resumes the call.
    await rpc(url, 'tasks/update', { taskId, inputResponses: { other: { action: 'accept' } } });
    expect((await getTask(url, taskId)).result?.status).to.equal('input_required');
    const ack = await rpc(url, 'tasks/update', {
      taskId,
      inputResponses: { name: { action: 'accept', content: { name: 'Ada' } } },
    });
    expect(ack.result).to.include({ resultType: 'complete' });
    await waitFor(
      async () => (await getTask(url, taskId)).result?.status === 'completed',
      'status completed',
    );
    expect(JSON.stringify((await getTask(url, taskId)).result?.result)).to.contain('Hello, Ada!');

    const abandoned = await start();
    await rpc(url, 'tasks/cancel', { taskId: abandoned });
    await waitFor(
      async () => (await getTask(url, abandoned)).result?.status === 'cancelled',
      'status cancelled',
    );
    expect((await getTask(url, abandoned)).result).to.not.have.property('inputRequests');
  });

  it('past maxTasks a call is refused with -32000 { limit: maxTasks } and starts nothing', async () => {
    const url = await open({ maxTasks: 2 });
    const call = (path: string) =>
      rpc(url, 'tools/call', { name: 'test.gatedWrite', arguments: { path } });
    const held = [await call('one.html'), await call('two.html')];
    expect(held.map(({ result }) => result?.status)).to.deep.equal(['working', 'working']);
    await waitFor(() => cards(runtime).length === 2, '2 approval cards');
    const refused = await call('three.html');
    expect(refused.error).to.deep.include({ code: -32000, data: { limit: 'maxTasks', max: 2 } });
    expect(cards(runtime).length).to.equal(2);
    for (const { result } of held) await rpc(url, 'tasks/cancel', { taskId: result!.taskId });
    await waitFor(() => cards(runtime).length === 0, '0 approval cards');
  });

  it('a task is dropped ttlMs after creation: its call is aborted and its id answers -32602', async () => {
    const url = await open({ ttlMs: 300 });
    const { result } = await rpc(url, 'tools/call', {
      name: 'test.gatedWrite',
      arguments: { path: 'expired.html' },
    });
    expect(result).to.include({ ttlMs: 300 });
    const taskId = String(result!.taskId);
    await waitFor(() => cards(runtime).length === 1, '1 approval cards');
    expect((await getTask(url, taskId)).result?.status).to.equal('working');
    // The expiry withdraws the call's approval card with the call.
    await waitFor(() => cards(runtime).length === 0, '0 approval cards');
    expect((await getTask(url, taskId)).error).to.include({ code: -32602 });
    expect(paths(runtime)).to.not.include('expired.html');
  });
});
