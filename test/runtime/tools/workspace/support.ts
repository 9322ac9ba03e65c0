/**
 * Test support for the workspace tools: a registry over a ready manager, and a preview host
 * that acknowledges the workspace revisions it is shown. It speaks the same `PreviewHost`
 * contract as `<ca-preview>` without an iframe; preview-ack.test.ts checks each kind of
 * mutation against the real iframe acknowledgement.
 */
import { createCapabilityTable } from '../../../../src/runtime/registry/capability-table.js';
import type { Outcome } from '../../../../src/runtime/protocol/errors.js';
import type { ToolCallResult } from '../../../../src/runtime/protocol/types.js';
import {
  previewHostCapability,
  type PreviewAcknowledgement,
  type PreviewHost,
} from '../../../../src/runtime/preview/preview-host.js';
import {
  createToolRegistry,
  type ToolRegistryOptions,
} from '../../../../src/runtime/registry/registry.js';
import {
  createWorkspaceTools,
  type WorkspaceToolOptions,
} from '../../../../src/runtime/tools/workspace/index.js';
import {
  createWorkspaceDocumentManager,
  type WorkspaceDocumentManagerOptions,
} from '../../../../src/runtime/workspace/manager.js';
import { createMemoryWorkspaceRepository } from '../../../../src/runtime/workspace/repository.js';
import { callAsPerson } from '../../../../src/runtime/registry/person-call.js';

export function acknowledgingHost(
  manager: { getSnapshot(): { revision: number } },
  failWith?: { code: string; message: string; retryable: boolean },
): PreviewHost & { waited: number[]; failWith?: typeof failWith } {
  const waited: number[] = [];
  // `failWith` stays writable: a test lets a failing preview recover.
  const ack = (revision: number): Outcome<PreviewAcknowledgement> =>
    host.failWith
      ? { ok: false, error: host.failWith }
      : { ok: true, value: { revision, state: 'ready' } };
  const host = {
    failWith,
    waited,
    async waitForRevision(revision: number) {
      waited.push(revision);
      return ack(revision);
    },
    async refresh() {
      return ack(manager.getSnapshot().revision);
    },
    getStatus() {
      const revision = manager.getSnapshot().revision;
      return { revision, acknowledgedRevision: revision, state: 'ready' as const, diagnostics: [] };
    },
  };
  return host;
}

/**
 * A capability table with a preview host that acknowledges every revision (`ack`, the
 * default), fails with `PREVIEW_ACK_TIMEOUT` (`timeout`), or is absent (`none`).
 */
export function previewCapabilities(
  manager: { getSnapshot(): { revision: number } },
  preview: 'none' | 'ack' | 'timeout' = 'ack',
) {
  const capabilities = createCapabilityTable();
  if (preview === 'none') return { capabilities, host: null };
  const failure =
    preview === 'timeout'
      ? { code: 'PREVIEW_ACK_TIMEOUT', message: 'No acknowledgement.', retryable: true }
      : undefined;
  const host = acknowledgingHost(manager, failure);
  capabilities.provide(previewHostCapability, host);
  return { capabilities, host };
}
export async function workspaceRegistry(
  options: {
    manager?: WorkspaceDocumentManagerOptions;
    tools?: WorkspaceToolOptions;
    preview?: 'none' | 'ack' | 'timeout';
    registry?: ToolRegistryOptions;
  } = {},
) {
  const manager = createWorkspaceDocumentManager({
    repository: createMemoryWorkspaceRepository(),
    ...options.manager,
  });
  await manager.ready;
  const { capabilities, host } = previewCapabilities(manager, options.preview);
  const registry = createToolRegistry({
    capabilityResolver: capabilities.resolve,
    workspaceRevision: () => manager.getSnapshot().revision,
    ...options.registry,
  });
  for (const tool of createWorkspaceTools(manager, options.tools)) registry.register(tool);
  const call = (name: string, args: Record<string, unknown> = {}) =>
    callAsPerson(registry, `workspace.${name}`, args);
  return { manager, registry, host, call };
}

export function structured(result: ToolCallResult): Record<string, unknown> {
  if (result.error) throw new Error(`${result.error.code}: ${result.error.message}`);
  return result.structuredContent as Record<string, unknown>;
}

export function errorOf(result: ToolCallResult) {
  if (!result.error)
    throw new Error(`expected an error, got ${JSON.stringify(result.structuredContent)}`);
  return result.error;
}
