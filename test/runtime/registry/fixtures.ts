/** Small real tools shared by the registry contract tests. */
import * as z from 'zod';
import { defineTool, type ToolHandlerContext } from '../../../src/runtime/index.js';

export const readFile = defineTool(
  {
    name: 'workspace.readFile',
    title: 'Read file',
    description: 'Reads one workspace file.',
    inputSchema: z.object({ path: z.string().min(1) }),
    outputSchema: z.object({ path: z.string(), source: z.string() }),
    annotations: { readOnlyHint: true },
  },
  (args) => ({ structuredContent: { path: args.path, source: `<!-- ${args.path} -->` } }),
);

/** A mutation that counts its runs, so tests can prove a handler did or did not run. */
export function createWriteFile(name = 'workspace.writeFile') {
  const runs: { args: unknown; context: ToolHandlerContext }[] = [];
  const tool = defineTool(
    {
      name,
      description: 'Writes one workspace file.',
      inputSchema: z.object({ path: z.string().min(1), source: z.string().max(80_000) }),
      annotations: { destructiveHint: true },
    },
    (args, context) => {
      runs.push({ args, context });
      return { content: [{ type: 'text', text: `wrote ${args.path}` }] };
    },
  );
  return { tool, runs };
}

/** A handler that waits until aborted (or `release()` is called) and records how it ended. */
export function createSlowTool(name = 'slow.wait') {
  const state = { started: 0, sawAbort: 0, finished: 0 };
  let releases: (() => void)[] = [];
  const tool = defineTool(
    { name, description: 'Waits.', inputSchema: z.object({ n: z.number().optional() }) },
    async (_args, context) => {
      state.started++;
      await new Promise<void>((resolve) => {
        releases.push(resolve);
        context.signal.addEventListener('abort', () => {
          state.sawAbort++;
          resolve();
        });
      });
      state.finished++;
      return { content: [{ type: 'text', text: 'done' }] };
    },
  );
  const release = () => {
    const pending = releases;
    releases = [];
    for (const resolve of pending) resolve();
  };
  return { tool, state, release };
}

export const tick = (ms = 0) => new Promise((resolve) => setTimeout(resolve, ms));
