/**
 * The official MCP conformance suite's server fixture, written with our `defineTool` and
 * provider interfaces: the tools, resources and prompts its scenarios call by name.
 */
import * as z from 'zod';
import {
  MCP_CLIENT_CAPABILITY,
  type MCPPromptProvider,
  type MCPResourceProvider,
} from '../../../../src/bridge/mcp/index.js';
import { defineTool, type ToolHandlerContext } from '../../../../src/runtime/index.js';

/** A 1×1 red PNG and a tiny WAV header, base64. */
export const RED_PIXEL_PNG =
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR4nGP4z8DwHwAFAAH/iZk9HQAAAABJRU5ErkJggg==';
const SILENT_WAV = 'UklGRiQAAABXQVZFZm10IBAAAAABAAEAQB8AAIA+AAACABAAZGF0YQAAAAA=';

const wait = (ms: number, signal: AbortSignal) =>
  new Promise<void>((resolve) => {
    const timer = setTimeout(resolve, ms);
    signal.addEventListener('abort', () => (clearTimeout(timer), resolve()), { once: true });
  });

const client = (handler: ToolHandlerContext) => {
  const channel = handler.require(MCP_CLIENT_CAPABILITY);
  if (!channel.ok) throw channel.error;
  return channel.value;
};

const text = (value: string) => ({ content: [{ type: 'text' as const, text: value }] });
const none = z.object({});
const readOnly = { readOnlyHint: true };

const fixed = (name: string, content: Parameters<typeof defineTool>[1]) =>
  defineTool(
    { name, description: `Conformance fixture ${name}.`, inputSchema: none, annotations: readOnly },
    content,
  );

const address = z
  .object({ street: z.string().optional(), city: z.string().optional() })
  .meta({ id: 'address' });

export const conformanceTools = [
  fixed('test_simple_text', () => text('This is a simple text response for testing.')),
  fixed('test_image_content', () => ({
    content: [{ type: 'image', data: RED_PIXEL_PNG, mimeType: 'image/png' }],
  })),
  fixed('test_audio_content', () => ({
    content: [{ type: 'audio', data: SILENT_WAV, mimeType: 'audio/wav' }],
  })),
  fixed('test_embedded_resource', () => ({
    content: [
      {
        type: 'resource',
        resource: {
          uri: 'test://embedded-resource',
          mimeType: 'text/plain',
          text: 'This is an embedded resource content.',
        },
      },
    ],
  })),
  fixed('test_multiple_content_types', () => ({
    content: [
      { type: 'text', text: 'Multiple content types test:' },
      { type: 'image', data: RED_PIXEL_PNG, mimeType: 'image/png' },
      {
        type: 'resource',
        resource: {
          uri: 'test://mixed-content-resource',
          mimeType: 'application/json',
          text: '{"test":"data","value":123}',
        },
      },
    ],
  })),
  fixed('test_tool_with_logging', async (_args, handler) => {
    const channel = client(handler);
    channel.log('info', 'Tool execution started');
    await wait(50, handler.signal);
    channel.log('info', 'Tool processing data');
    await wait(50, handler.signal);
    channel.log('info', 'Tool execution completed');
    return text('Logging test completed.');
  }),
  fixed('test_tool_with_progress', async (_args, handler) => {
    const channel = client(handler);
    for (const progress of [0, 50, 100]) {
      channel.progress(progress, 100);
      if (progress < 100) await wait(50, handler.signal);
    }
    return text('Progress test completed.');
  }),
  fixed('test_error_handling', () => {
    throw new Error('This tool intentionally returns an error for testing');
  }),
  fixed('test_reconnection', () => text('Reconnection test completed successfully')),
  defineTool(
    {
      name: 'test_sampling',
      description: 'Asks the client model through sampling/createMessage.',
      inputSchema: z.object({ prompt: z.string() }),
      annotations: readOnly,
    },
    async ({ prompt }, handler) => {
      const answer = await client(handler).createMessage({
        messages: [{ role: 'user', content: { type: 'text', text: prompt } }],
        maxTokens: 100,
      });
      if (!answer.ok) return answer;
      const content = answer.value.content as { text?: string } | undefined;
      return text(`LLM response: ${content?.text ?? ''}`);
    },
  ),
  defineTool(
    {
      name: 'test_elicitation',
      description: 'Asks the client user through elicitation/create.',
      inputSchema: z.object({ message: z.string() }),
      annotations: readOnly,
    },
    async ({ message }, handler) => {
      const answer = await client(handler).elicit({
        message,
        requestedSchema: {
          type: 'object',
          properties: {
            username: { type: 'string', description: "User's response" },
            email: { type: 'string', description: "User's email address" },
          },
          required: ['username', 'email'],
        },
      });
      if (!answer.ok) return answer;
      return text(`User response: ${JSON.stringify(answer.value)}`);
    },
  ),
  fixed('test_elicitation_sep1034_defaults', async (_args, handler) => {
    const answer = await client(handler).elicit({
      message: 'Please review and update the form fields with defaults',
      requestedSchema: {
        type: 'object',
        properties: {
          name: { type: 'string', description: 'User name', default: 'John Doe' },
          age: { type: 'integer', description: 'User age', default: 30 },
          score: { type: 'number', description: 'User score', default: 95.5 },
          status: {
            type: 'string',
            description: 'User status',
            enum: ['active', 'inactive', 'pending'],
            default: 'active',
          },
          verified: { type: 'boolean', description: 'Verification status', default: true },
        },
        required: [],
      },
    });
    if (!answer.ok) return answer;
    return text(`Elicitation completed: ${JSON.stringify(answer.value)}`);
  }),
  fixed('test_elicitation_sep1330_enums', async (_args, handler) => {
    const answer = await client(handler).elicit({
      message: 'Please select options',
      requestedSchema: {
        type: 'object',
        properties: {
          untitledSingle: { type: 'string', enum: ['option1', 'option2', 'option3'] },
          titledSingle: {
            type: 'string',
            oneOf: [
              { const: 'value1', title: 'First Option' },
              { const: 'value2', title: 'Second Option' },
            ],
          },
          legacyEnum: {
            type: 'string',
            enum: ['opt1', 'opt2', 'opt3'],
            enumNames: ['Option One', 'Option Two', 'Option Three'],
          },
          untitledMulti: {
            type: 'array',
            items: { type: 'string', enum: ['option1', 'option2', 'option3'] },
          },
          titledMulti: {
            type: 'array',
            items: {
              anyOf: [
                { const: 'value1', title: 'First Choice' },
                { const: 'value2', title: 'Second Choice' },
              ],
            },
          },
        },
      },
    });
    if (!answer.ok) return answer;
    return text(`Elicitation completed: ${JSON.stringify(answer.value)}`);
  }),
  defineTool(
    {
      name: 'test_custom_header',
      description: 'Its region travels in the Mcp-Param-Region header too (SEP-2243).',
      inputSchema: z.object({ region: z.string().meta({ 'x-mcp-header': 'Region' }) }),
      annotations: readOnly,
    },
    ({ region }) => text(`Region: ${region}`),
  ),
  defineTool(
    {
      name: 'json_schema_2020_12_tool',
      description: 'Tool with JSON Schema 2020-12 features',
      inputSchema: z.strictObject({ name: z.string().optional(), address: address.optional() }),
      annotations: readOnly,
    },
    (args) => text(JSON.stringify(args)),
  ),
];

export const conformanceResources: MCPResourceProvider = {
  list: () => [
    {
      uri: 'test://static-text',
      name: 'Static text',
      description: 'A static text resource.',
      mimeType: 'text/plain',
    },
    {
      uri: 'test://static-binary',
      name: 'Static binary',
      description: 'A static PNG.',
      mimeType: 'image/png',
    },
    {
      uri: 'test://watched-resource',
      name: 'Watched',
      description: 'A resource to subscribe to.',
      mimeType: 'text/plain',
    },
  ],
  templates: () => [
    {
      uriTemplate: 'test://template/{id}/data',
      name: 'Template data',
      description: 'Data by id.',
      mimeType: 'application/json',
    },
  ],
  read(uri) {
    if (uri === 'test://static-text' || uri === 'test://watched-resource') {
      const value = 'This is the content of the static text resource.';
      return { ok: true, value: [{ uri, mimeType: 'text/plain', text: value }] };
    }
    if (uri === 'test://static-binary') {
      return { ok: true, value: [{ uri, mimeType: 'image/png', blob: RED_PIXEL_PNG }] };
    }
    const id = /^test:\/\/template\/([^/]+)\/data$/.exec(uri)?.[1];
    if (id === undefined) return undefined;
    const data = { id, templateTest: true, data: `Data for ID: ${id}` };
    return { ok: true, value: [{ uri, mimeType: 'application/json', text: JSON.stringify(data) }] };
  },
};

export const conformancePrompts: MCPPromptProvider = {
  list: () => [
    { name: 'test_simple_prompt', description: 'A simple prompt without arguments.' },
    {
      name: 'test_prompt_with_arguments',
      description: 'A prompt with two arguments.',
      arguments: [
        { name: 'arg1', description: 'First test argument', required: true },
        { name: 'arg2', description: 'Second test argument', required: true },
      ],
    },
    {
      name: 'test_prompt_with_embedded_resource',
      description: 'A prompt that embeds a resource.',
      arguments: [{ name: 'resourceUri', description: 'URI to embed', required: true }],
    },
    { name: 'test_prompt_with_image', description: 'A prompt with an image.' },
  ],
  get(name, args) {
    const user = (text: string) => ({
      role: 'user' as const,
      content: { type: 'text' as const, text },
    });
    switch (name) {
      case 'test_simple_prompt':
        return { ok: true, value: { messages: [user('This is a simple prompt for testing.')] } };
      case 'test_prompt_with_arguments':
        return {
          ok: true,
          value: {
            messages: [user(`Prompt with arguments: arg1='${args.arg1}', arg2='${args.arg2}'`)],
          },
        };
      case 'test_prompt_with_embedded_resource':
        return {
          ok: true,
          value: {
            messages: [
              {
                role: 'user',
                content: {
                  type: 'resource',
                  resource: {
                    uri: args.resourceUri ?? '',
                    mimeType: 'text/plain',
                    text: 'Embedded resource content for testing.',
                  },
                },
              },
              user('Please process the embedded resource above.'),
            ],
          },
        };
      case 'test_prompt_with_image':
        return {
          ok: true,
          value: {
            messages: [
              {
                role: 'user',
                content: { type: 'image', data: RED_PIXEL_PNG, mimeType: 'image/png' },
              },
              user('Please analyze the image above.'),
            ],
          },
        };
      default:
        return undefined;
    }
  },
  complete: (name, argument, value) =>
    name === 'test_prompt_with_arguments'
      ? ['paris', 'park', 'party', 'test-value'].filter((entry) => entry.startsWith(value))
      : undefined,
};
