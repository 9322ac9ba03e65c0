import { expect } from 'chai';
import {
  createToolRegistry,
  matchToolNames,
  scopeToolRegistry,
  TOOL_CALL_ERROR_CODES as CODES,
  type ToolScope,
} from '../../../src/runtime/index.js';
import { describe, it } from '../../support/spec.js';
import { createWriteFile, readFile } from './fixtures.js';

const PERSON = { context: { source: 'local', mode: 'direct' } } as const;

function setup(initial: ToolScope) {
  let scope = initial;
  const registry = createToolRegistry({ scope: () => scope, toolPolicy: () => 'allow' });
  const write = createWriteFile();
  const other = createWriteFile('preview.setTheme');
  registry.register(readFile);
  registry.register(write.tool);
  registry.register(other.tool);
  return {
    registry,
    scoped: scopeToolRegistry(registry, () => scope),
    write,
    other,
    set: (next: ToolScope) => (scope = next),
  };
}

describe('tool scope: the tools attribute (R8, R19)', () => {
  it('matches exact names and prefix.* globs, nothing else', () => {
    const matches = matchToolNames(['workspace.*', 'preview.getStatus']);
    expect(matches('workspace.readFile')).to.equal(true);
    expect(matches('preview.getStatus')).to.equal(true);
    expect(matches('workspace')).to.equal(false);
    expect(matches('preview.setTheme')).to.equal(false);
    expect(matches('workspaceX.readFile')).to.equal(false);
  });

  it('agents and MCP clients see and call only the scope; a person is unaffected', async () => {
    const { registry, scoped, other } = setup({ exposes: matchToolNames(['workspace.*']) });
    expect(scoped.listTools().tools.map((tool) => tool.name)).to.deep.equal([
      'workspace.readFile',
      'workspace.writeFile',
    ]);
    expect(scoped.toOpenAI().map((tool) => tool.function.name)).to.deep.equal([
      'workspace__readFile',
      'workspace__writeFile',
    ]);
    expect(scoped.getToolDefinition('preview.setTheme')).to.equal(undefined);
    expect(registry.listTools().tools).to.have.length(3);

    const model = await registry.executeModelToolCall({
      id: 'm',
      name: 'preview.setTheme',
      arguments: { path: 'a', source: 'b' },
    });
    expect(model.error?.code).to.equal(CODES.TOOL_NOT_ALLOWED);
    const mcp = await registry.callTool(
      'preview.setTheme',
      { path: 'a', source: 'b' },
      { context: { source: 'mcp', mode: 'direct' } },
    );
    expect(mcp.error?.code).to.equal(CODES.TOOL_NOT_ALLOWED);
    expect(other.runs).to.have.length(0);

    const person = await registry.callTool('preview.setTheme', { path: 'a', source: 'b' }, PERSON);
    expect(person.error).to.equal(undefined);
    expect(other.runs).to.have.length(1);
  });

  it('read-only refuses every mutating tool with TOOL_READ_ONLY for every caller, and reads run', async () => {
    const { registry, write, set } = setup({ readOnly: true });
    const person = await registry.callTool(
      'workspace.writeFile',
      { path: 'a', source: 'b' },
      PERSON,
    );
    expect(person.error).to.deep.include({ code: CODES.TOOL_READ_ONLY, retryable: false });
    const model = await registry.executeModelToolCall({
      id: 'm',
      name: 'workspace.writeFile',
      arguments: { path: 'a', source: 'b' },
    });
    expect(model.error?.code).to.equal(CODES.TOOL_READ_ONLY);
    expect(write.runs).to.have.length(0);
    const read = await registry.callTool('workspace.readFile', { path: 'a' }, PERSON);
    expect(read.error).to.equal(undefined);

    // The scope is read per call: leaving read-only lets the same registry write.
    set({});
    const after = await registry.callTool(
      'workspace.writeFile',
      { path: 'a', source: 'b' },
      PERSON,
    );
    expect(after.error).to.equal(undefined);
    expect(write.runs).to.have.length(1);
  });
});
