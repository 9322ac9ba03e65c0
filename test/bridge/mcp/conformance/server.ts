/**
 * The server the official conformance suite runs against: `createMCPHttpHost` serving a
 * studio runtime (workspace files as resources, chat recipes as prompts) plus the suite's
 * fixture tools, resources and prompts, and which of its tools run as tasks. Prints `{ "url": … }` once listening; stops on SIGTERM.
 */
import {
  createMCPHttpHost,
  createRecipePrompts,
  createWorkspaceResources,
} from '../../../../src/bridge/mcp/node.js';
import { createStudioRuntime } from '../../../../src/composition/index.js';
import { conformancePrompts, conformanceResources, conformanceTools } from './fixture.js';
import { inputRequiredPrompts, inputRequiredTools } from './input-fixtures.js';
import { taskSupport, taskTools } from './task-fixtures.js';

const runtime = createStudioRuntime({ workspaceRepository: null });
await runtime.ready;
for (const tool of [...conformanceTools, ...inputRequiredTools, ...taskTools]) {
  runtime.registry.register(tool);
}
const host = await createMCPHttpHost({
  registry: runtime.registry,
  resources: [createWorkspaceResources(runtime.workspace), conformanceResources],
  prompts: [createRecipePrompts(runtime.workspace), conformancePrompts, inputRequiredPrompts],
  tasks: { support: taskSupport, approvals: runtime.approvals.store },
});
console.log(JSON.stringify({ url: host.url }));
const stop = async () => {
  await host.close();
  runtime.dispose();
  process.exit(0);
};
process.once('SIGTERM', stop);
process.once('SIGINT', stop);
