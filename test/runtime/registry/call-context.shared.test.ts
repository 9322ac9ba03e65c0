import { expect } from 'chai';
import {
  callAsPerson,
  createToolApprovalQueue,
  createToolRegistry,
  createDefaultToolPolicy,
  matchToolNames,
  scopeToolRegistry,
  TOOL_CALL_ERROR_CODES as CODES,
  type ToolCallEvent,
  type ToolScope,
} from '../../../src/runtime/index.js';
import { describe, it } from '../../support/spec.js';
import { createWriteFile, readFile } from './fixtures.js';

/** A registry with the default policy, an approval queue and every event's source · mode. */
function setup(scope: ToolScope = {}) {
  const approvals = createToolApprovalQueue();
  const seen: string[] = [];
  const registry = createToolRegistry({
    toolPolicy: createDefaultToolPolicy(),
    approvalQueue: approvals,
    scope: () => scope,
    onToolCall: (event: ToolCallEvent) => {
      const { source, mode } = event.provenance;
      seen.push(`${event.type} ${source} · ${mode}`);
    },
  });
  const write = createWriteFile();
  const other = createWriteFile('preview.setTheme');
  registry.register(readFile);
  registry.register(write.tool);
  registry.register(other.tool);
  return { registry, approvals, seen, write, other };
}

const args = { path: 'index.html', source: '<h1>Hi</h1>' };
const tick = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('call context: one context per call, recorded once', () => {
  it('a model call given a person context is agent on its card, its started event and its trace', async () => {
    const { registry, approvals, seen } = setup();
    const running = registry.executeModelToolCall(
      { id: 'model-1', name: 'workspace.writeFile', arguments: args },
      { context: { source: 'local', mode: 'direct' } },
    );
    await tick();
    const [card] = approvals.store.getSnapshot();
    expect(card && `${card.source} · ${card.mode}`).to.equal('local · agent');
    approvals.resolve(card!.id, 'approved');
    expect((await running).error).to.equal(undefined);
    expect(seen).to.deep.equal(['started local · agent', 'completed local · agent']);
  });

  it('agentTools.callTool runs a mutating tool as model · agent, behind approval', async () => {
    const { registry, approvals, seen, write } = setup();
    const agentTools = scopeToolRegistry(registry, () => ({}));
    const running = agentTools.callTool('workspace.writeFile', args);
    await tick();
    expect(write.runs).to.have.length(0);
    const [card] = approvals.store.getSnapshot();
    expect(card && `${card.source} · ${card.mode}`).to.equal('model · agent');
    approvals.resolve(card!.id, 'denied');
    expect((await running).error?.code).to.equal(CODES.TOOL_APPROVAL_DENIED);
    expect(write.runs).to.have.length(0);
    expect(seen[0]).to.equal('started model · agent');
  });

  it('agentTools.callTool cannot pass for a person and honours the tools scope', async () => {
    const scope = { exposes: matchToolNames(['workspace.*']) };
    const { registry, other } = setup(scope);
    const agentTools = scopeToolRegistry(registry, () => scope);
    const result = await agentTools.callTool('preview.setTheme', args, {
      context: { source: 'local', mode: 'direct' },
    });
    expect(result.error?.code).to.equal(CODES.TOOL_NOT_ALLOWED);
    expect(other.runs).to.have.length(0);
  });

  it('callAsPerson is the one way to say a call is the person’s own, on the registry itself', async () => {
    const { registry, seen, write } = setup();
    const result = await callAsPerson(registry, 'workspace.writeFile', args, {
      context: { sessionId: 'tab-1' },
    });
    expect(result.error).to.equal(undefined);
    expect(write.runs).to.have.length(1);
    expect(seen).to.deep.equal(['started local · direct', 'completed local · direct']);
  });
});
