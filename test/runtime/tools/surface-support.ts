/**
 * Test support for the surface catalogs (`web.*`, `editor.*`): a registry over a ready memory
 * workspace with the surface's seed, a durable memory operation store (so idempotent saves and
 * recovery run for real) and a preview host that acknowledges the revisions it is shown.
 */
import { createMemoryDurableOperationBackend } from '../../../src/runtime/durable/memory-backend.js';
import { createDurableOperationStore } from '../../../src/runtime/durable/store.js';
import type { ToolDescriptor } from '../../../src/runtime/registry/define-tool.js';
import { createToolApprovalQueue } from '../../../src/runtime/approval/approval-queue.js';
import { createDefaultToolPolicy } from '../../../src/runtime/registry/policy.js';
import { createToolRegistry } from '../../../src/runtime/registry/registry.js';
import {
  createWorkspaceDocumentManager,
  type WorkspaceDocumentManager,
} from '../../../src/runtime/workspace/manager.js';
import { createMemoryWorkspaceRepository } from '../../../src/runtime/workspace/repository.js';
import type { WorkspaceSeedFile } from '../../../src/runtime/workspace/seed.js';
import { previewCapabilities } from './workspace/support.js';
import { callAsPerson } from '../../../src/runtime/registry/person-call.js';

export { errorOf, structured } from './workspace/support.js';

export async function surfaceRegistry<T extends ToolDescriptor<never>>(
  seed: readonly WorkspaceSeedFile[],
  tools: (manager: WorkspaceDocumentManager) => readonly T[],
  options: {
    preview?: 'none' | 'ack' | 'timeout';
    repository?: null;
    memoryReason?: string;
    approvals?: boolean;
  } = {},
) {
  const manager = createWorkspaceDocumentManager({
    repository: options.repository === null ? null : createMemoryWorkspaceRepository(),
    ...(options.memoryReason ? { memoryReason: options.memoryReason } : {}),
    seed,
  });
  await manager.ready;
  const { capabilities, host } = previewCapabilities(manager, options.preview);
  const approvals = options.approvals ? createToolApprovalQueue() : undefined;
  const registry = createToolRegistry({
    ...(approvals ? { approvalQueue: approvals, toolPolicy: createDefaultToolPolicy() } : {}),
    capabilityResolver: capabilities.resolve,
    workspaceRevision: () => manager.getSnapshot().revision,
    durableOperationStore: createDurableOperationStore(createMemoryDurableOperationBackend()),
    durableOperationOwnerId: 'test',
  });
  for (const tool of tools(manager)) registry.register(tool);
  const call = (name: string, args: Record<string, unknown> = {}, idempotencyKey?: string) =>
    callAsPerson(
      registry,
      name,
      args,
      idempotencyKey === undefined ? undefined : { idempotencyKey },
    );
  return { manager, registry, host, call, approvals };
}
