// A studio runtime without any element: the same registry, approvals and workspace the
// elements share, driven from code.
import { createStudioRuntime } from '@context-action/elements/studio';

const runtime = createStudioRuntime({ storage: 'memory' });
await runtime.ready;

// A person's own call runs at once; a model's would wait in runtime.approvals.
const result = await runtime.registry.callTool(
  'workspace.readFile',
  { path: 'index.html' },
  { context: { source: 'local', mode: 'direct' } },
);
// A failure is a value with a stable code, never a throw.
if (result.error) console.error(result.error.code, result.error.message);
else console.log(result.structuredContent);

runtime.dispose();
