import { expect } from 'chai';
import { describe, it } from '../../../support/spec.js';
import { summarizeDefaultPolicy } from '../../../../src/runtime/catalog/policy-summary.js';
import { createToolApprovalQueue } from '../../../../src/runtime/approval/approval-queue.js';
import {
  createDefaultToolPolicy,
  type ToolPolicyInput,
} from '../../../../src/runtime/registry/policy.js';
import type { MCPToolDefinition, ToolCallContext } from '../../../../src/runtime/protocol/types.js';
import { workspaceRegistry } from './support.js';

/** The tools every caller may run without approval: the read-only ones. */
const RUNS_FOR_EVERY_CALLER = [
  'workspace.exportHtml',
  'workspace.getStatus',
  'workspace.listFiles',
  // Not read-only (it persists the active path), but the seed's table allows it for every caller.
  'workspace.openFile',
  'workspace.readFile',
  'workspace.search',
];

const CALLERS: Record<string, ToolCallContext> = {
  'local · direct': { source: 'local', mode: 'direct' },
  'local · agent': { source: 'local', mode: 'agent' },
  'model · agent': { source: 'model', mode: 'agent' },
  'mcp · agent': { source: 'mcp', mode: 'agent' },
};

const gateInput = (definition: MCPToolDefinition, context: ToolCallContext): ToolPolicyInput => ({
  method: 'tools/call',
  toolCallId: 'policy-probe',
  toolName: definition.name,
  definition,
  arguments: {},
  argumentFingerprint: 'fp',
  context,
});

async function decisions() {
  const { registry } = await workspaceRegistry();
  const gate = createDefaultToolPolicy();
  const signal = new AbortController().signal;
  const tools = registry.listTools().tools;
  const table = new Map<string, Record<string, string>>();
  for (const definition of tools) {
    const row: Record<string, string> = {};
    for (const [caller, context] of Object.entries(CALLERS))
      row[caller] = await gate(gateInput(definition, context), signal);
    table.set(definition.name, row);
  }
  return { tools, table };
}

describe('the workspace.* default policy is the gate the registry runs (R19)', () => {
  it('read-only tools and workspace.openFile run for every caller; every other tool asks model, MCP and agent calls', async () => {
    const { table } = await decisions();
    for (const [name, row] of table) {
      const free = RUNS_FOR_EVERY_CALLER.includes(name);
      expect(row, name).to.deep.equal({
        'local · direct': 'allow',
        'local · agent': free ? 'allow' : 'ask',
        'model · agent': free ? 'allow' : 'ask',
        'mcp · agent': free ? 'allow' : 'ask',
      });
    }
    for (const name of ['workspace.createFile', 'workspace.writeFile'])
      expect(table.get(name), name).to.include({ 'model · agent': 'ask', 'mcp · agent': 'ask' });
  });

  it("the catalog's policy summary says what the gate does, tool by tool", async () => {
    const { tools, table } = await decisions();
    const outcome = (decision: string | undefined) => (decision === 'allow' ? 'runs' : 'asks');
    for (const definition of tools) {
      const row = table.get(definition.name)!;
      expect(summarizeDefaultPolicy(definition), definition.name).to.include({
        localDirect: outcome(row['local · direct']),
        modelOrMcp: outcome(row['model · agent']),
      });
      expect(outcome(row['mcp · agent']), definition.name).to.equal(outcome(row['model · agent']));
    }
  });

  it('a model writeFile waits in the approval queue and leaves the workspace untouched', async () => {
    const approvalQueue = createToolApprovalQueue();
    const { registry, manager } = await workspaceRegistry({ registry: { approvalQueue } });
    const before = manager.getSnapshot();
    const call = registry.executeModelToolCall({
      id: 'model-write',
      name: 'workspace.writeFile',
      arguments: { path: 'app.js', text: 'changed' },
    });
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(approvalQueue.store.getSnapshot().map((entry) => entry.toolName)).to.deep.equal([
      'workspace.writeFile',
    ]);
    expect(manager.getSnapshot()).to.equal(before);
    approvalQueue.denyAll();
    expect((await call).error?.code).to.equal('TOOL_APPROVAL_DENIED');
    expect(manager.getSnapshot()).to.equal(before);
  });
});
