import { expect } from 'chai';
import { createToolApprovalQueue } from '../../../src/runtime/approval/approval-queue.js';
import {
  createDefaultToolPolicy,
  defaultPolicyDecision,
} from '../../../src/runtime/registry/policy.js';
import {
  createLiveEditorTools,
  LIVE_EDITOR_SEED,
} from '../../../src/runtime/tools/live-editor/index.js';
import {
  EDITOR_TOOL_POLICIES,
  WEB_TOOL_POLICIES,
  WORKSPACE_TOOL_POLICIES,
} from '../../../src/runtime/registry/policy-table.js';
import { createPreviewTools } from '../../../src/runtime/preview/tools.js';
import {
  createWebCodingTools,
  WEB_CODING_SEED,
} from '../../../src/runtime/tools/web-coding/index.js';
import { createWorkspaceTools } from '../../../src/runtime/tools/workspace/index.js';
import { describe, it } from '../../support/spec.js';
import { structured, surfaceRegistry } from '../tools/surface-support.js';
import { workspaceRegistry } from '../tools/workspace/support.js';

const CALLERS = [
  { source: 'model', mode: 'agent' },
  { source: 'mcp', mode: 'agent' },
  { source: 'local', mode: 'agent' },
] as const;

describe('the default policy gate reads the seed policy tables', () => {
  it('runs workspace.openFile for a model, an MCP client and the local agent without approval', async () => {
    // Any approval request is answered `unavailable` at once: it would fail the call.
    const approvals = createToolApprovalQueue({ requireSurface: true });
    const { registry, manager } = await workspaceRegistry({
      registry: { toolPolicy: createDefaultToolPolicy(), approvalQueue: approvals },
    });
    for (const context of CALLERS) {
      const result = await registry.callTool('workspace.openFile', { path: 'app.js' }, { context });
      expect(structured(result).path, context.source).to.equal('app.js');
    }
    expect(manager.getSnapshot().activePath).to.equal('app.js');
  });

  for (const [catalog, table, seed, tools] of [
    ['workspace and preview', WORKSPACE_TOOL_POLICIES, WEB_CODING_SEED, createStudioTools],
    ['web', WEB_TOOL_POLICIES, WEB_CODING_SEED, createWebCodingTools],
    ['editor', EDITOR_TOOL_POLICIES, LIVE_EDITOR_SEED, createLiveEditorTools],
  ] as const)
    it(`decides every ${catalog} row as the table says for other callers; a person's direct call runs`, async () => {
      const { registry } = await surfaceRegistry(seed, (manager) => tools(manager));
      for (const [name, decision] of Object.entries(table)) {
        const definition = registry.getToolDefinition(name);
        expect(definition, name).to.not.equal(undefined);
        for (const context of CALLERS)
          expect(defaultPolicyDecision(definition!, context), `${name} ${context.source}`).to.equal(
            decision,
          );
        expect(defaultPolicyDecision(definition!, { source: 'local', mode: 'direct' })).to.equal(
          'allow',
        );
      }
    });
});

function createStudioTools(manager: Parameters<typeof createWorkspaceTools>[0]) {
  return [...createWorkspaceTools(manager), ...createPreviewTools(manager)];
}
