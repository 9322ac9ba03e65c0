// A studio runtime without any element: the same registry, approvals and workspace the
// elements share, driven from code.
import { callAsPerson } from '@context-action/elements/runtime';
import { createStudioRuntime } from '@context-action/elements/studio';

const runtime = createStudioRuntime({ storage: 'memory' });
await runtime.ready;

// A person's own call runs at once; a model's, which names itself with
// { context: { source: 'model', mode: 'agent' } }, would wait in runtime.approvals.
const result = await callAsPerson(runtime.registry, 'workspace.readFile', { path: 'index.html' });
// A failure is a value with a stable code, never a throw.
if (result.error) console.error(result.error.code, result.error.message);
else console.log(result.structuredContent);

runtime.dispose();
