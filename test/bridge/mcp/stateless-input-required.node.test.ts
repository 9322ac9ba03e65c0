import { expect } from 'chai';
import { after, before, describe, it } from 'node:test';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { Client as ClientV2, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import { Client as ClientV1 } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport as TransportV1 } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import {
  CreateMessageRequestSchema,
  ElicitRequestSchema,
  ListRootsRequestSchema,
} from '@modelcontextprotocol/sdk/types.js';
import * as z from 'zod';
import {
  createMCPHttpHost,
  MCP_CLIENT_CAPABILITY,
  type MCPHttpHost,
} from '../../../src/bridge/mcp/node.js';
import {
  createToolApprovalQueue,
  createToolRegistry,
  defineTool,
} from '../../../src/runtime/index.js';
import { waitFor } from '../../support/wait.js';
import { conformanceTools } from './conformance/fixture.js';
import { inputRequiredTools } from './conformance/input-fixtures.js';
import { statelessCall } from './stateless-request.js';

/** One raw 2026-07-28 request, as a client without the SDK sends it. */
async function post(
  url: string,
  name: string,
  params: Record<string, unknown> = {},
  capabilities: Record<string, unknown> = { elicitation: {}, sampling: {} },
  headers: Record<string, string> = {},
) {
  const res = await statelessCall(url, { id: 7, name, params, capabilities, headers });
  return { status: res.status, body: await res.json() };
}

const SAMPLED = {
  role: 'assistant' as const,
  content: { type: 'text' as const, text: 'Hello' },
  model: 'test-model',
  stopReason: 'endTurn',
};
const ROOTS = { roots: [{ uri: 'file:///work', name: 'Work' }] };

/** The client user's answers, by the question asked; each question is counted. */
function answering(asked: string[]) {
  return (message: string): { action: 'accept'; content: Record<string, string> } => {
    asked.push(message);
    return {
      action: 'accept' as const,
      content: message.includes('color') ? { color: 'blue' } : { name: 'Alice' },
    };
  };
}

describe('MCP host, 2026-07-28: asks to the client as input_required rounds', () => {
  const registry = createToolRegistry();
  for (const tool of [...conformanceTools, ...inputRequiredTools]) registry.register(tool);
  let host: MCPHttpHost;
  before(async () => {
    host = await createMCPHttpHost({ registry });
  });
  after(() => host.close());

  it('@modelcontextprotocol/client 2.4 answers each round; a 2025 session answers the same handler', async () => {
    const capabilities = { elicitation: {}, sampling: {}, roots: {} };
    const asked2026: string[] = [];
    const modern = new ClientV2(
      { name: 'v2', version: '0.0.0' },
      { versionNegotiation: { mode: 'auto' }, capabilities },
    );
    const answer2026 = answering(asked2026);
    modern.setRequestHandler('elicitation/create', (request) =>
      answer2026(String(request.params.message)),
    );
    modern.setRequestHandler('sampling/createMessage', () => SAMPLED);
    modern.setRequestHandler('roots/list', () => ROOTS);
    await modern.connect(new StreamableHTTPClientTransport(new URL(host.url)));
    const asked2025: string[] = [];
    const legacy = new ClientV1({ name: 'v1', version: '0.0.0' }, { capabilities });
    const answer2025 = answering(asked2025);
    legacy.setRequestHandler(ElicitRequestSchema, (request) =>
      answer2025(String(request.params.message)),
    );
    legacy.setRequestHandler(CreateMessageRequestSchema, () => SAMPLED);
    legacy.setRequestHandler(ListRootsRequestSchema, () => ROOTS);
    await legacy.connect(new TransportV1(new URL(host.url)));
    try {
      expect(modern.getProtocolEra()).to.equal('modern');
      for (const client of [modern, legacy]) {
        const result = await client.callTool({
          name: 'test_input_required_result_multi_round',
          arguments: {},
        });
        expect(result.content).to.deep.equal([{ type: 'text', text: 'Alice likes blue.' }]);
        // Sampling, elicitation and roots at once: one round under 2026, three requests under 2025.
        const all = await client.callTool({
          name: 'test_input_required_result_multiple_inputs',
          arguments: {},
        });
        expect(all.content).to.deep.equal([{ type: 'text', text: 'Hello Alice (1 roots)' }]);
      }
      // Each question was put to the user once, in order, under both revisions.
      const questions = [
        'Step 1: What is your name?',
        'Step 2: What is your favorite color?',
        'What is your name?',
      ];
      expect(asked2026).to.deep.equal(questions);
      expect(asked2025).to.deep.equal(questions);
    } finally {
      await modern.close();
      await legacy.close();
    }
  });

  it('asks made together go out in one round, keyed; the retry completes with the state', async () => {
    const first = await post(
      host.url,
      'test_input_required_result_multiple_inputs',
      {},
      { elicitation: {}, sampling: {}, roots: {} },
    );
    const { resultType, inputRequests, requestState } = first.body.result;
    expect(resultType).to.equal('input_required');
    expect(Object.keys(inputRequests).sort()).to.deep.equal([
      'client_roots',
      'greeting',
      'user_name',
    ]);
    expect(inputRequests.client_roots).to.deep.equal({ method: 'roots/list', params: {} });
    expect(requestState).to.be.a('string');
    const inputResponses = {
      user_name: { action: 'accept', content: { name: 'Alice' } },
      greeting: {
        role: 'assistant',
        content: { type: 'text', text: 'Hello' },
        model: 'm',
        stopReason: 'endTurn',
      },
      client_roots: { roots: [{ uri: 'file:///a' }] },
    };
    const second = await post(
      host.url,
      'test_input_required_result_multiple_inputs',
      { inputResponses, requestState },
      { elicitation: {}, sampling: {}, roots: {} },
    );
    expect(second.body.result.resultType).to.equal('complete');
    expect(second.body.result.content).to.deep.equal([
      { type: 'text', text: 'Hello Alice (1 roots)' },
    ]);
  });

  it('refuses a tampered state, and a state minted for another request, before any handler runs', async () => {
    const first = await post(host.url, 'test_input_required_result_multi_round');
    const { requestState } = first.body.result;
    const inputResponses = { step1: { action: 'accept', content: { name: 'Alice' } } };
    const tampered = await post(host.url, 'test_input_required_result_multi_round', {
      inputResponses,
      requestState: `${requestState}x`,
    });
    expect(tampered.body.error).to.deep.include({
      code: -32602,
      message: 'Invalid or expired requestState',
    });
    // A valid state, but for the elicitation tool: its answers must not reach this one.
    const other = await post(host.url, 'test_input_required_result_elicitation');
    const foreign = await post(host.url, 'test_input_required_result_multi_round', {
      inputResponses,
      requestState: other.body.result.requestState,
    });
    expect(foreign.body.error).to.deep.include({ code: -32602 });
    // The same request's state from another host (another key) does not verify here.
    const elsewhere = await createMCPHttpHost({ registry });
    try {
      const theirs = await post(elsewhere.url, 'test_input_required_result_multi_round');
      const crossed = await post(host.url, 'test_input_required_result_multi_round', {
        inputResponses,
        requestState: theirs.body.result.requestState,
      });
      expect(crossed.body.error).to.deep.include({ code: -32602 });
    } finally {
      await elsewhere.close();
    }
    const genuine = await post(host.url, 'test_input_required_result_multi_round', {
      inputResponses,
      requestState,
    });
    expect(Object.keys(genuine.body.result.inputRequests)).to.deep.equal(['step2']);
  });

  it('a round that ended on an ask leaves its handler run to the garbage collector', async () => {
    setFlagsFromString('--expose-gc');
    const gc = runInNewContext('gc') as () => void;
    let collected = 0;
    const finalizer = new FinalizationRegistry(() => collected++);
    const own = createToolRegistry();
    own.register(
      defineTool(
        {
          name: 'asks',
          description: 'Asks.',
          inputSchema: z.object({}),
          annotations: { readOnlyHint: true },
        },
        async (_args, handler) => {
          const held = { rows: new Array(1000).fill(1) };
          finalizer.register(held, 'held');
          const channel = handler.require(MCP_CLIENT_CAPABILITY);
          if (!channel.ok) throw channel.error;
          await channel.value.elicit({ message: 'Name?', requestedSchema: { type: 'object' } });
          return { content: [{ type: 'text', text: String(held.rows.length) }] };
        },
      ),
    );
    const ownHost = await createMCPHttpHost({ registry: own });
    try {
      for (let round = 0; round < 5; round++) {
        const { body } = await post(ownHost.url, 'asks');
        expect(body.result.resultType).to.equal('input_required');
      }
      for (let tries = 0; tries < 50 && collected < 5; tries++) {
        gc();
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      expect(collected).to.equal(5);
    } finally {
      await ownHost.close();
    }
  });

  it('a request that did not declare the capability an ask needs gets -32021 (HTTP 400)', async () => {
    const { status, body } = await post(host.url, 'test_missing_capability', {}, {});
    expect(status).to.equal(400);
    expect(body.id).to.equal(7);
    expect(body.error.code).to.equal(-32021);
    expect(body.error.data.requiredCapabilities).to.deep.equal({ sampling: {} });
  });

  it('checks x-mcp-header arguments against their Mcp-Param headers (-32020, HTTP 400)', async () => {
    const call = (headers: Record<string, string>) =>
      post(host.url, 'test_custom_header', { arguments: { region: 'eu-west' } }, {}, headers);
    const plain = await call({ 'mcp-param-region': 'eu-west' });
    expect(plain.body.result.content).to.deep.equal([{ type: 'text', text: 'Region: eu-west' }]);
    const encoded = await call({ 'mcp-param-region': `=?base64?${btoa('eu-west')}?=` });
    expect(encoded.body.result.isError).to.not.equal(true);
    const wrong: Record<string, string>[] = [
      {},
      { 'mcp-param-region': 'us-east' },
      { 'mcp-param-region': '=?base64?ZXUtd2VzdA?=' },
    ];
    for (const headers of wrong) {
      const refused = await call(headers);
      expect(refused.status, JSON.stringify(headers)).to.equal(400);
      expect(refused.body).to.deep.include({ id: 7 });
      expect(refused.body.error.code).to.equal(-32020);
    }
  });
});

describe('MCP host, 2026-07-28: input_required rounds of a call that needs approval', () => {
  it('asks the person on every round and commits once, after the last ask', async () => {
    const approvals = createToolApprovalQueue();
    const registry = createToolRegistry({ approvalQueue: approvals });
    const runs = { started: 0, committed: [] as string[] };
    registry.register(
      defineTool(
        {
          name: 'notes.add',
          description: 'Adds a note the client user words.',
          inputSchema: z.object({ topic: z.string() }),
        },
        async ({ topic }, handler) => {
          runs.started++;
          const channel = handler.require(MCP_CLIENT_CAPABILITY);
          if (!channel.ok) throw channel.error;
          // Asks first, commits after: a round that ends on an ask has changed nothing.
          const answer = await channel.value.elicit(
            {
              message: `Your note on ${topic}?`,
              requestedSchema: { type: 'object', properties: { note: { type: 'string' } } },
            },
            { key: 'note' },
          );
          if (!answer.ok) throw new Error(answer.error.message);
          const note = String((answer.value.content as { note: string }).note);
          runs.committed.push(note);
          return { content: [{ type: 'text', text: `added ${note}` }] };
        },
      ),
    );
    const outcomes: string[] = [];
    registry.subscribe(({ type, provenance }) => {
      if (type !== 'started') outcomes.push(`${provenance.status} ${provenance.errorCode ?? ''}`);
    });
    const host = await createMCPHttpHost({ registry });
    const asked: string[] = [];
    const client = new ClientV2(
      { name: 'v2', version: '0.0.0' },
      { versionNegotiation: { mode: 'auto' }, capabilities: { elicitation: {} } },
    );
    client.setRequestHandler('elicitation/create', (request) => {
      asked.push(String(request.params.message));
      return { action: 'accept', content: { note: 'buy milk' } };
    });
    await client.connect(new StreamableHTTPClientTransport(new URL(host.url)));
    try {
      const call = client.callTool({ name: 'notes.add', arguments: { topic: 'errands' } });
      for (const round of [1, 2]) {
        const card = await waitFor(
          () => approvals.store.getSnapshot()[0],
          `approval card ${round}`,
        );
        expect(card.toolName).to.equal('notes.add');
        // Nothing was committed while a person had not approved this round.
        expect(runs.committed).to.deep.equal([]);
        approvals.resolve(card.id, 'approved');
      }
      const result = await call;
      expect(result.content).to.deep.equal([{ type: 'text', text: 'added buy milk' }]);
      // The handler ran from the start on each round, asked the user once, committed once.
      expect(runs.started).to.equal(2);
      expect(asked).to.deep.equal(['Your note on errands?']);
      expect(runs.committed).to.deep.equal(['buy milk']);
      expect(approvals.store.getSnapshot()).to.deep.equal([]);
      // The round that ended on an ask shows as cancelled in the trace.
      expect(outcomes).to.deep.equal(['cancelled TOOL_CANCELLED', 'completed ']);
    } finally {
      await client.close();
      await host.close();
    }
  });
});
