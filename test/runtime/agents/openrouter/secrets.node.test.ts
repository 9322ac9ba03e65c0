import { describe, it } from 'node:test';
import { expect } from 'chai';
import { isAllowedEndpoint } from '../../../../src/runtime/agents/openrouter/endpoint.js';
import { scrubSecret } from '../../../../src/runtime/agents/openrouter/scrub.js';
import { createOpenRouterSettingsStore } from '../../../../src/runtime/agents/openrouter/settings.js';
import { openRouterStudio } from './harness.js';

// The key never comes back on screen or in the trace, and never leaves
// over plain http: to another machine.

describe('OpenRouter secrets', () => {
  it('scenario 9: a provider that echoes the key in a 401 gets it scrubbed from error, chat and trace', async () => {
    const studio = await openRouterStudio();
    const key = 'sk-or-test';
    try {
      studio.server.reply({
        status: 401,
        json: { error: { message: `Invalid key ${key} (also ${encodeURIComponent(key)})` } },
      });
      const result = await studio.runtime.agent.run('Hello');
      expect(result.error?.code).to.equal('OPENROUTER_UNAUTHORIZED');
      expect(result.error?.message).to.include('Invalid key [redacted]');
      const shown = JSON.stringify({
        error: result.error,
        chat: studio.runtime.agent.getSnapshot(),
        trace: studio.runtime.trace.getSnapshot(),
      });
      expect(shown).not.to.include(key);
      // The key did go to the endpoint, as the Authorization header, and nowhere else.
      expect(studio.server.requests[0]!.headers.authorization).to.equal(`Bearer ${key}`);
    } finally {
      await studio.close();
    }
  });

  it('scrubs raw, URL-encoded and JSON-escaped copies, and leaves text without a key alone', () => {
    const key = 'sk/or"v1+key';
    const text = `a ${key} b ${encodeURIComponent(key)} c ${JSON.stringify(key)}`;
    expect(scrubSecret(text, key)).to.equal('a [redacted] b [redacted] c "[redacted]"');
    expect(scrubSecret('nothing here', key)).to.equal('nothing here');
    expect(scrubSecret('kept', undefined)).to.equal('kept');
  });

  it('scenario 9: endpoints must be https:, plain http: only for loopback hosts', () => {
    for (const allowed of [
      'https://openrouter.ai/api/v1/chat/completions',
      'https://example.com:8443/v1',
      'http://localhost:8080/v1/chat/completions',
      'http://127.0.0.1:9/chat',
      'http://127.1.2.3/chat',
      'http://[::1]:3000/chat',
    ]) {
      expect(isAllowedEndpoint(allowed), allowed).to.equal(true);
    }
    for (const refused of [
      'http://example.com/chat',
      'http://192.168.1.10/chat',
      'http://localhost.example.com/chat',
      'http://127.0.0.1.example.com/chat',
      'ftp://localhost/chat',
      'javascript:alert(1)',
      'not a url',
    ]) {
      expect(isAllowedEndpoint(refused), refused).to.equal(false);
    }
    const store = createOpenRouterSettingsStore({ storage: null, events: null });
    store.update({ apiKey: 'sk-or-1' });
    const outcome = store.update({ endpoint: 'http://example.com/v1/chat/completions' });
    expect(outcome.ok).to.equal(false);
    if (!outcome.ok) expect(outcome.error.details).to.include({ field: 'endpoint' });
    expect(store.getSnapshot().endpoint).to.equal('https://openrouter.ai/api/v1/chat/completions');
  });
});
