import { expect } from 'chai';
import * as z from 'zod';
import {
  createToolRegistry,
  defineTool,
  TOOL_ERROR_META_KEY,
  toMCPCallToolResult,
} from '../../../src/runtime/index.js';
import { describe, it } from '../../support/spec.js';
import { readFile } from './fixtures.js';

describe('provider exports (R15)', () => {
  it('R15 a title joins the description for OpenAI and Anthropic unless the description starts with it', () => {
    const registry = createToolRegistry();
    registry.register(readFile);
    registry.register(
      defineTool(
        {
          name: 'workspace.listFiles',
          title: 'List files',
          description: 'List files in the workspace.',
          inputSchema: z.object({}),
        },
        () => ({ content: [] }),
      ),
    );
    registry.register(
      defineTool(
        { name: 'workspace.stat', description: 'Stats a file.', inputSchema: z.object({}) },
        () => ({ content: [] }),
      ),
    );
    const descriptions = [
      'List files in the workspace.',
      'Read file. Reads one workspace file.',
      'Stats a file.',
    ];
    expect(registry.toOpenAI().map((tool) => tool.function.description)).to.deep.equal(
      descriptions,
    );
    expect(registry.toAnthropic().map((tool) => tool.description)).to.deep.equal(descriptions);
    expect(registry.toOpenAI().map((tool) => tool.type)).to.deep.equal([
      'function',
      'function',
      'function',
    ]);
  });
});

describe('MCP results', () => {
  it('a JSON block becomes text: undefined as null, an unserializable value as a marker', () => {
    const cyclic: Record<string, unknown> = {};
    cyclic.self = cyclic;
    const result = toMCPCallToolResult({
      toolCallId: 'c',
      content: [
        { type: 'json', json: undefined },
        { type: 'json', json: cyclic },
        { type: 'json', json: { a: 1 } },
      ],
    });
    expect(result.content).to.deep.equal([
      { type: 'text', text: 'null' },
      { type: 'text', text: '"[unserializable]"' },
      { type: 'text', text: '{"a":1}' },
    ]);
    expect(result).not.to.have.property('isError');
  });

  it('an error without details carries only its code and retryable under _meta', () => {
    const result = toMCPCallToolResult({
      toolCallId: 'c',
      content: [{ type: 'text', text: 'No.' }],
      error: { code: 'TOOL_POLICY_DENIED', message: 'No.', retryable: false },
    });
    expect(result).to.deep.equal({
      content: [{ type: 'text', text: 'No.' }],
      isError: true,
      _meta: { [TOOL_ERROR_META_KEY]: { code: 'TOOL_POLICY_DENIED', retryable: false } },
    });
  });
});
