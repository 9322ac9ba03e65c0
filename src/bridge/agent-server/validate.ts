/**
 * The browser's request as the handler accepts it: `{ messages, tools? }` as the AI SDK's chat
 * transport sends it (extra fields such as `id` and `trigger` are ignored), with the tool list
 * checked against the limits, since any page can forge it.
 */
import * as z from 'zod';
import { PROVIDER_TOOL_NAME_PATTERN } from '../../runtime/registry/index.js';
import { AGENT_SERVER_ERROR_CODES as CODES, type AgentServerErrorCode } from './errors.js';
import type { AgentServerLimits } from './limits.js';

export interface BrowserTool {
  description?: string;
  inputSchema: Record<string, unknown>;
}

export interface AgentRequestBody {
  messages: unknown[];
  tools: Record<string, BrowserTool>;
}

type Checked =
  | { ok: true; value: AgentRequestBody }
  | { ok: false; code: AgentServerErrorCode; message: string };

const refuse = (code: AgentServerErrorCode, message: string): Checked => ({
  ok: false,
  code,
  message,
});

/** How deeply objects and arrays nest in `value`; stops counting past `limit`. */
function depthOf(value: unknown, limit: number, depth = 0): number {
  if (depth > limit || typeof value !== 'object' || value === null) return depth;
  let deepest = depth + 1;
  for (const child of Object.values(value)) {
    deepest = Math.max(deepest, depthOf(child, limit, depth + 1));
    if (deepest > limit) break;
  }
  return deepest;
}

export function checkAgentRequest(text: string, limits: AgentServerLimits): Checked {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    return refuse(CODES.AGENT_SERVER_INVALID_BODY, 'The body is not JSON.');
  }
  const body = z
    .object({
      messages: z.array(z.unknown()).min(1).max(limits.maxMessages),
      tools: z.record(z.string(), z.unknown()).optional(),
    })
    .safeParse(json);
  if (!body.success) {
    return refuse(
      CODES.AGENT_SERVER_INVALID_BODY,
      `The body must be { messages: [1–${limits.maxMessages} UI messages], tools?: { … } }.`,
    );
  }
  const entries = Object.entries(body.data.tools ?? {});
  if (entries.length > limits.maxTools)
    return refuse(CODES.AGENT_SERVER_INVALID_TOOLS, `More than ${limits.maxTools} tools.`);
  const tool = z.object({
    description: z.string().max(limits.maxDescriptionChars).optional(),
    inputSchema: z.record(z.string(), z.unknown()),
  });
  const tools: Record<string, BrowserTool> = {};
  for (const [name, raw] of entries) {
    if (!PROVIDER_TOOL_NAME_PATTERN.test(name))
      return refuse(
        CODES.AGENT_SERVER_INVALID_TOOLS,
        `The tool name ${JSON.stringify(name.slice(0, 80))} is not [a-zA-Z0-9_-]{1,64}.`,
      );
    const parsed = tool.safeParse(raw);
    if (!parsed.success)
      return refuse(
        CODES.AGENT_SERVER_INVALID_TOOLS,
        `The tool ${name} needs an inputSchema object and a short description.`,
      );
    const { inputSchema } = parsed.data;
    if (depthOf(inputSchema, limits.maxSchemaDepth) > limits.maxSchemaDepth)
      return refuse(
        CODES.AGENT_SERVER_INVALID_TOOLS,
        `The schema of ${name} nests deeper than ${limits.maxSchemaDepth}.`,
      );
    if (JSON.stringify(inputSchema).length > limits.maxSchemaChars)
      return refuse(
        CODES.AGENT_SERVER_INVALID_TOOLS,
        `The schema of ${name} is longer than ${limits.maxSchemaChars} characters.`,
      );
    tools[name] = parsed.data as BrowserTool;
  }
  return { ok: true, value: { messages: body.data.messages, tools } };
}
