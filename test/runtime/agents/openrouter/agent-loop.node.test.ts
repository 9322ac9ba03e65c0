import { expect } from 'chai';
import { describe, it } from 'node:test';
import { localAgent } from '../../../../src/runtime/agents/local-agent.js';
import { isOpenRouterConfigurationError } from '../../../../src/runtime/agents/openrouter/errors.js';
import { createOpenRouterSettingsStore } from '../../../../src/runtime/agents/openrouter/settings.js';
import { createMemoryDurableOperationBackend } from '../../../../src/runtime/durable/memory-backend.js';
import { listAllTools } from '../../../../src/runtime/registry/pagination.js';
import { toOpenAIToolDefinitions } from '../../../../src/runtime/registry/provider-exports.js';
import { createStudioRuntime } from '../../../../src/composition/studio-runtime.js';
import {
  chatReply,
  startChatCompletionsServer,
  type RecordedRequest,
} from '../../../support/chat-completions-server.js';
import { openRouterStudio } from './harness.js';

interface SentMessage {
  role: string;
  content: string | null;
  tool_call_id?: string;
  tool_calls?: { id: string; function: { name: string; arguments: string } }[];
}
const sentMessages = (request: RecordedRequest | undefined) =>
  (request?.body as { messages: SentMessage[] }).messages;
const toolPayload = (message: SentMessage | undefined) =>
  JSON.parse(message?.content ?? 'null') as {
    content: string;
    structuredContent?: Record<string, unknown>;
    error?: { code: string; retryable: boolean };
  };

describe('OpenRouter agent loop', () => {
  it('reads then writes through the registry, feeding results back as tool messages', async () => {
    const studio = await openRouterStudio();
    const { server, runtime } = studio;
    try {
      server.reply(
        chatReply('Reading first.', [
          { id: 'call_1', name: 'workspace__readFile', arguments: { path: 'index.html' } },
        ]),
        (request) => {
          const read = toolPayload(sentMessages(request).at(-1));
          return chatReply(null, [
            {
              id: 'call_2',
              name: 'workspace__writeFile',
              arguments: {
                path: 'index.html',
                text: '<h1>Hello from the model</h1>',
                expectedRevision: read.structuredContent?.revision,
              },
            },
          ]);
        },
        chatReply('Done: the heading changed.'),
      );
      const result = await runtime.agent.run('Change the heading');

      expect(result.status).to.equal('completed');
      const file = runtime.workspace.getSnapshot().files.find((f) => f.path === 'index.html');
      expect(file && 'text' in file && file.text).to.equal('<h1>Hello from the model</h1>');
      expect(studio.decisions).to.deep.equal(['approved workspace.writeFile']);
      expect(server.requests).to.have.length(3);

      const second = sentMessages(server.requests[1]);
      expect(second.map((m) => m.role)).to.deep.equal(['system', 'user', 'assistant', 'tool']);
      expect(second[2]?.tool_calls?.[0]?.id).to.equal('call_1');
      expect(second[3]?.tool_call_id).to.equal('call_1');
      expect(toolPayload(second[3]).structuredContent).to.include({ path: 'index.html' });
      const third = sentMessages(server.requests[2]);
      expect(third.map((m) => m.role)).to.deep.equal([
        'system',
        'user',
        'assistant',
        'tool',
        'assistant',
        'tool',
      ]);
      expect(third[5]?.tool_call_id).to.equal('call_2');
      expect(toolPayload(third[5]).error).to.equal(undefined);

      const transcript = runtime.agent.getSnapshot().messages;
      expect(transcript.map((m) => (m.role === 'tool' ? `tool ${m.name}` : m.role))).to.deep.equal([
        'user',
        'assistant',
        'tool workspace.readFile',
        'tool workspace.writeFile',
        'assistant',
      ]);
      expect(runtime.agent.getSnapshot()).to.include({
        driverId: 'openrouter',
        progress: undefined,
      });
    } finally {
      await studio.close();
    }
  });

  it('sends the tools listAllTools() discovers, as toOpenAIToolDefinitions() writes them', async () => {
    const studio = await openRouterStudio();
    try {
      studio.server.reply(chatReply('Hi.'));
      await studio.runtime.agent.run('Hello');
      const listed = await listAllTools(studio.runtime.registry);
      expect(listed.ok).to.equal(true);
      const body = studio.server.requests[0]?.body as Record<string, unknown>;
      expect(body.tools).to.deep.equal(toOpenAIToolDefinitions(listed.ok ? listed.value : []));
      expect(body.model).to.equal('test/model');
      expect(studio.server.requests[0]?.headers.authorization).to.equal('Bearer sk-or-test');
      expect(studio.server.requests[0]?.headers).to.not.have.property('http-referer');
      expect(studio.server.requests[0]?.headers).to.not.have.property('x-title');
    } finally {
      await studio.close();
    }
  });

  it('feeds a tool failure back to the model with its code and retryable flag', async () => {
    const studio = await openRouterStudio({ approve: false });
    try {
      studio.server.reply(
        chatReply(null, [
          {
            id: 'call_1',
            name: 'workspace__writeFile',
            arguments: { path: 'index.html', text: 'x' },
          },
        ]),
        chatReply('The change was denied.'),
      );
      const result = await studio.runtime.agent.run('Overwrite index.html');
      expect(result.status).to.equal('completed');
      const tool = toolPayload(sentMessages(studio.server.requests[1]).at(-1));
      expect(tool.error).to.include({ code: 'TOOL_APPROVAL_DENIED', retryable: false });
    } finally {
      await studio.close();
    }
  });

  it('passes the element picked in the preview to the model as context, once', async () => {
    const studio = await openRouterStudio();
    try {
      studio.runtime.previewSelection.set({
        selector: 'main > h1',
        tagName: 'h1',
        html: '<h1>Hi</h1>',
        styles: { color: 'red' },
        rect: { x: 0, y: 0, width: 10, height: 10 },
        viewport: { width: 800, height: 600, scrollX: 0, scrollY: 0, devicePixelRatio: 1 },
      });
      studio.server.reply(chatReply(null));
      await studio.runtime.agent.run('Make it blue');
      const user = sentMessages(studio.server.requests[0])[1];
      expect(user?.content).to.match(/^Make it blue\n\nSelected element in the preview: /);
      expect(user?.content).to.include('"selector":"main > h1"');
      const texts = studio.runtime.agent
        .getSnapshot()
        .messages.map((m) => (m.role === 'tool' ? '' : m.text));
      expect(texts).to.deep.equal([
        'Make it blue',
        'Context: the selected element main > h1.',
        'Done.',
      ]);
      expect(studio.runtime.previewSelection.getSnapshot()).to.equal(null);
    } finally {
      await studio.close();
    }
  });

  describe('data policy', () => {
    for (const [dataPolicy, provider] of [
      ['allow', undefined],
      ['deny', { data_collection: 'deny' }],
      ['zdr', { zdr: true }],
    ] as const) {
      it(`${dataPolicy} sends ${JSON.stringify(provider ?? 'no provider preferences')}`, async () => {
        const studio = await openRouterStudio({ settings: { dataPolicy } });
        try {
          studio.server.reply(chatReply('Hi.'));
          await studio.runtime.agent.run('Hello');
          const body = studio.server.requests[0]?.body as Record<string, unknown>;
          expect(body.provider).to.deep.equal(provider);
        } finally {
          await studio.close();
        }
      });
    }
  });

  describe('budget: 5 turns, 12 calls', () => {
    it('refuses a response with 13 calls before any of them runs', async () => {
      const studio = await openRouterStudio();
      try {
        const calls = Array.from({ length: 13 }, (_, i) => ({
          id: `call_${i}`,
          name: 'workspace__getStatus',
          arguments: {},
        }));
        studio.server.reply(chatReply(null, calls));
        const result = await studio.runtime.agent.run('Check thirteen times');
        expect(result.status).to.equal('failed');
        expect(result.error).to.include({ code: 'OPENROUTER_TOOL_CALL_LIMIT', retryable: false });
        expect(studio.toolEvents).to.deep.equal([]);
      } finally {
        await studio.close();
      }
    });

    it('counts calls across turns', async () => {
      const studio = await openRouterStudio();
      try {
        const calls = (turn: number, count: number) =>
          Array.from({ length: count }, (_, i) => ({
            id: `call_${turn}_${i}`,
            name: 'workspace__getStatus',
            arguments: {},
          }));
        studio.server.reply(chatReply(null, calls(1, 8)), chatReply(null, calls(2, 5)));
        const result = await studio.runtime.agent.run('Check often');
        expect(result.error?.code).to.equal('OPENROUTER_TOOL_CALL_LIMIT');
        expect(studio.toolEvents.filter((e) => e.startsWith('started'))).to.have.length(8);
      } finally {
        await studio.close();
      }
    });

    it('refuses a sixth turn', async () => {
      const studio = await openRouterStudio();
      try {
        for (let turn = 1; turn <= 6; turn++) {
          studio.server.reply(
            chatReply(null, [{ id: `call_${turn}`, name: 'workspace__getStatus', arguments: {} }]),
          );
        }
        const result = await studio.runtime.agent.run('Loop');
        expect(result.error).to.include({ code: 'OPENROUTER_TOOL_CALL_LIMIT', retryable: false });
        expect(result.error?.details).to.deep.equal({ maxTurns: 5 });
        expect(studio.server.requests).to.have.length(5);
        expect(
          studio.progress.filter((p) => p.kind === 'turn').map((p) => p.kind === 'turn' && p.turn),
        ).to.deep.equal([1, 2, 3, 4, 5]);
      } finally {
        await studio.close();
      }
    });
  });

  describe('response validation', () => {
    const invalid: [string, unknown][] = [
      ['a body that is not JSON', 'hello, not json'],
      [
        'a message not from the assistant',
        { choices: [{ message: { role: 'user', content: 'x' } }] },
      ],
      [
        'content that is neither text nor null',
        { choices: [{ message: { role: 'assistant', content: 7 } }] },
      ],
      ['no choices', { id: 'x' }],
      ['a tool call without an id', toolCalls([{ id: '', type: 'function', function: fn('{}') }])],
      [
        'duplicate tool call ids',
        toolCalls([
          { id: 'a', type: 'function', function: fn('{}') },
          { id: 'a', type: 'function', function: fn('{}') },
        ]),
      ],
      [
        'a tool call not of function type',
        toolCalls([{ id: 'a', type: 'other', function: fn('{}') }]),
      ],
      [
        'a tool call without a name',
        toolCalls([{ id: 'a', type: 'function', function: { arguments: '{}' } }]),
      ],
      [
        'object arguments',
        toolCalls([
          { id: 'a', type: 'function', function: { name: 'workspace__getStatus', arguments: {} } },
        ]),
      ],
    ];
    for (const [label, body] of invalid) {
      it(`rejects ${label} as OPENROUTER_INVALID_RESPONSE, running nothing`, async () => {
        const studio = await openRouterStudio();
        try {
          studio.server.reply(typeof body === 'string' ? { text: body } : { json: body });
          const result = await studio.runtime.agent.run('Go');
          expect(result.status).to.equal('failed');
          expect(result.error).to.include({
            code: 'OPENROUTER_INVALID_RESPONSE',
            retryable: false,
          });
          expect(isOpenRouterConfigurationError(result.error)).to.equal(true);
          expect(studio.toolEvents).to.deep.equal([]);
          expect(studio.server.requests).to.have.length(1);
        } finally {
          await studio.close();
        }
      });
    }

    for (const [label, args] of [
      ['malformed JSON', '{"path": '],
      ['a JSON array', '[1]'],
      ['an empty string', ''],
    ] as const) {
      it(`rejects ${label} arguments as retryable OPENROUTER_INVALID_TOOL_CALL, running no call`, async () => {
        const studio = await openRouterStudio();
        try {
          studio.server.reply(
            chatReply(null, [
              { id: 'ok', name: 'workspace__getStatus', arguments: {} },
              { id: 'bad', name: 'workspace__readFile', arguments: args },
            ]),
          );
          const result = await studio.runtime.agent.run('Go');
          expect(result.error).to.include({
            code: 'OPENROUTER_INVALID_TOOL_CALL',
            retryable: true,
          });
          expect(result.error?.details).to.deep.equal({
            toolCallId: 'bad',
            name: 'workspace__readFile',
          });
          expect(studio.toolEvents).to.deep.equal([]);
        } finally {
          await studio.close();
        }
      });
    }
  });

  describe('driver selection in the studio runtime', () => {
    it('runs the OpenRouter agent when a key is set and the local agent otherwise', async () => {
      const server = await startChatCompletionsServer();
      const settings = createOpenRouterSettingsStore({ storage: null, events: null });
      const runtime = createStudioRuntime({
        workspaceRepository: null,
        durableOperationBackend: createMemoryDurableOperationBackend(),
        openrouterSettings: settings,
      });
      try {
        await runtime.ready;
        expect(runtime.openrouter).to.equal(settings);
        await runtime.agent.run('What is the workspace status?');
        expect(runtime.agent.getSnapshot().driverId).to.equal('local');
        expect(server.requests).to.have.length(0);

        settings.update({ apiKey: 'sk-or-test', endpoint: server.endpoint });
        server.reply(chatReply('Hello from the model.'));
        const result = await runtime.agent.run('Hello');
        expect(result.status).to.equal('completed');
        expect(runtime.agent.getSnapshot().driverId).to.equal('openrouter');
        expect(server.requests).to.have.length(1);
      } finally {
        runtime.dispose();
        await server.close();
      }
    });

    it('"Use local agent & retry": an explicit driver bypasses the provider for one run', async () => {
      const server = await startChatCompletionsServer();
      const settings = createOpenRouterSettingsStore({ storage: null, events: null });
      settings.update({ apiKey: 'sk-or-test', endpoint: server.endpoint });
      const runtime = createStudioRuntime({
        workspaceRepository: null,
        durableOperationBackend: createMemoryDurableOperationBackend(),
        openrouterSettings: settings,
      });
      try {
        await runtime.ready;
        const result = await runtime.agent.run('What is the workspace status?', {
          driver: localAgent,
        });
        expect(result.status).to.equal('completed');
        expect(runtime.agent.getSnapshot().driverId).to.equal('local');
        expect(server.requests).to.have.length(0);
        expect(settings.getSnapshot().apiKey).to.equal('sk-or-test');
      } finally {
        runtime.dispose();
        await server.close();
      }
    });

    it('fails with OPENROUTER_NOT_CONFIGURED when the agent runs without a key', async () => {
      const studio = await openRouterStudio();
      try {
        studio.settings.update({ apiKey: null });
        const result = await studio.runtime.agent.run('Hello');
        expect(result.error).to.include({ code: 'OPENROUTER_NOT_CONFIGURED', retryable: false });
        expect(isOpenRouterConfigurationError(result.error)).to.equal(true);
        expect(studio.server.requests).to.have.length(0);
      } finally {
        await studio.close();
      }
    });
  });
});

function fn(args: string) {
  return { name: 'workspace__getStatus', arguments: args };
}

function toolCalls(calls: unknown[]) {
  return { choices: [{ message: { role: 'assistant', content: null, tool_calls: calls } }] };
}
