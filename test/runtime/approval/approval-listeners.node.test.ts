import { describe, it } from 'node:test';
import { expect } from 'chai';
import {
  createDefaultToolPolicy,
  createToolApprovalQueue,
  createToolRegistry,
} from '../../../src/runtime/index.js';
import { createWriteFile, tick } from '../registry/fixtures.js';

describe('approval queue listeners', () => {
  it('twenty pending approvals without a signal print no MaxListenersExceededWarning', async () => {
    const warnings: string[] = [];
    const onWarning = (warning: Error) => warnings.push(warning.name);
    process.on('warning', onWarning);
    try {
      const { tool } = createWriteFile();
      const queue = createToolApprovalQueue();
      const registry = createToolRegistry({
        toolPolicy: createDefaultToolPolicy(),
        approvalQueue: queue,
      });
      registry.register(tool);
      const calls = Array.from({ length: 20 }, (_, index) =>
        registry.executeModelToolCall({
          id: `pending-${index}`,
          name: 'workspace.writeFile',
          arguments: { path: 'a', source: String(index) },
        }),
      );
      await tick();
      expect(queue.store.getSnapshot()).to.have.length(20);
      queue.denyAll();
      await Promise.all(calls);
      // Warnings are emitted on the next turn of the event loop.
      await new Promise((resolve) => setImmediate(resolve));
      expect(warnings).not.to.include('MaxListenersExceededWarning');
    } finally {
      process.off('warning', onWarning);
    }
  });
});
