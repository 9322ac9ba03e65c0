/**
 * `createAgentHandler()`: the site's model behind the studio, on the AI SDK's chat protocol. The
 * browser posts its conversation as UI messages with the tools it may call; the handler declares
 * them to `streamText` without `execute`, so every tool call streams back to the browser, which
 * runs it through its registry (policy, approval, preview) and posts the result for the next
 * step. The key stays on the server; the browser never names the provider or the model.
 */
import {
  convertToModelMessages,
  jsonSchema,
  safeValidateUIMessages,
  streamText,
  tool,
  type LanguageModel,
  type ToolSet,
  type UIMessage,
} from 'ai';
import { OPENROUTER_SYSTEM_PROMPT } from '../../runtime/agents/openrouter/index.js';
import { AGENT_SERVER_ERROR_CODES as CODES, agentServerError } from './errors.js';
import { DEFAULT_AGENT_SERVER_LIMITS, type AgentServerLimits } from './limits.js';
import { readBodyText } from './read-body.js';
import { logModelFailure } from './redact.js';
import { createReplySteps } from './reply-steps.js';
import { checkAgentRequest, type BrowserTool } from './validate.js';

/**
 * Decides whether a request may reach the model, before its body is read: `true` or nothing lets
 * it through, `false` answers 403, a `Response` (a 429 with `Retry-After`, say) is sent as it is,
 * and a throw answers 401.
 */
export type AgentAuthorize = (
  request: Request,
) => boolean | void | Response | Promise<boolean | void | Response>;

/**
 * What `createAgentHandler` needs: the model, and optionally the system prompt, step budget and
 * request limits.
 */
export interface AgentHandlerOptions {
  /** Any AI SDK language model: `openai('…')`, `anthropic('…')`, `createOpenAICompatible(…)('…')`. */
  model: LanguageModel;
  /** Default: the studio's house rules (inspect first, small patches, pass revisions). */
  system?: string;
  /**
   * Model steps one reply may take, counted on the server across the browser's tool round trips
   * (by the reply's server-issued message id); default 8.
   */
  maxSteps?: number;
  /** Output tokens one model step may produce, sent to the provider; default 8,192. */
  maxOutputTokens?: number;
  authorize?: AgentAuthorize;
  limits?: Partial<AgentServerLimits>;
}

/** Model steps one reply may take when `maxSteps` is not set. */
export const DEFAULT_AGENT_MAX_STEPS = 8;
/** Output tokens one model step may produce when `maxOutputTokens` is not set. */
export const DEFAULT_AGENT_MAX_OUTPUT_TOKENS = 8_192;
/**
 * The system prompt used when `system` is not set: the studio's house rules for editing the
 * workspace.
 */
export const DEFAULT_AGENT_SYSTEM_PROMPT = OPENROUTER_SYSTEM_PROMPT;

/** Tools the model may call and the browser runs: no `execute` here. */
function declareTools(tools: Record<string, BrowserTool>): ToolSet {
  return Object.fromEntries(
    Object.entries(tools).map(([name, definition]) => [
      name,
      tool({
        ...(definition.description === undefined ? {} : { description: definition.description }),
        inputSchema: jsonSchema(definition.inputSchema),
      }),
    ]),
  );
}

/** Whether any `file` part points at a URL rather than carrying its bytes as a `data:` URL. */
function namesFileUrl(messages: readonly UIMessage[]): boolean {
  return messages.some((message) =>
    message.parts.some((part) => part.type === 'file' && !/^data:/i.test(part.url)),
  );
}

/** The SDK would fetch any URL left in the prompt; here none may be fetched. */
const refuseDownloads = async (requested: readonly unknown[]) => {
  if (requested.length > 0) throw new Error('The agent server fetches no URL.');
  return [];
};

async function authorized(
  authorize: AgentAuthorize | undefined,
  request: Request,
): Promise<Response | null> {
  if (!authorize) return null;
  let verdict: Awaited<ReturnType<AgentAuthorize>>;
  try {
    verdict = await authorize(request);
  } catch {
    return agentServerError(401, CODES.AGENT_SERVER_UNAUTHORIZED, 'This request is not signed in.');
  }
  if (verdict instanceof Response) return verdict;
  return verdict === false
    ? agentServerError(403, CODES.AGENT_SERVER_FORBIDDEN, 'This request may not use the model.')
    : null;
}

/**
 * Makes a web-standard request handler that streams a model's replies and tool calls to the studio;
 * the browser runs the tools.
 */
export function createAgentHandler(
  options: AgentHandlerOptions,
): (request: Request) => Promise<Response> {
  const limits = { ...DEFAULT_AGENT_SERVER_LIMITS, ...options.limits };
  const maxSteps = options.maxSteps ?? DEFAULT_AGENT_MAX_STEPS;
  const maxOutputTokens = options.maxOutputTokens ?? DEFAULT_AGENT_MAX_OUTPUT_TOKENS;
  const system = options.system ?? DEFAULT_AGENT_SYSTEM_PROMPT;
  const replies = createReplySteps({
    maxSteps,
    maxReplies: limits.maxReplies,
    replyIdleMs: limits.replyIdleMs,
  });

  return async (request) => {
    if (request.method !== 'POST') {
      return agentServerError(405, CODES.AGENT_SERVER_METHOD_NOT_ALLOWED, 'Use POST.');
    }
    const refused = await authorized(options.authorize, request);
    if (refused) return refused;
    const body = await readBodyText(request, limits.maxBodyBytes);
    if (!body.ok) {
      return agentServerError(
        413,
        CODES.AGENT_SERVER_BODY_TOO_LARGE,
        `The body is larger than ${limits.maxBodyBytes} bytes.`,
      );
    }
    const checked = checkAgentRequest(body.text, limits);
    if (!checked.ok) return agentServerError(400, checked.code, checked.message);
    const tools = declareTools(checked.value.tools);
    const messages = await safeValidateUIMessages({ messages: checked.value.messages });
    if (!messages.success) {
      return agentServerError(
        400,
        CODES.AGENT_SERVER_INVALID_BODY,
        'The messages are not AI SDK UI messages.',
      );
    }
    if (namesFileUrl(messages.data)) {
      return agentServerError(
        400,
        CODES.AGENT_SERVER_FILE_URL_REFUSED,
        'A file must be sent inline as a data: URL; the server fetches no URL.',
      );
    }
    // The browser resends the reply it continues; its steps are counted here, by its id.
    const last = messages.data.at(-1);
    const verdict = last?.role === 'assistant' ? replies.continue(last.id) : 'ok';
    if (verdict === 'unknown-reply') {
      return agentServerError(
        400,
        CODES.AGENT_SERVER_UNKNOWN_REPLY,
        'The reply to continue was not started by this server, or was forgotten.',
      );
    }
    if (verdict === 'step-limit') {
      return agentServerError(
        400,
        CODES.AGENT_SERVER_STEP_LIMIT,
        `This reply already took ${maxSteps} steps.`,
      );
    }
    const replyId = last?.role === 'assistant' ? last.id : replies.start();
    const result = streamText({
      model: options.model,
      system,
      messages: await convertToModelMessages(messages.data, { tools }),
      tools,
      maxOutputTokens,
      experimental_download: refuseDownloads,
      // The browser going away stops the model too.
      abortSignal: request.signal,
      onError: ({ error }) => logModelFailure(error),
    });
    return result.toUIMessageStreamResponse({
      originalMessages: messages.data,
      generateMessageId: () => replyId,
    });
  };
}
