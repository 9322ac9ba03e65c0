import { expect } from 'chai';
import { after, before, describe, it } from 'node:test';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import {
  CallToolResultSchema,
  ElicitRequestSchema,
  ResourceUpdatedNotificationSchema,
  ToolListChangedNotificationSchema,
} from '@modelcontextprotocol/sdk/types.js';
import * as z from 'zod';
import {
  createMCPHttpHost,
  createRecipePrompts,
  createWorkspaceResources,
  type MCPHttpHost,
} from '../../../src/bridge/mcp/node.js';
import { defineTool, callAsPerson } from '../../../src/runtime/index.js';
import { createStudioRuntime, type StudioRuntime } from '../../../src/composition/index.js';
import { createWriteFile } from '../../runtime/registry/fixtures.js';
import { events } from './hostile-load.js';

async function connect(url: string) {
  const client = new Client({ name: 'streams-test', version: '0.0.0' });
  const transport = new StreamableHTTPClientTransport(new URL(url));
  await client.connect(transport);
  return { client, transport };
}

/** Resolves once `count` notifications matched. */
function counter() {
  let count = 0;
  const waiters: { at: number; resolve: () => void }[] = [];
  return {
    tick() {
      count++;
      for (const waiter of waiters.filter((entry) => entry.at <= count)) waiter.resolve();
    },
    reached: (at: number) =>
      new Promise<void>((resolve) => (count >= at ? resolve() : waiters.push({ at, resolve }))),
    get count() {
      return count;
    },
  };
}

describe('MCP host streams (SSE, GET, Last-Event-ID)', () => {
  let runtime: StudioRuntime;
  let host: MCPHttpHost;
  const write = createWriteFile('probe.write');
  let release!: () => void;
  const gate = defineTool(
    {
      name: 'probe.gate',
      description: 'Waits for the test to release it.',
      inputSchema: z.object({}),
      annotations: { readOnlyHint: true },
    },
    async () => {
      await new Promise<void>((resolve) => (release = resolve));
      return { content: [{ type: 'text', text: 'released' }] };
    },
  );

  before(async () => {
    runtime = createStudioRuntime({ workspaceRepository: null });
    // This test answers approvals in code, so it connects as the approval surface.
    runtime.approvals.connect();
    await runtime.ready;
    runtime.registry.register(write.tool);
    runtime.registry.register(gate);
    host = await createMCPHttpHost({
      registry: runtime.registry,
      resources: [createWorkspaceResources(runtime.workspace)],
      prompts: [createRecipePrompts(runtime.workspace)],
      limits: { progressIntervalMs: 100 },
    });
  });
  after(async () => {
    await host.close();
    runtime.dispose();
  });

  it('a call waiting for approval sends progress, so a client with resetTimeoutOnProgress outlives its timeout', async () => {
    const { client } = await connect(host.url);
    const progress = counter();
    const call = client.callTool(
      { name: 'probe.write', arguments: { path: 'a.txt', source: 'A' } },
      CallToolResultSchema,
      { timeout: 2500, resetTimeoutOnProgress: true, onprogress: () => progress.tick() },
    );
    // Fifty heartbeats 100 ms apart span twice the client's 2.5 s timeout.
    await progress.reached(50);
    const [card] = runtime.approvals.store.getSnapshot();
    expect(card?.toolName).to.equal('probe.write');
    expect(card?.source).to.equal('mcp');
    runtime.approvals.resolve(card!.id, 'approved');
    const result = await call;
    expect(result.isError).to.not.equal(true);
    expect(write.runs).to.have.length(1);
    await client.close();
  });

  it('without resetTimeoutOnProgress the same wait times out on the client', async () => {
    const { client } = await connect(host.url);
    const progress = counter();
    const call = client.callTool(
      { name: 'probe.write', arguments: { path: 'b.txt', source: 'B' } },
      CallToolResultSchema,
      { timeout: 2500, onprogress: () => progress.tick() },
    );
    let error: unknown;
    await call.catch((caught) => (error = caught));
    expect(String(error)).to.match(/timed out/i);
    runtime.approvals.denyAll();
    await client.close();
  });

  it('no MCP client approves its own call: a host given elicitApprovals never asks the requesting client', async () => {
    // The option is gone; a host configured for it still leaves the card to the person.
    const options = { registry: runtime.registry, elicitApprovals: runtime.approvals };
    const asking = await createMCPHttpHost(options);
    try {
      const client = new Client(
        { name: 'elicits', version: '0.0.0' },
        { capabilities: { elicitation: {} } },
      );
      const asked: string[] = [];
      client.setRequestHandler(ElicitRequestSchema, (request) => {
        asked.push(String(request.params.message));
        return { action: 'accept', content: { approve: true } };
      });
      await client.connect(new StreamableHTTPClientTransport(new URL(asking.url)));
      const before = write.runs.length;
      const call = client.callTool({
        name: 'probe.write',
        arguments: { path: 'e.txt', source: 'E' },
      });
      while (runtime.approvals.store.getSnapshot().length === 0) await client.ping();
      // Give a self-approval every chance to arrive before the person decides.
      for (let round = 0; round < 20; round++) await client.ping();
      expect(asked).to.deep.equal([]);
      expect(write.runs.length).to.equal(before);
      const [card] = runtime.approvals.store.getSnapshot();
      runtime.approvals.resolve(card!.id, 'denied');
      expect((await call).isError).to.equal(true);
      expect(write.runs.length).to.equal(before);
      await client.close();
    } finally {
      await asking.close();
    }
  });

  it('a card nobody decides ends its call with TOOL_APPROVAL_TIMEOUT and the card goes', async () => {
    const waiting = await createMCPHttpHost({
      registry: runtime.registry,
      limits: { approvalTimeoutMs: 300 },
    });
    try {
      const { client } = await connect(waiting.url);
      const before = write.runs.length;
      const result = await client.callTool({
        name: 'probe.write',
        arguments: { path: 'g.txt', source: 'G' },
      });
      expect(result.isError).to.equal(true);
      expect(result._meta?.['context-action/error']).to.deep.include({
        code: 'TOOL_APPROVAL_TIMEOUT',
      });
      expect(runtime.approvals.store.getSnapshot()).to.deep.equal([]);
      expect(write.runs.length).to.equal(before);
      await client.close();
    } finally {
      await waiting.close();
    }
  });

  it('the GET stream carries tools/list_changed when the registry changes', async () => {
    const { client } = await connect(host.url);
    const changed = counter();
    client.setNotificationHandler(ToolListChangedNotificationSchema, () => changed.tick());
    // The client opens its GET stream after initialize; a ping round-trip lets it settle.
    await client.ping();
    let remove: (() => void) | undefined;
    for (let attempt = 0; changed.count === 0 && attempt < 50; attempt++) {
      remove?.();
      remove = runtime.registry.register(
        defineTool({ name: 'probe.added', description: 'x', inputSchema: z.object({}) }, () => ({
          content: [],
        })),
      );
      await Promise.race([changed.reached(1), client.ping()]);
    }
    await changed.reached(1);
    remove?.();
    expect((await client.listTools()).tools.map((tool) => tool.name)).to.not.include('probe.added');
    await client.close();
  });

  it('a dropped POST stream resumes by Last-Event-ID and still gets the response', async () => {
    const { client, transport } = await connect(host.url);
    const headers = {
      'content-type': 'application/json',
      accept: 'application/json, text/event-stream',
      'mcp-session-id': transport.sessionId!,
    };
    const abort = new AbortController();
    const response = await fetch(host.url, {
      method: 'POST',
      headers,
      signal: abort.signal,
      body: JSON.stringify({
        jsonrpc: '2.0',
        id: 77,
        method: 'tools/call',
        params: { name: 'probe.gate', arguments: {} },
      }),
    });
    expect(response.headers.get('content-type')).to.match(/^text\/event-stream/);
    const first = (await events(response).next()).value!;
    expect(first.data).to.equal('');
    expect(first.retry).to.equal('1000');
    abort.abort();
    release();
    const resumed = await fetch(host.url, {
      headers: { ...headers, accept: 'text/event-stream', 'last-event-id': first.id! },
    });
    expect(resumed.status).to.equal(200);
    const replies = [];
    for await (const event of events(resumed)) replies.push(JSON.parse(event.data));
    expect(replies).to.deep.equal([
      { jsonrpc: '2.0', id: 77, result: { content: [{ type: 'text', text: 'released' }] } },
    ]);
    const unknown = await fetch(host.url, {
      headers: { ...headers, accept: 'text/event-stream', 'last-event-id': 'nope_1' },
    });
    expect(unknown.status).to.equal(400);
    await client.close();
  });

  it('serves workspace files as resources, with subscribe/updated and path completion', async () => {
    const { client } = await connect(host.url);
    const { resources } = await client.listResources();
    expect(resources.map((resource) => resource.uri)).to.include('workspace:///index.html');
    const { resourceTemplates } = await client.listResourceTemplates();
    expect(resourceTemplates.map((template) => template.uriTemplate)).to.deep.equal([
      'workspace:///{path}',
    ]);
    const read = await client.readResource({ uri: 'workspace:///index.html' });
    const contents = read.contents[0] as { text: string; mimeType: string };
    expect(contents.mimeType).to.equal('text/html');
    expect(contents.text).to.equal(
      (runtime.workspace.getFile('index.html') as { value: { text: string } }).value.text,
    );
    const missing = await client.readResource({ uri: 'workspace:///nope.html' }).catch((e) => e);
    expect(String(missing)).to.contain('nope.html');
    const notOurs = await client.readResource({ uri: 'other://x' }).catch((e) => e);
    expect((notOurs as { code: number }).code).to.equal(-32002);

    const updated = counter();
    client.setNotificationHandler(ResourceUpdatedNotificationSchema, (note) => {
      if (note.params.uri === 'workspace:///index.html') updated.tick();
    });
    await client.subscribeResource({ uri: 'workspace:///index.html' });
    await callAsPerson(runtime.registry, 'workspace.writeFile', {
      path: 'index.html',
      text: '<h1>changed</h1>',
    });
    await updated.reached(1);

    const completion = await client.complete({
      ref: { type: 'ref/resource', uri: 'workspace:///{path}' },
      argument: { name: 'path', value: 'ind' },
    });
    expect(completion.completion.values).to.deep.equal(['index.html']);
    await client.close();
  });

  it('serves chat recipes as prompts and embeds a file in workspace.review', async () => {
    const { client } = await connect(host.url);
    const { prompts } = await client.listPrompts();
    expect(prompts.map((prompt) => prompt.name)).to.include.members([
      'recipe.accent-green',
      'workspace.review',
    ]);
    const recipe = await client.getPrompt({ name: 'recipe.accent-green' });
    expect(recipe.messages[0]?.content).to.deep.equal({
      type: 'text',
      text: 'Make the accent green',
    });
    const review = await client.getPrompt({
      name: 'workspace.review',
      arguments: { path: 'index.html' },
    });
    expect(review.messages[0]?.content.type).to.equal('resource');
    const missing = await client.getPrompt({ name: 'workspace.review' }).catch((e) => e);
    expect((missing as { code: number }).code).to.equal(-32602);
    const completion = await client.complete({
      ref: { type: 'ref/prompt', name: 'workspace.review' },
      argument: { name: 'path', value: 'sty' },
    });
    expect(completion.completion.values).to.deep.equal(['styles.css']);
    await client.close();
  });
});
