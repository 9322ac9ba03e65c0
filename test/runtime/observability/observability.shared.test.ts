import { expect } from 'chai';
import {
  createToolObservabilityLimits,
  sanitizeToolCallDiagnostic,
  sanitizeToolCallDiagnosticReason,
  serializeToolObservabilityValue,
} from '../../../src/runtime/index.js';
import { describe, it } from '../../support/spec.js';

describe('observability policy (R12)', () => {
  it('R12 credential-like fields are redacted and source-like strings become a character count', () => {
    const value = serializeToolObservabilityValue({
      apiKey: 'sk-or-v1-abcdef0123456789',
      headers: { Authorization: 'Bearer abc.def', accept: 'json' },
      accessToken: 't',
      source: '<p>private</p>',
      search: 'needle',
      replace: 'other',
      note: 'Bearer leaked-in-a-note',
      path: 'index.html',
    });
    expect(value).to.deep.equal({
      apiKey: '[redacted]',
      headers: { Authorization: '[redacted]', accept: 'json' },
      accessToken: '[redacted]',
      source: '[14 characters]',
      search: '[6 characters]',
      replace: '[5 characters]',
      note: '[redacted]',
      path: 'index.html',
    });
  });

  it('R12 depth, collection size, string length and total bytes are bounded, and nothing throws', () => {
    const policy = createToolObservabilityLimits({
      maxDepth: 2,
      maxCollectionSize: 3,
      maxStringLength: 5,
      maxBytes: 10_000,
    });
    const cyclic: Record<string, unknown> = { a: 1 };
    cyclic.self = cyclic;
    const value = serializeToolObservabilityValue(
      {
        deep: { deeper: { deepest: 1 } },
        list: [1, 2, 3, 4, 5],
        long: 'abcdefgh',
        cyclic,
        fn: () => 1,
        big: 10n,
      },
      policy,
    ) as Record<string, unknown>;
    expect(value.deep).to.deep.equal({ deeper: '[depth limit]' });
    expect(value.list).to.deep.equal([1, 2, 3, '[+2 more items]']);
    expect(value['…']).to.equal('[+3 more keys]');
    const small = createToolObservabilityLimits({ maxBytes: 64 });
    const bounded = serializeToolObservabilityValue(
      { items: Array.from({ length: 40 }, (_, i) => `item-${i}`) },
      small,
    );
    expect(new TextEncoder().encode(JSON.stringify(bounded)).length).to.be.below(200);
    expect(serializeToolObservabilityValue({ long: 'abcdefgh' }, policy)).to.deep.equal({
      long: 'abcde…[+3 characters]',
    });
    expect(serializeToolObservabilityValue(cyclic)).to.deep.equal({ a: 1, self: '[circular]' });
    const hostile = new Proxy(
      {},
      {
        ownKeys: () => {
          throw new Error('trap');
        },
      },
    );
    expect(serializeToolObservabilityValue(hostile)).to.equal('[unserializable]');
  });

  it('R12 the policy exposes retentionMs and maxEntries for the owning store; invalid overrides fall back', () => {
    const policy = createToolObservabilityLimits({ retentionMs: 60_000, maxEntries: -1 });
    expect(policy.retentionMs).to.equal(60_000);
    expect(policy.maxEntries).to.equal(createToolObservabilityLimits().maxEntries);
  });

  it('R12 sanitized diagnostics keep code, retryability and redacted details; handler text becomes a code-based reason', () => {
    const diagnostic = sanitizeToolCallDiagnostic({
      toolCallId: 'x',
      content: [{ type: 'text', text: 'file body' }],
      structuredContent: { source: 'file body' },
      error: {
        code: 'WORKSPACE_SIDE_EFFECT_UNKNOWN',
        message: 'Failed writing <secret> to disk',
        retryable: false,
        details: { path: 'a.html', source: 'file body', token: 'abc' },
      },
    });
    expect(diagnostic).to.deep.equal({
      code: 'WORKSPACE_SIDE_EFFECT_UNKNOWN',
      retryable: false,
      reason: 'Tool call failed with WORKSPACE_SIDE_EFFECT_UNKNOWN.',
      details: { path: 'a.html', source: '[9 characters]', token: '[redacted]' },
    });
    expect(sanitizeToolCallDiagnosticReason('<img onerror=x>')).to.equal(
      'Tool call failed with UNKNOWN_ERROR.',
    );
  });
});
