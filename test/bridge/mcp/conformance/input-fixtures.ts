/**
 * The conformance suite's multi round-trip fixtures (2026-07-28 `input_required`): tools and a
 * prompt that ask the client through the same channel a 2025 session uses, keyed as the
 * scenarios expect.
 */
import * as z from 'zod';
import {
  MCP_CLIENT_CAPABILITY,
  type MCPClientChannel,
  type MCPPromptProvider,
} from '../../../../src/bridge/mcp/index.js';
import { defineTool, type ToolHandlerContext } from '../../../../src/runtime/index.js';

export const channelOf = (handler: ToolHandlerContext): MCPClientChannel => {
  const channel = handler.require(MCP_CLIENT_CAPABILITY);
  if (!channel.ok) throw channel.error;
  return channel.value;
};

export const text = (value: string) => ({ content: [{ type: 'text' as const, text: value }] });

export const form = (message: string, field: string, type = 'string') => ({
  message,
  requestedSchema: {
    type: 'object',
    properties: { [field]: { type } },
    required: [field],
  },
});

/** The accepted content of an elicitation answer, or an error result. */
export const accepted = (answer: Awaited<ReturnType<MCPClientChannel['elicit']>>) => {
  if (!answer.ok) throw new Error(answer.error.message);
  return (answer.value.content ?? {}) as Record<string, unknown>;
};

const sampled = (answer: Awaited<ReturnType<MCPClientChannel['createMessage']>>) => {
  if (!answer.ok) throw new Error(answer.error.message);
  return (answer.value.content as { text?: string } | undefined)?.text ?? '';
};

const question = (text: string, maxTokens: number) => ({
  messages: [{ role: 'user', content: { type: 'text', text } }],
  maxTokens,
});

const asking = (
  name: string,
  run: (channel: MCPClientChannel) => Promise<ReturnType<typeof text>>,
) =>
  defineTool(
    {
      name,
      description: `Conformance fixture ${name}: asks the client for input.`,
      inputSchema: z.object({}),
      annotations: { readOnlyHint: true },
    },
    (_args, handler) => run(channelOf(handler)),
  );

export const inputRequiredTools = [
  asking('test_input_required_result_elicitation', async (channel) => {
    const { name } = accepted(
      await channel.elicit(form('What is your name?', 'name'), { key: 'user_name' }),
    );
    return text(`Hello, ${String(name)}!`);
  }),
  asking('test_input_required_result_sampling', async (channel) => {
    const answer = await channel.createMessage(question('What is the capital of France?', 100), {
      key: 'capital_question',
    });
    return text(`The model answered: ${sampled(answer)}`);
  }),
  asking('test_input_required_result_list_roots', async (channel) => {
    const answer = await channel.listRoots({ key: 'client_roots' });
    if (!answer.ok) throw new Error(answer.error.message);
    const roots = answer.value.roots as { uri: string }[];
    return text(`Roots: ${roots.map((root) => root.uri).join(', ')}`);
  }),
  asking('test_input_required_result_request_state', async (channel) => {
    const { ok } = accepted(
      await channel.elicit(form('Please confirm', 'ok', 'boolean'), { key: 'confirm' }),
    );
    // The host verified the echoed requestState before this run (a tampered one is -32602).
    return text(`state-ok: confirmed ${String(ok)}`);
  }),
  asking('test_input_required_result_tampered_state', async (channel) => {
    const { ok } = accepted(
      await channel.elicit(form('Please confirm', 'ok', 'boolean'), { key: 'confirm' }),
    );
    return text(`Confirmed ${String(ok)}`);
  }),
  asking('test_input_required_result_multiple_inputs', async (channel) => {
    // Asked together, so they go out in one round.
    const [name, greeting, roots] = await Promise.all([
      channel.elicit(form('What is your name?', 'name'), { key: 'user_name' }),
      channel.createMessage(question('Generate a greeting', 50), { key: 'greeting' }),
      channel.listRoots({ key: 'client_roots' }),
    ]);
    if (!roots.ok) throw new Error(roots.error.message);
    return text(
      `${sampled(greeting)} ${String(accepted(name).name)} (${(roots.value.roots as unknown[]).length} roots)`,
    );
  }),
  asking('test_input_required_result_multi_round', async (channel) => {
    const { name } = accepted(
      await channel.elicit(form('Step 1: What is your name?', 'name'), { key: 'step1' }),
    );
    const { color } = accepted(
      await channel.elicit(form('Step 2: What is your favorite color?', 'color'), {
        key: 'step2',
      }),
    );
    return text(`${String(name)} likes ${String(color)}.`);
  }),
  asking('test_input_required_result_capabilities', async (channel) => {
    // Only what the request's client capabilities declare is asked.
    const declared = channel.clientCapabilities;
    const asks = [
      declared.sampling === undefined ? undefined : channel.createMessage(question('Hi?', 10)),
      declared.elicitation === undefined
        ? undefined
        : channel.elicit(form('What is your name?', 'name')),
      declared.roots === undefined ? undefined : channel.listRoots(),
    ];
    const answers = await Promise.all(asks);
    return text(`Answered ${answers.filter((answer) => answer?.ok).length} asks.`);
  }),
  asking('test_missing_capability', async (channel) => {
    // Needs the client's model: a request that did not declare sampling is refused (-32021).
    return text(`The model answered: ${sampled(await channel.createMessage(question('Hi?', 10)))}`);
  }),
];

/** `test_input_required_result_prompt`: a prompt that asks the client's user for its context. */
export const inputRequiredPrompts: MCPPromptProvider = {
  list: () => [
    {
      name: 'test_input_required_result_prompt',
      description: 'A prompt that asks the user for its context.',
    },
  ],
  async get(name, _args, client) {
    if (name !== 'test_input_required_result_prompt') return undefined;
    const answer = await client.elicit(form('What context should the prompt use?', 'context'), {
      key: 'user_context',
    });
    if (!answer.ok) return answer;
    const { context } = (answer.value.content ?? {}) as { context?: string };
    const content = { type: 'text' as const, text: `Use this context: ${String(context)}` };
    return { ok: true, value: { messages: [{ role: 'user', content }] } };
  },
};
