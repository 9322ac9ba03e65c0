import { expect, fixture, html } from '@open-wc/testing';
import * as z from 'zod';
import { exposeRegistryToWebMCP } from '../../../src/bridge/mcp/webmcp.js';
import '../../../src/elements/studio/studio.js';
import type { CaStudio } from '../../../src/elements/studio/studio.element.js';
import {
  createToolApprovalQueue,
  createToolRegistry,
  defineTool,
  TOOL_ERROR_META_KEY,
} from '../../../src/runtime/index.js';
import { createStudioRuntime } from '../../../src/composition/index.js';
import { createWriteFile, readFile } from '../../runtime/registry/fixtures.js';
import { WEBMCP_IN_CHROMIUM, describeIn, engine, itIn } from '../../support/engines.js';
import { waitFor } from '../../support/wait.js';

/** Chromium's WebMCP testing surface (`--enable-features=WebMCPTesting`). */
interface BrowserModelContext {
  getTools(): Promise<
    { name: string; description: string; inputSchema: unknown; annotations?: object }[]
  >;
  executeTool(tool: unknown, input: unknown): Promise<string>;
  registerTool(tool: object, options?: { signal?: AbortSignal }): Promise<undefined>;
}
const modelContext = (document as unknown as { modelContext: BrowserModelContext }).modelContext;

/** Polls an async check (the browser lists tools asynchronously). */
async function until(check: () => Promise<boolean>, what: string) {
  for (let attempt = 0; attempt < 500; attempt++) {
    if (await check()) return;
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  throw new Error(`Timed out waiting for ${what}`);
}

const ours = async (prefix: string) =>
  (await modelContext.getTools()).filter((tool) => tool.name.startsWith(prefix));

async function execute(name: string, input: unknown) {
  const tool = (await modelContext.getTools()).find((entry) => entry.name === name);
  expect(tool, name).to.not.equal(undefined);
  return JSON.parse(await modelContext.executeTool(tool, input)) as {
    content: { type: string; text: string }[];
    structuredContent?: unknown;
    isError?: boolean;
    _meta?: Record<string, { code: string }>;
  };
}

itIn(['firefox', 'webkit'], `${engine} has WebMCP`)(
  'without document.modelContext nothing registers and <ca-studio> works all the same',
  async () => {
    expect('modelContext' in document).to.equal(false);
    const registry = createToolRegistry();
    registry.register(readFile);
    expect(exposeRegistryToWebMCP(registry)).to.equal(undefined);
    const runtime = createStudioRuntime({ workspaceRepository: null });
    const studio = await fixture<CaStudio>(html`<ca-studio .runtime=${runtime}></ca-studio>`);
    await runtime.ready;
    expect(runtime.registry.getToolDefinition('workspace.readFile')).to.not.equal(undefined);
    studio.remove();
    runtime.dispose();
  },
);

describeIn(['chromium'], WEBMCP_IN_CHROMIUM)('WebMCP (document.modelContext)', () => {
  it('the browser exposes the testing API under the launch flag', () => {
    expect(typeof modelContext?.getTools).to.equal('function');
  });

  it('registers every listed tool; a call runs through the registry and answers a CallToolResult', async () => {
    const registry = createToolRegistry();
    registry.register(readFile);
    const registration = exposeRegistryToWebMCP(registry)!;
    try {
      await registration.ready;
      expect(registration.names).to.deep.equal(['workspace.readFile']);
      const [listed] = await ours('workspace.');
      expect(listed?.description).to.equal('Reads one workspace file.');
      const result = await execute('workspace.readFile', { path: 'a.html' });
      expect(result.structuredContent).to.deep.equal({ path: 'a.html', source: '<!-- a.html -->' });
      expect(result.content[0]?.text).to.equal('{"path":"a.html","source":"<!-- a.html -->"}');
      const invalid = await execute('workspace.readFile', { path: 3 });
      expect(invalid.isError).to.equal(true);
      expect(invalid._meta?.[TOOL_ERROR_META_KEY]?.code).to.equal('TOOL_VALIDATION_FAILED');
    } finally {
      registration.dispose();
    }
    expect(await ours('workspace.')).to.deep.equal([]);
  });

  it("registers with the draft's annotations: read-only as the registry says, every result untrusted", async () => {
    const registry = createToolRegistry();
    registry.register(readFile);
    registry.register(createWriteFile('annotated.write').tool);
    const registration = exposeRegistryToWebMCP(registry)!;
    try {
      await registration.ready;
      const annotations = async (name: string) =>
        (await modelContext.getTools()).find((tool) => tool.name === name)?.annotations;
      expect(await annotations('workspace.readFile')).to.include({
        readOnlyHint: true,
        untrustedContentHint: true,
      });
      expect(await annotations('annotated.write')).to.include({
        readOnlyHint: false,
        untrustedContentHint: true,
      });
    } finally {
      registration.dispose();
    }
  });

  it('waits for each registration; a name the browser refuses is left out and the others register', async () => {
    const taken = new AbortController();
    await modelContext.registerTool(
      {
        name: 'taken.read',
        description: 'Registered by another script.',
        execute: async () => ({}),
      },
      { signal: taken.signal },
    );
    const registry = createToolRegistry();
    registry.register(readFile);
    registry.register(
      defineTool(
        {
          name: 'taken.read',
          description: 'Ours, under a name already taken.',
          inputSchema: z.object({}),
          annotations: { readOnlyHint: true },
        },
        () => ({ content: [{ type: 'text', text: 'ours' }] }),
      ),
    );
    const registration = exposeRegistryToWebMCP(registry)!;
    try {
      expect(registration.names).to.deep.equal([]);
      await registration.ready;
      expect(registration.names).to.deep.equal(['workspace.readFile']);
      const [other] = await ours('taken.');
      expect(other?.description).to.equal('Registered by another script.');
    } finally {
      registration.dispose();
      taken.abort();
    }
    expect(await ours('workspace.')).to.deep.equal([]);
  });

  it('a mutating call waits for the approval queue with source webmcp; denial is an error result', async () => {
    const approvals = createToolApprovalQueue();
    const registry = createToolRegistry({ approvalQueue: approvals });
    const write = createWriteFile('approve.write');
    registry.register(write.tool);
    const registration = exposeRegistryToWebMCP(registry)!;
    try {
      const approved = execute('approve.write', { path: 'a.txt', source: 'A' });
      const card = await waitFor(() => approvals.store.getSnapshot()[0], 'an approval card');
      expect(card.source).to.equal('webmcp');
      expect(write.runs).to.have.length(0);
      approvals.resolve(card.id, 'approved');
      expect((await approved).content[0]?.text).to.equal('wrote a.txt');
      expect(write.runs[0]?.context.context.source).to.equal('webmcp');

      const denied = execute('approve.write', { path: 'b.txt', source: 'B' });
      const second = await waitFor(() => approvals.store.getSnapshot()[0], 'a second card');
      approvals.resolve(second.id, 'denied');
      const result = await denied;
      expect(result.isError).to.equal(true);
      expect(result._meta?.[TOOL_ERROR_META_KEY]?.code).to.equal('TOOL_APPROVAL_DENIED');
      expect(write.runs).to.have.length(1);
    } finally {
      registration.dispose();
    }
  });

  it('follows the registry: a new tool registers, a removed one unregisters', async () => {
    const registry = createToolRegistry();
    const registration = exposeRegistryToWebMCP(registry)!;
    try {
      expect(await ours('follow.')).to.deep.equal([]);
      const remove = registry.register(
        defineTool(
          {
            name: 'follow.me',
            description: 'Added later.',
            inputSchema: z.object({}),
            annotations: { readOnlyHint: true },
          },
          () => ({ content: [{ type: 'text', text: 'here' }] }),
        ),
      );
      await until(async () => (await ours('follow.')).length === 1, 'follow.me');
      expect((await execute('follow.me', {})).content[0]?.text).to.equal('here');
      remove();
      await until(async () => (await ours('follow.')).length === 0, 'removal');
    } finally {
      registration.dispose();
    }
  });

  it('<ca-studio> registers its tools, and not with no-webmcp', async () => {
    const runtime = createStudioRuntime({ workspaceRepository: null });
    const optedOut = await fixture<CaStudio>(
      html`<ca-studio no-webmcp .runtime=${runtime}></ca-studio>`,
    );
    await runtime.ready;
    expect(await ours('workspace.')).to.deep.equal([]);
    optedOut.noWebmcp = false;
    await until(async () => (await ours('workspace.')).length > 0, 'studio tools');
    const names = (await ours('workspace.')).map((tool) => tool.name);
    expect(names).to.include('workspace.readFile');
    optedOut.remove();
    await until(async () => (await ours('workspace.')).length === 0, 'removal');
    runtime.dispose();
  });
});
