/**
 * MCP prompts for one session: `prompts/list` and `prompts/get` over any number of providers
 * (the chat recipes, a host's own), and their argument completions.
 */
import { type Outcome, isToolContent } from '../../runtime/protocol/index.js';
import type { MCPContentBlock } from '../../runtime/registry/index.js';
import type { MCPClientAsks } from './client-asks.js';
import {
  failure,
  JSONRPC_ERROR_CODES as RPC,
  success,
  type JSONRPCId,
  type JSONRPCParams,
  type JSONRPCResponse,
} from './jsonrpc.js';

/** One argument an MCP prompt takes. */
export interface MCPPromptArgument {
  name: string;
  description?: string;
  required?: boolean;
}

/** An MCP prompt as `prompts/list` reports it. */
export interface MCPPrompt {
  name: string;
  title?: string;
  description?: string;
  arguments?: MCPPromptArgument[];
}

/** One message of a prompt's result. */
export interface MCPPromptMessage {
  role: 'user' | 'assistant';
  content: MCPContentBlock;
}

/** What `prompts/get` answers: the prompt's messages. */
export interface MCPPromptResult {
  description?: string;
  messages: MCPPromptMessage[];
}

/**
 * A source of MCP prompts a session serves through `prompts/list`, `prompts/get` and completions.
 */
export interface MCPPromptProvider {
  list(): readonly MCPPrompt[];
  /**
   * `undefined` when the name is not this provider's. Required arguments are checked first.
   * `client` asks the requesting client (its user, model or roots), as a tool's channel does.
   */
  get(
    name: string,
    args: Readonly<Record<string, string>>,
    client: MCPClientAsks,
  ): Outcome<MCPPromptResult> | undefined | Promise<Outcome<MCPPromptResult> | undefined>;
  /** Values for a prompt argument starting with `value`; `undefined` when not its prompt. */
  complete?(name: string, argument: string, value: string): readonly string[] | undefined;
}

export interface SessionPrompts {
  readonly capability: Record<string, unknown> | undefined;
  list(id: JSONRPCId, params: JSONRPCParams): JSONRPCResponse;
  get(id: JSONRPCId, params: JSONRPCParams, client: MCPClientAsks): Promise<JSONRPCResponse>;
  complete(name: string, argument: string, value: string): readonly string[];
}

const isStringRecord = (value: unknown): value is Record<string, string> =>
  typeof value === 'object' &&
  value !== null &&
  !Array.isArray(value) &&
  Object.values(value).every((item) => typeof item === 'string');

const isMessage = (value: MCPPromptMessage) =>
  (value.role === 'user' || value.role === 'assistant') &&
  isToolContent(value.content) &&
  value.content.type !== ('json' as string);

export function createSessionPrompts(providers: readonly MCPPromptProvider[]): SessionPrompts {
  const find = (name: string) =>
    providers.find((provider) => provider.list().some((prompt) => prompt.name === name));

  return {
    capability: providers.length === 0 ? undefined : { listChanged: false },

    list(id, params) {
      if (params.cursor !== undefined) return failure(id, RPC.INVALID_PARAMS, 'Invalid cursor.');
      return success(id, { prompts: providers.flatMap((provider) => provider.list()) });
    },

    async get(id, params, client) {
      const { name } = params;
      const args = params.arguments ?? {};
      if (typeof name !== 'string')
        return failure(id, RPC.INVALID_PARAMS, 'name must be a string.');
      if (!isStringRecord(args)) {
        return failure(id, RPC.INVALID_PARAMS, 'Prompt arguments must be strings.');
      }
      const provider = find(name);
      const prompt = provider?.list().find((entry) => entry.name === name);
      if (!provider || !prompt) return failure(id, RPC.INVALID_PARAMS, `No prompt named ${name}.`);
      const missing = (prompt.arguments ?? [])
        .filter((argument) => argument.required && args[argument.name] === undefined)
        .map((argument) => argument.name);
      if (missing.length > 0) {
        return failure(id, RPC.INVALID_PARAMS, `Missing prompt arguments: ${missing.join(', ')}.`);
      }
      let got: Outcome<MCPPromptResult> | undefined;
      try {
        got = await provider.get(name, args, client);
      } catch {
        return failure(id, RPC.INTERNAL_ERROR, 'The prompt provider failed.');
      }
      if (got === undefined) return failure(id, RPC.INVALID_PARAMS, `No prompt named ${name}.`);
      if (!got.ok)
        return failure(id, RPC.INVALID_PARAMS, got.error.message, { code: got.error.code });
      if (!got.value.messages.every(isMessage)) {
        return failure(id, RPC.INTERNAL_ERROR, 'The prompt provider returned bad messages.');
      }
      return success(id, { ...got.value });
    },

    complete(name, argument, value) {
      return find(name)?.complete?.(name, argument, value) ?? [];
    },
  };
}
