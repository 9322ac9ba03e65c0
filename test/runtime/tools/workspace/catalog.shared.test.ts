import { expect } from 'chai';
import { describe, it } from '../../../support/spec.js';
import { WORKSPACE_TOOL_POLICIES } from '../../../../src/runtime/tools/workspace/index.js';
import { WORKSPACE_ERROR_CODES } from '../../../../src/runtime/workspace/codes.js';
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
  it('defines every tool of the table plus search and exportHtml', async () => {
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
    for (const tool of registry.listTools().tools) {
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
  it('exports the default policy of every tool: allow, or ask for approval', () => {
    expect(Object.keys(WORKSPACE_TOOL_POLICIES).sort()).to.deep.equal([...CATALOG].sort());
    const asks = Object.entries(WORKSPACE_TOOL_POLICIES)
      .filter(([, policy]) => policy === 'ask')
      .map(([name]) => name)
      .sort();
    expect(asks).to.deep.equal([
      'workspace.deleteFile',
      'workspace.disconnectFolder',
      'workspace.downloadFile',
      'workspace.reloadFolder',
      'workspace.reset',
      'workspace.revertFile',
      'workspace.saveAll',
    ]);
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
  it('exports every W3 error code with its retryable class', () => {
    expect(Object.keys(WORKSPACE_ERROR_CODES)).to.include.members([
      'WORKSPACE_PATH_INVALID',
      'WORKSPACE_FILE_NOT_FOUND',
      'WORKSPACE_FILE_CONFLICT',
      'WORKSPACE_FILE_TYPE_CONFLICT',
      'WORKSPACE_PATCH_NOT_FOUND',
      'WORKSPACE_NO_SUPPORTED_FILES',
      'WORKSPACE_EMPTY',
      'WORKSPACE_ACTIVE_FILE_NOT_FOUND',
      'WORKSPACE_PREVIEW_ENTRY_REQUIRED',
      'WORKSPACE_FOLDER_STATE_CONFLICT',
      'WORKSPACE_HISTORY_EMPTY',
      'WORKSPACE_REVISION_CONFLICT',
      'WORKSPACE_FOLDER_STALE',
      'WORKSPACE_FOLDER_NOT_CONNECTED',
      'WORKSPACE_FOLDER_PERMISSION_DENIED',
      'WORKSPACE_SIDE_EFFECT_UNKNOWN',
    ]);
  });
});
