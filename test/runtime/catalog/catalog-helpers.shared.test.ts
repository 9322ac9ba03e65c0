import { expect } from 'chai';
import { describe, it } from '../../support/spec.js';
import {
  catalogFileName,
  countCatalogScopes,
  filterCatalog,
  parseSampleArguments,
  sampleToolArguments,
  summarizeDefaultPolicy,
  toolCallRequestJson,
} from '../../../src/runtime/catalog/index.js';
import { createStudioRuntime } from '../../../src/composition/studio-runtime.js';
import type { MCPToolDefinition } from '../../../src/runtime/protocol/types.js';

const definition = (name: string, extra: Partial<MCPToolDefinition> = {}): MCPToolDefinition => ({
  name,
  description: `${name} description`,
  inputSchema: { type: 'object', properties: {} },
  ...extra,
});

const TOOLS = [
  definition('preview.getStatus', { annotations: { readOnlyHint: true } }),
  definition('preview.setTheme', { title: 'Accent theme' }),
  definition('workspace.readFile', { annotations: { readOnlyHint: true, title: 'Read a file' } }),
  definition('workspace.deleteFile', { annotations: { destructiveHint: true } }),
  definition('misc', { description: 'No namespace' }),
];

describe('catalog scopes (E6)', () => {
  it('counts all, read-only, workspace and preview from annotations and namespaces', () => {
    expect(countCatalogScopes(TOOLS)).to.deep.equal({
      all: 5,
      'read-only': 2,
      workspace: 2,
      preview: 2,
    });
  });

  it('searches name, title and description, every term must match', () => {
    expect(filterCatalog(TOOLS, 'accent', 'all').visible.map((t) => t.name)).to.deep.equal([
      'preview.setTheme',
    ]);
    expect(filterCatalog(TOOLS, 'READ file', 'all').visible.map((t) => t.name)).to.deep.equal([
      'workspace.readFile',
    ]);
    expect(filterCatalog(TOOLS, 'namespace', 'all').visible.map((t) => t.name)).to.deep.equal([
      'misc',
    ]);
  });

  it('counts scopes among the definitions that match the search', () => {
    const view = filterCatalog(TOOLS, 'status', 'workspace');
    expect(view.visible).to.deep.equal([]);
    expect(view.counts).to.deep.equal({ all: 1, 'read-only': 1, workspace: 0, preview: 1 });
  });
});

describe('default policy summary (R19)', () => {
  it('read-only tools run for every caller', () => {
    expect(summarizeDefaultPolicy(TOOLS[0]!)).to.include({
      localDirect: 'runs',
      modelOrMcp: 'runs',
    });
  });

  it('other tools ask model and MCP calls and name their hints', () => {
    const summary = summarizeDefaultPolicy(TOOLS[3]!);
    expect(summary).to.include({ localDirect: 'runs', modelOrMcp: 'asks' });
    expect(summary.text).to.include('destructive');
  });
});

describe('sample arguments (E6)', () => {
  it('fills required fields with values the schema accepts and adds expectedRevision', () => {
    const sample = sampleToolArguments(
      {
        type: 'object',
        properties: {
          path: { type: 'string', minLength: 1 },
          accent: { type: 'string', enum: ['blue', 'green'] },
          count: { type: 'integer', minimum: 1, maximum: 80 },
          flag: { type: 'boolean' },
          code: { type: 'string', minLength: 12, maxLength: 14 },
          optional: { type: 'string' },
          expectedRevision: { type: 'integer', minimum: 0 },
        },
        required: ['path', 'accent', 'count', 'flag', 'code'],
      },
      { revision: 7, activePath: 'styles.css' },
    );
    expect(sample).to.deep.equal({
      path: 'styles.css',
      accent: 'blue',
      count: 1,
      flag: false,
      code: 'sample codex',
      expectedRevision: 7,
    });
  });

  it("guards an editor tool's sample with the current workspace revision, never a made-up one", () => {
    const sample = sampleToolArguments(
      {
        type: 'object',
        properties: {
          expectedWorkspaceRevision: { type: 'integer', minimum: 0 },
          expectedDocumentRevision: { type: 'integer', minimum: 0 },
        },
      },
      { revision: 4 },
    );
    expect(sample).to.deep.equal({ expectedWorkspaceRevision: 4 });
  });

  it('omits expectedRevision when the schema has none', () => {
    expect(sampleToolArguments({ type: 'object', properties: {} }, { revision: 3 })).to.deep.equal(
      {},
    );
  });

  it('fills the first field when none is required', () => {
    expect(
      sampleToolArguments(
        { type: 'object', properties: { title: { type: 'string' }, subtitle: { type: 'string' } } },
        {},
      ),
    ).to.deep.equal({ title: 'sample title' });
  });

  it('every generated studio sample passes its tool input validation', async () => {
    const runtime = createStudioRuntime({ workspaceRepository: null });
    await runtime.ready;
    const { revision, activePath } = runtime.workspace.getSnapshot();
    for (const tool of runtime.registry.listTools().tools) {
      const args = sampleToolArguments(tool.inputSchema, { revision, activePath });
      // The policy sees only validated arguments; deny all so nothing runs.
      const result = await runtime.registry.callTool(tool.name, args, {
        context: { source: 'model', mode: 'agent' },
        timeout: 1,
      });
      expect(result.error?.code, tool.name).not.to.equal('TOOL_VALIDATION_FAILED');
    }
    runtime.dispose();
  });

  it('parses an edited sample only when it is a JSON object', () => {
    expect(parseSampleArguments('{"a":1}')).to.deep.equal({ ok: true, value: { a: 1 } });
    expect(parseSampleArguments('{"a":').ok).to.equal(false);
    expect(parseSampleArguments('[1]')).to.deep.equal({
      ok: false,
      message: 'Arguments must be a JSON object.',
    });
  });
});

describe('catalog exports (E6)', () => {
  it('builds the tools/call request for a sample', () => {
    expect(JSON.parse(toolCallRequestJson('workspace.readFile', { path: 'a.html' }))).to.deep.equal(
      {
        method: 'tools/call',
        params: { name: 'workspace.readFile', arguments: { path: 'a.html' } },
      },
    );
  });

  it('names download files after the tool', () => {
    expect(catalogFileName('workspace.readFile', 'definition')).to.equal(
      'workspace.readFile.definition.json',
    );
  });
});
