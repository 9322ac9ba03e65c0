/**
 * A chat route as the AI SDK docs write one ("Chatbot Tool Usage", client-side tools): the tools
 * are declared on the server with a zod `inputSchema` and no `execute`, the body's `messages`
 * go through `convertToModelMessages`, and the answer is `toUIMessageStreamResponse()`. Nothing
 * here comes from our handler; it ignores the `tools` the studio sends.
 */
import { convertToModelMessages, streamText, tool, type LanguageModel, type UIMessage } from 'ai';
import * as z from 'zod';

export function createPlainAISDKRoute(model: LanguageModel) {
  return async function POST(req: Request): Promise<Response> {
    const { messages }: { messages: UIMessage[] } = await req.json();
    const result = streamText({
      model,
      messages: await convertToModelMessages(messages),
      tools: {
        // A client-side tool: no execute function, the browser runs it.
        workspace__writeFile: tool({
          description: 'Write a text file in the workspace.',
          inputSchema: z.object({ path: z.string(), text: z.string() }),
        }),
      },
    });
    return result.toUIMessageStreamResponse();
  };
}
