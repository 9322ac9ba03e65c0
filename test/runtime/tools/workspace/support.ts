/**
 * Test support for the workspace tools: a registry over a ready manager, and a preview host
 * that acknowledges the workspace revisions it is shown. `<ca-preview>` provides the real host
 * (preview branch); this one speaks the same `PreviewHost` contract without an iframe.
 */
import { createCapabilityTable } from '../../../../src/runtime/capabilities.js';
import type { Outcome } from '../../../../src/runtime/protocol/errors.js';
import type { ToolCallResult } from '../../../../src/runtime/protocol/types.js';
import {
  previewHostCapability,
  type PreviewAcknowledgement,
  type PreviewHost,
} from '../../../../src/runtime/tools/preview/preview-host.js';
import { createToolRegistry } from '../../../../src/runtime/registry/registry.js';
import {
  createWorkspaceTools,
  type WorkspaceToolOptions,
} from '../../../../src/runtime/tools/workspace/index.js';
import {
  createWorkspaceDocumentManager,
  type WorkspaceDocumentManagerOptions,
} from '../../../../src/runtime/workspace/manager.js';
import { createMemoryWorkspaceRepository } from '../../../../src/runtime/workspace/repository.js';

export function acknowledgingHost(
  manager: { getSnapshot(): { revision: number } },
  failWith?: { code: string; message: string; retryable: boolean },
): PreviewHost & { waited: number[] } {
  const waited: number[] = [];
  const ack = (revision: number): Outcome<PreviewAcknowledgement> =>
    failWith ? { ok: false, error: failWith } : { ok: true, value: { revision, state: 'ready' } };
  return {
    waited,
    async waitForRevision(revision) {
      waited.push(revision);
      return ack(revision);
    },
    async refresh() {
      return ack(manager.getSnapshot().revision);
    },
    getStatus() {
      const revision = manager.getSnapshot().revision;
      return { revision, acknowledgedRevision: revision, state: 'ready', diagnostics: [] };
    },
  };
}

export async function workspaceRegistry(
  options: {
    manager?: WorkspaceDocumentManagerOptions;
    tools?: WorkspaceToolOptions;
    preview?: 'none' | 'ack' | 'timeout';
  } = {},
) {
  const manager = createWorkspaceDocumentManager({
    repository: createMemoryWorkspaceRepository(),
    ...options.manager,
  });
  await manager.ready;
  const capabilities = createCapabilityTable();
  const host =
    options.preview === 'none'
      ? null
      : acknowledgingHost(
          manager,
          options.preview === 'timeout'
            ? { code: 'PREVIEW_ACK_TIMEOUT', message: 'No acknowledgement.', retryable: true }
            : undefined,
        );
  if (host) capabilities.provide(previewHostCapability, host);
  const registry = createToolRegistry({ capabilityResolver: capabilities.resolve });
  for (const tool of createWorkspaceTools(manager, options.tools)) registry.register(tool);
  const call = (name: string, args: Record<string, unknown> = {}) =>
    registry.callTool(`workspace.${name}`, args);
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
