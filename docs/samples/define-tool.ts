// A tool of your own: zod schemas for its arguments, a handler, and annotations that tell people
// and models what it does. Once registered, agents, MCP clients and the Tools panel list it.
import * as z from 'zod';
import { defineTool } from '@context-action/elements/runtime';
import { createStudioRuntime } from '@context-action/elements/studio';

const wordCount = defineTool(
  {
    name: 'site.wordCount',
    title: 'Count words',
    description: 'Counts the words of one workspace file.',
    inputSchema: z.object({ path: z.string() }),
    annotations: { readOnlyHint: true },
  },
  async ({ path }) => {
    const response = await runtime.registry.callTool(
      'workspace.readFile',
      { path },
      { context: { source: 'local', mode: 'direct' } },
    );
    const text = String(response.structuredContent?.text ?? '');
    return { ok: true, value: { path, words: text.split(/\s+/).filter(Boolean).length } };
  },
);

const runtime = createStudioRuntime({ storage: 'memory' });
const unregister = runtime.registry.register(wordCount);
// Later: unregister() removes it, and every listener sees the tool list change.
void unregister;
