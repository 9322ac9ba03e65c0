import { expect } from 'chai';
import { describe, it } from '../../../support/spec.js';
import { summarizeDefaultPolicy } from '../../../../src/runtime/catalog/policy-summary.js';
import { sampleToolArguments } from '../../../../src/runtime/catalog/sample-arguments.js';
import { createToolApprovalQueue } from '../../../../src/runtime/approval/approval-queue.js';
import { createToolRegistry } from '../../../../src/runtime/registry/registry.js';
import { createWorkspaceTools } from '../../../../src/runtime/tools/workspace/index.js';
import { createWorkspaceDocumentManager } from '../../../../src/runtime/workspace/manager.js';
import { WORKSPACE_ERROR_CODES, workspaceError } from '../../../../src/runtime/workspace/codes.js';
import { workspaceRegistry } from './support.js';

const CATALOG = [
  'workspace.getStatus',
  'workspace.listFiles',
  'workspace.readFile',
  'workspace.downloadFile',
  'workspace.openFile',
  'workspace.createFile',
  'workspace.renameFile',
  'workspace.writeFile',
  'workspace.applyPatch',
  'workspace.undo',
  'workspace.redo',
  'workspace.deleteFile',
  'workspace.revertFile',
  'workspace.saveAll',
  'workspace.saveCheckpoint',
  'workspace.openFolder',
  'workspace.grantFolderAccess',
  'workspace.reconnectFolder',
  'workspace.reloadFolder',
  'workspace.disconnectFolder',
  'workspace.reset',
  'workspace.search',
  'workspace.exportHtml',
];

const MUTATIONS = [
  'workspace.createFile',
  'workspace.renameFile',
  'workspace.writeFile',
  'workspace.applyPatch',
  'workspace.undo',
  'workspace.redo',
  'workspace.deleteFile',
  'workspace.revertFile',
  'workspace.saveAll',
  'workspace.saveCheckpoint',
  'workspace.reloadFolder',
  'workspace.reset',
];

describe('the workspace.* catalog matches the seed table', () => {
  it('defines every tool of the table plus search, exportHtml and the folder link tools', async () => {
    const { registry } = await workspaceRegistry();
    expect(
      registry
        .listTools()
        .tools.map((tool) => tool.name)
        .sort(),
    ).to.deep.equal([...CATALOG].sort());
  });
  it('gives every tool input and output schemas and annotations', async () => {
    const { registry } = await workspaceRegistry();
    const { tools } = registry.listTools();
    expect(tools).to.have.length(CATALOG.length);
    for (const tool of tools) {
      expect(tool.inputSchema.type, tool.name).to.equal('object');
      expect(tool.outputSchema?.type, tool.name).to.equal('object');
      expect(tool.annotations, tool.name).to.include.keys(
        'readOnlyHint',
        'destructiveHint',
        'openWorldHint',
      );
      const output = tool.outputSchema as { properties: Record<string, unknown> };
      expect(output.properties, tool.name).to.include.keys(
        'revision',
        'activePath',
        'storageMode',
        'storageError',
      );
    }
  });
  it('asks a model for approval exactly where the catalog summary says it asks', async () => {
    const manager = createWorkspaceDocumentManager();
    await manager.ready;
    const approvals = createToolApprovalQueue();
    const asked: string[] = [];
    approvals.store.subscribe(() => {
      for (const request of approvals.store.getSnapshot()) {
        if (!asked.includes(request.toolName)) asked.push(request.toolName);
        approvals.resolve(request.id, 'denied');
      }
    });
    const registry = createToolRegistry({ approvalQueue: approvals });
    for (const tool of createWorkspaceTools(manager)) registry.register(tool);
    const summarized: string[] = [];
    for (const tool of registry.listTools().tools) {
      if (summarizeDefaultPolicy(tool).modelOrMcp === 'asks') summarized.push(tool.name);
      // Valid arguments, so every call reaches the gate (strict validation runs first).
      await registry.callTool(tool.name, sampleToolArguments(tool.inputSchema), {
        context: { source: 'model', mode: 'agent' },
      });
    }
    expect(asked.sort()).to.deep.equal(summarized.sort());
    expect(asked).to.include.members(['workspace.writeFile', 'workspace.openFolder']);
    expect(asked).not.to.include('workspace.readFile');
  });
  it('takes expectedRevision on every mutation', async () => {
    const { registry } = await workspaceRegistry();
    for (const name of MUTATIONS) {
      const schema = registry.getToolDefinition(name)?.inputSchema as {
        properties: Record<string, unknown>;
      };
      expect(schema.properties, name).to.have.property('expectedRevision');
    }
  });
  it('states the 80,000-character source budget in schemas and descriptions', async () => {
    const { registry } = await workspaceRegistry();
    for (const [name, field] of [
      ['workspace.createFile', 'text'],
      ['workspace.writeFile', 'text'],
      ['workspace.applyPatch', 'replace'],
    ] as const) {
      const definition = registry.getToolDefinition(name);
      expect(definition?.description, name).to.contain('80,000');
      const properties = (
        definition?.inputSchema as { properties: Record<string, { maxLength?: number }> }
      ).properties;
      expect(properties[field]?.maxLength, name).to.equal(80_000);
    }
  });
  it('marks downloadFile open-world and the destructive tools destructive', async () => {
    const { registry } = await workspaceRegistry();
    expect(
      registry.getToolDefinition('workspace.downloadFile')?.annotations?.openWorldHint,
    ).to.equal(true);
    for (const name of [
      'workspace.deleteFile',
      'workspace.revertFile',
      'workspace.reset',
      'workspace.reloadFolder',
    ])
      expect(registry.getToolDefinition(name)?.annotations?.destructiveHint, name).to.equal(true);
    for (const name of [
      'workspace.getStatus',
      'workspace.listFiles',
      'workspace.readFile',
      'workspace.search',
    ])
      expect(registry.getToolDefinition(name)?.annotations?.readOnlyHint, name).to.equal(true);
  });
  it('classes every W3 error code as retryable or terminal', () => {
    const retryable = Object.fromEntries(
      Object.values(WORKSPACE_ERROR_CODES).map((code) => [
        code,
        workspaceError(code, 'probe', {}).retryable,
      ]),
    );
    // Only a changed world makes a retry useful: a new revision read, a reconnected folder, a
    // granted permission. Everything else, an unknown side effect included, is terminal.
    expect(retryable).to.deep.equal({
      WORKSPACE_PATH_INVALID: false,
      WORKSPACE_FILE_NOT_FOUND: false,
      WORKSPACE_FILE_CONFLICT: false,
      WORKSPACE_FILE_TYPE_CONFLICT: false,
      WORKSPACE_PATCH_NOT_FOUND: false,
      WORKSPACE_NO_SUPPORTED_FILES: false,
      WORKSPACE_EMPTY: false,
      WORKSPACE_ACTIVE_FILE_NOT_FOUND: false,
      WORKSPACE_PREVIEW_ENTRY_REQUIRED: false,
      WORKSPACE_FOLDER_STATE_CONFLICT: false,
      WORKSPACE_HISTORY_EMPTY: false,
      WORKSPACE_SOURCE_LIMIT_EXCEEDED: false,
      WORKSPACE_REVISION_CONFLICT: true,
      WORKSPACE_FOLDER_STALE: true,
      WORKSPACE_FOLDER_NOT_CONNECTED: true,
      WORKSPACE_FOLDER_PERMISSION_DENIED: true,
      WORKSPACE_SIDE_EFFECT_UNKNOWN: false,
    });
  });
  it('returns the retryable class through the tools', async () => {
    const { call } = await workspaceRegistry();
    const missing = await call('readFile', { path: 'missing.js' });
    expect(missing.error).to.deep.include({ code: 'WORKSPACE_FILE_NOT_FOUND', retryable: false });
    const stale = await call('writeFile', { path: 'app.js', text: 'x', expectedRevision: 0 });
    expect(stale.error).to.deep.include({ code: 'WORKSPACE_REVISION_CONFLICT', retryable: true });
    const disconnected = await call('saveAll');
    expect(disconnected.error).to.deep.include({
      code: 'WORKSPACE_FOLDER_NOT_CONNECTED',
      retryable: true,
    });
  });
});
