/**
 * The connected MCP client's model as one more agent driver: each turn is a
 * `sampling/createMessage` with the listed tools (MCP 2025-11-25 tool use in sampling); the
 * model's `tool_use` blocks run through `executeModelToolCall`, so policy and approval apply,
 * and go back as `tool_result` blocks until the model answers without tools.
 */
import { type AgentDriver, toolTranscriptMessage } from '../../runtime/agents/index.js';
import { TOOL_CALL_ERROR_CODES, toolError, type Outcome } from '../../runtime/protocol/index.js';
import { toMCPCallToolResult, listAllTools } from '../../runtime/registry/index.js';
import type { JSONRPCParams } from './jsonrpc.js';

/** How the sampling agent reaches the client's model, and its turn and token budgets. */
export interface SamplingAgentOptions {
  /** Sends `sampling/createMessage` to the client, e.g. `session.createMessage`. */
  createMessage(
    params: JSONRPCParams,
    signal?: AbortSignal,
  ): Promise<Outcome<Record<string, unknown>>>;
  /** Sampling turns before the run fails. Default 8. */
  maxTurns?: number;
  /** Tokens the client's model may use per turn. Default 2,000. */
  maxTokens?: number;
}

/** Why a sampling agent run failed: too many turns, or a result it could not read. */
export const SAMPLING_AGENT_ERROR_CODES = Object.freeze({
  SAMPLING_TURN_LIMIT: 'SAMPLING_TURN_LIMIT',
  SAMPLING_BAD_RESULT: 'SAMPLING_BAD_RESULT',
} as const);

type Block = Record<string, unknown> & { type?: unknown };

const SYSTEM_PROMPT =
  'You edit a live HTML/CSS/JS workspace only through the tools offered. Read before you write.';

const blocksOf = (content: unknown): Block[] =>
  (Array.isArray(content) ? content : [content]).filter(
    (block): block is Block => typeof block === 'object' && block !== null,
  );

/**
 * An agent driver that uses the connected MCP client's model through sampling, running its tool
 * calls through the registry.
 */
export function createSamplingAgent(options: SamplingAgentOptions): AgentDriver {
  const maxTurns = options.maxTurns ?? 8;
  const maxTokens = options.maxTokens ?? 2000;
  const failed = (code: string, message: string) => ({
    status: 'failed' as const,
    error: toolError(code, message),
  });

  return {
    id: 'mcp-sampling',
    async run({ prompt, tools, context, signal, emit, progress }) {
      const listed = await listAllTools(tools, { signal });
      if (!listed.ok) return { status: 'failed', error: listed.error };
      const offered = listed.value.map(({ name, description, inputSchema }) => ({
        name,
        description,
        inputSchema,
      }));
      const messages: JSONRPCParams[] = [{ role: 'user', content: { type: 'text', text: prompt } }];
      const session = context.sessionId ?? 'mcp-sampling';
      for (let turn = 1; turn <= maxTurns; turn++) {
        progress?.({ kind: 'turn', turn, of: maxTurns });
        const answer = await options.createMessage(
          {
            // A copy: the transcript grows after the request is sent.
            messages: [...messages],
            maxTokens,
            systemPrompt: SYSTEM_PROMPT,
            tools: offered,
            toolChoice: { mode: 'auto' },
          },
          signal,
        );
        if (!answer.ok) return { status: 'failed', error: answer.error };
        const blocks = blocksOf(answer.value.content);
        if (blocks.length === 0) {
          return failed(
            SAMPLING_AGENT_ERROR_CODES.SAMPLING_BAD_RESULT,
            'The client model sent no content.',
          );
        }
        messages.push({ role: 'assistant', content: blocks });
        const text = blocks
          .filter((block) => block.type === 'text' && typeof block.text === 'string')
          .map((block) => block.text as string)
          .join('\n');
        const uses = blocks.filter((block) => block.type === 'tool_use');
        if (text || uses.length === 0) {
          emit({ id: `${session}-sampling-${turn}`, role: 'assistant', text: text || 'Done.' });
        }
        if (uses.length === 0) return { status: 'completed' };
        const results: Block[] = [];
        for (const use of uses) {
          const id = typeof use.id === 'string' ? use.id : `${session}-use-${turn}`;
          const name = typeof use.name === 'string' ? use.name : '';
          const result = await tools.executeModelToolCall(
            { id, name, arguments: use.input ?? {} },
            { signal, context },
          );
          emit(toolTranscriptMessage(`${session}-sampling-${turn}-${id}`, name, id, result));
          if (signal.aborted || result.error?.code === TOOL_CALL_ERROR_CODES.TOOL_CANCELLED) {
            return failed(TOOL_CALL_ERROR_CODES.TOOL_CANCELLED, 'The run was cancelled.');
          }
          const mcp = toMCPCallToolResult(result);
          results.push({
            type: 'tool_result',
            toolUseId: id,
            content: mcp.content,
            ...(mcp.structuredContent ? { structuredContent: mcp.structuredContent } : {}),
            ...(mcp.isError ? { isError: true } : {}),
          });
        }
        messages.push({ role: 'user', content: results });
      }
      return failed(
        SAMPLING_AGENT_ERROR_CODES.SAMPLING_TURN_LIMIT,
        `The client model still asked for tools after ${maxTurns} turns.`,
      );
    },
  };
}
