/**
 * A studio runtime (in memory) served by `createMCPHttpHost` with the studio app, in a process of
 * its own for the browser tests. It prints `ready <url>`, then answers one JSON line per stdin
 * line: `{ seq, op: 'cards' }` → the pending approval cards, `{ seq, op: 'decide', id,
 * decision }` → whether the card took it, `{ seq, op: 'read', path }` → the file's text. The
 * cards are the runtime's approval queue, with a surface connected as `<ca-approval>` connects.
 */
import { createInterface } from 'node:readline';
import { createMCPHttpHost } from '../../../../src/bridge/mcp/node.js';
import { createStudioRuntime } from '../../../../src/composition/studio-runtime.js';

const runtime = createStudioRuntime({ storage: 'memory' });
await runtime.ready;
await runtime.workspace.ready;
const disconnect = runtime.approvals.connect();
const host = await createMCPHttpHost({ registry: runtime.registry, app: {} });
process.stdout.write(`ready ${host.url}\n`);

const answer = (op: Record<string, unknown>): unknown => {
  switch (op.op) {
    case 'cards':
      return runtime.approvals.store
        .getSnapshot()
        .map(({ id, toolName, source }) => ({ id, toolName, source }));
    case 'decide':
      return runtime.approvals.resolve(
        String(op.id),
        op.decision === 'approved' ? 'approved' : 'denied',
      );
    case 'read': {
      const file = runtime.workspace.getSnapshot().files.find((entry) => entry.path === op.path);
      return file?.kind === 'text' ? file.text : null;
    }
    default:
      return null;
  }
};

createInterface({ input: process.stdin }).on('line', (line) => {
  const op = JSON.parse(line) as Record<string, unknown>;
  process.stdout.write(`${JSON.stringify({ seq: op.seq, result: answer(op) })}\n`);
});
process.on('SIGTERM', () => {
  disconnect();
  void host.close().then(() => {
    runtime.dispose();
    process.exit(0);
  });
});
