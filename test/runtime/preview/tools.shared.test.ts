import { expect } from 'chai';
import { describe, it } from '../../support/spec.js';
import { createToolApprovalQueue } from '../../../src/runtime/approval/approval-queue.js';
import { createCapabilityTable } from '../../../src/runtime/registry/capability-table.js';
import { createPreviewTools } from '../../../src/runtime/preview/tools.js';
import { createToolRegistry } from '../../../src/runtime/registry/registry.js';
import { summarizeDefaultPolicy } from '../../../src/runtime/catalog/policy-summary.js';
import { createTestWorkspace } from '../../bridge/sandbox/fixtures.js';
import { callAsPerson } from '../../../src/runtime/registry/person-call.js';

const SEED = {
  'index.html':
    '<link rel="stylesheet" href="styles.css"><header class="hero"><h1 class="hero-title">T</h1></header>',
  'styles.css': ':root { --accent: #2563eb; }',
};

describe('preview tools without a mounted preview', () => {
  it('return tool-capability-unavailable and leave the workspace untouched', async () => {
    const workspace = createTestWorkspace(SEED);
    const registry = createToolRegistry({ capabilityResolver: createCapabilityTable().resolve });
    for (const tool of createPreviewTools(workspace)) registry.register(tool);
    for (const [name, args] of [
      ['preview.getStatus', {}],
      ['preview.refresh', {}],
      ['preview.setTheme', { accent: 'green' }],
      ['preview.updateHero', { title: 'x' }],
      ['preview.addFeature', { title: 'x', description: 'y' }],
    ] as const) {
      const result = await callAsPerson(registry, name, args);
      expect(result.error?.code, name).to.equal('tool-capability-unavailable');
    }
    expect(workspace.getSnapshot().revision).to.equal(1);
  });
});

const PREVIEW_TOOLS = [
  'preview.addFeature',
  'preview.getStatus',
  'preview.refresh',
  'preview.setTheme',
  'preview.updateHero',
];

describe('preview tool catalog', () => {
  it('lists the five tools with their policies', () => {
    const registry = createToolRegistry();
    for (const tool of createPreviewTools(createTestWorkspace(SEED))) registry.register(tool);
    const names = registry.listTools().tools.map((tool) => tool.name);
    expect(names).to.deep.equal(PREVIEW_TOOLS);
    const status = registry.getToolDefinition('preview.getStatus');
    expect(status?.annotations?.readOnlyHint).to.equal(true);
    const theme = registry.getToolDefinition('preview.setTheme');
    expect(JSON.stringify(theme?.inputSchema)).to.contain('"teal"');
  });

  it('asks before model calls of every mutation and allows getStatus', async () => {
    const asked: string[] = [];
    const approvalQueue = createToolApprovalQueue();
    approvalQueue.store.subscribe(() => {
      for (const pending of approvalQueue.store.getSnapshot()) {
        asked.push(pending.toolName);
        approvalQueue.resolve(pending.id, 'denied');
      }
    });
    const registry = createToolRegistry({ approvalQueue });
    for (const tool of createPreviewTools(createTestWorkspace(SEED))) registry.register(tool);
    const samples: Record<string, Record<string, unknown>> = {
      'preview.setTheme': { accent: 'green' },
      'preview.addFeature': { title: 'a', description: 'b' },
      'preview.updateHero': { title: 'a' },
    };
    for (const name of PREVIEW_TOOLS) {
      await registry.executeModelToolCall({ id: name, name, arguments: samples[name] ?? {} });
    }
    // The catalog's summary reads the same decision function as the gate.
    const summarized = PREVIEW_TOOLS.filter(
      (name) => summarizeDefaultPolicy(registry.getToolDefinition(name)!).modelOrMcp === 'asks',
    );
    expect(asked.sort()).to.deep.equal(summarized);
    expect(asked).to.deep.equal([
      'preview.addFeature',
      'preview.refresh',
      'preview.setTheme',
      'preview.updateHero',
    ]);
  });
});
