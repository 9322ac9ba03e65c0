import { expect } from 'chai';
import { after, before, describe, it } from 'node:test';
import {
  fetchOpenRouterModels,
  openRouterModelsUrl,
} from '../../../../src/runtime/agents/openrouter/models.js';
import {
  startChatCompletionsServer,
  type ChatCompletionsServer,
} from '../../../support/chat-completions-server.js';

const catalog = {
  data: [
    {
      id: 'z/paid',
      name: 'Zeta Paid',
      context_length: 128000,
      pricing: { prompt: '0.000001', completion: '0.000002' },
      supported_parameters: ['tools', 'temperature'],
    },
    {
      id: 'a/free:free',
      name: 'Alpha Free',
      pricing: { prompt: '0', completion: '0' },
      supported_parameters: ['tool_choice', 'tools'],
    },
    {
      id: 'm/no-tools',
      name: 'Mu Chat',
      pricing: { prompt: '0', completion: '0' },
      supported_parameters: ['temperature'],
    },
    {
      id: 'b/zero-priced',
      name: 'Beta',
      pricing: { prompt: 0, completion: 0 },
      supported_parameters: ['tools'],
    },
    { name: 'no id', supported_parameters: ['tools'] },
  ],
};

describe('OpenRouter model catalog', () => {
  let server: ChatCompletionsServer;
  before(async () => {
    server = await startChatCompletionsServer();
  });
  after(() => server.close());

  it('derives the catalog URL from the chat-completions endpoint', () => {
    const endpoint = 'https://openrouter.ai/api/v1/chat/completions';
    expect(openRouterModelsUrl(endpoint, 'allow')).to.equal(
      'https://openrouter.ai/api/v1/models?supported_parameters=tools',
    );
    expect(openRouterModelsUrl(endpoint, 'deny')).to.equal(
      'https://openrouter.ai/api/v1/models?supported_parameters=tools',
    );
    expect(openRouterModelsUrl(endpoint, 'zdr')).to.equal(
      'https://openrouter.ai/api/v1/models?supported_parameters=tools&zdr=true',
    );
  });

  it('lists tool-capable models only, sorted by name, and asks the zdr catalog for zdr', async () => {
    server.reply({ json: catalog });
    const outcome = await fetchOpenRouterModels({
      endpoint: server.endpoint,
      dataPolicy: 'zdr',
      apiKey: 'sk-or-test',
    });
    expect(outcome).to.deep.equal({
      ok: true,
      value: [
        { id: 'a/free:free', name: 'Alpha Free', free: true },
        { id: 'b/zero-priced', name: 'Beta', free: true },
        { id: 'z/paid', name: 'Zeta Paid', free: false, contextLength: 128000 },
      ],
    });
    const request = server.requests.at(-1);
    expect(request?.method).to.equal('GET');
    expect(request?.url).to.equal('/api/v1/models?supported_parameters=tools&zdr=true');
    expect(request?.headers.authorization).to.equal('Bearer sk-or-test');
  });

  it('filters to free models and sends no Authorization without a key', async () => {
    server.reply({ json: catalog });
    const outcome = await fetchOpenRouterModels({
      endpoint: server.endpoint,
      dataPolicy: 'allow',
      freeOnly: true,
    });
    expect(outcome.ok && outcome.value.map((m) => m.id)).to.deep.equal([
      'a/free:free',
      'b/zero-priced',
    ]);
    expect(server.requests.at(-1)?.headers).to.not.have.property('authorization');
  });

  it('reports provider failures with the agent’s codes, reading the body as text first', async () => {
    server.reply(
      { status: 401, json: { error: { message: 'bad key' } } },
      { text: '<html>' },
      { json: { models: [] } },
    );
    const options = { endpoint: server.endpoint, dataPolicy: 'allow' as const };
    const unauthorized = await fetchOpenRouterModels(options);
    expect(!unauthorized.ok && unauthorized.error.code).to.equal('OPENROUTER_UNAUTHORIZED');
    const notJson = await fetchOpenRouterModels(options);
    expect(!notJson.ok && notJson.error.code).to.equal('OPENROUTER_INVALID_RESPONSE');
    const noData = await fetchOpenRouterModels(options);
    expect(!noData.ok && noData.error.code).to.equal('OPENROUTER_INVALID_RESPONSE');
  });

  it('is cancelled by its signal', async () => {
    server.reply({ hang: true });
    const controller = new AbortController();
    const pending = fetchOpenRouterModels({
      endpoint: server.endpoint,
      dataPolicy: 'allow',
      signal: controller.signal,
    });
    await server.received(server.requests.length + 1);
    controller.abort();
    const outcome = await pending;
    expect(!outcome.ok && outcome.error.code).to.equal('TOOL_CANCELLED');
  });

  it('refuses an endpoint that is not a URL without a request', async () => {
    const before = server.requests.length;
    const outcome = await fetchOpenRouterModels({ endpoint: 'nope', dataPolicy: 'allow' });
    expect(!outcome.ok && outcome.error).to.deep.include({
      code: 'OPENROUTER_SETTINGS_INVALID',
      details: { field: 'endpoint' },
    });
    expect(server.requests.length).to.equal(before);
  });
});
