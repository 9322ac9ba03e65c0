import { expect } from '@open-wc/testing';
import { createOpenRouterAgent } from '../../../../src/runtime/agents/openrouter/agent.js';
import {
  createOpenRouterSettingsStore,
  OPENROUTER_API_KEY_STORAGE_KEY,
  OPENROUTER_SETTINGS_STORAGE_KEY,
} from '../../../../src/runtime/agents/openrouter/settings.js';
import { createToolRegistry } from '../../../../src/runtime/registry/registry.js';

/** A same-origin document beside this one: its storage writes reach us as `storage` events. */
async function otherTab(): Promise<Window> {
  const frame = document.createElement('iframe');
  frame.srcdoc = '<!doctype html><title>other tab</title>';
  const loaded = new Promise((resolve) => frame.addEventListener('load', resolve, { once: true }));
  document.body.append(frame);
  await loaded;
  return frame.contentWindow!;
}

describe('OpenRouter in the browser', () => {
  afterEach(() => {
    localStorage.removeItem(OPENROUTER_API_KEY_STORAGE_KEY);
    localStorage.removeItem(OPENROUTER_SETTINGS_STORAGE_KEY);
    document.querySelectorAll('iframe').forEach((frame) => frame.remove());
  });

  it('keeps settings in localStorage and follows another same-origin document live', async () => {
    const store = createOpenRouterSettingsStore();
    try {
      expect(store.getSnapshot().storage).to.equal('local');
      store.update({ model: 'a/model' });
      expect(JSON.parse(localStorage.getItem(OPENROUTER_SETTINGS_STORAGE_KEY)!).model).to.equal(
        'a/model',
      );
      const changed = new Promise<void>((resolve) => store.subscribe(resolve));
      (await otherTab()).localStorage.setItem(OPENROUTER_API_KEY_STORAGE_KEY, 'sk-other-tab');
      await changed;
      expect(store.getSnapshot().apiKey).to.equal('sk-other-tab');
    } finally {
      store.dispose();
    }
  });

  // Both transports, the JSON reply and the event stream, go through the same headers.
  for (const stream of [false, true]) {
    it(`sends HTTP-Referer and X-Title from a page (${stream ? 'streamed' : 'JSON'} reply)`, async () => {
      let headers: Headers | undefined;
      const agent = createOpenRouterAgent({
        stream,
        settings: () => ({
          apiKey: 'sk-or-test',
          model: 'm',
          endpoint: 'https://example.invalid/api/v1/chat/completions',
          dataPolicy: 'allow',
          storage: 'memory',
        }),
        // The remote model cannot run here: answer with a real Response in its wire format.
        fetch: async (_url, init) => {
          headers = new Headers(init?.headers);
          if (stream) {
            const events = [
              `data: ${JSON.stringify({ choices: [{ index: 0, delta: { content: 'Hi.' } }] })}`,
              'data: [DONE]',
              '',
            ].join('\n\n');
            return new Response(events, { headers: { 'content-type': 'text/event-stream' } });
          }
          const message = { role: 'assistant', content: 'Hi.' };
          return new Response(JSON.stringify({ choices: [{ message }] }), { status: 200 });
        },
      });
      const outcome = await agent.run({
        prompt: 'Hello',
        tools: createToolRegistry(),
        context: { source: 'model', mode: 'agent', sessionId: 's' },
        signal: new AbortController().signal,
        emit: () => {},
      });
      expect(outcome.status).to.equal('completed');
      expect(headers?.get('Accept')).to.equal(stream ? 'text/event-stream' : 'application/json');
      expect(headers?.get('Authorization')).to.equal('Bearer sk-or-test');
      expect(headers?.get('HTTP-Referer')).to.equal(location.origin);
      expect(headers?.get('X-Title')).to.be.a('string').and.not.equal('');
    });
  }
});
