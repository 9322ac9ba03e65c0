import { expect } from 'chai';
import { describe, it } from 'node:test';
import { sampleToolArguments } from '../../src/runtime/catalog/sample-arguments.js';
import { defaultPolicyDecision } from '../../src/runtime/registry/policy.js';
import type { StudioSurface } from '../../src/runtime/surfaces/names.js';
import { createStudioRuntime } from '../../src/composition/studio-runtime.js';

// Every tool a studio registers whose model call asks for approval has a card that says what the
// call would change: computed by the tool's own describeChange. A new such tool without one fails
// here. (Tools the policy runs for a model without asking, such as workspace.openFile, show no
// card.)

/** Sample arguments that change something where the schema's sample would not (blue is the seed's accent). */
const OVERRIDES: Record<string, Record<string, unknown>> = {
  'preview.setTheme': { accent: 'green' },
  'web.setTheme': { accent: 'green' },
};

async function cardsOf(surface: StudioSurface) {
  const runtime = createStudioRuntime({ storage: 'memory', surface });
  await runtime.ready;
  await runtime.workspace.ready;
  const disconnect = runtime.approvals.connect();
  const model = { source: 'model', mode: 'agent' } as const;
  const mutating = runtime.registry
    .listTools()
    .tools.filter((tool) => defaultPolicyDecision(tool, model) === 'ask');
  const cards = [];
  for (const tool of mutating) {
    const { revision, activePath } = runtime.workspace.getSnapshot();
    const call = runtime.registry.callTool(
      tool.name,
      {
        ...sampleToolArguments(tool.inputSchema, { revision, activePath }),
        ...OVERRIDES[tool.name],
      },
      { context: model },
    );
    const [card] = runtime.approvals.store.getSnapshot();
    const view = card && runtime.approvals.getChange?.(card.id);
    cards.push({ name: tool.name, change: card?.change && view?.ok ? view.value : undefined });
    runtime.approvals.denyAll();
    await call;
  }
  disconnect();
  runtime.dispose();
  return cards;
}

describe('every mutating tool of every catalog describes its change', () => {
  for (const surface of ['studio', 'web-coding', 'live-editor'] as const) {
    it(`${surface}: each card names the files it changes or says why none`, async () => {
      const cards = await cardsOf(surface);
      expect(cards.length).to.be.greaterThan(10);
      for (const { name, change } of cards) {
        expect(change, `${name} has no change on its card`).to.not.equal(undefined);
        expect(change!.files.length > 0 || Boolean(change!.note), name).to.equal(true);
      }
    });
  }

  it('the catalogs’ file edits show each file before and after, with line and size counts', async () => {
    const web = new Map((await cardsOf('web-coding')).map((card) => [card.name, card.change]));
    const editor = new Map((await cardsOf('live-editor')).map((card) => [card.name, card.change]));
    const cards = new Map([...web, ['editor.setDocument', editor.get('editor.setDocument')]]);
    for (const name of ['workspace.writeFile', 'web.writeFile', 'editor.setDocument']) {
      const [file] = cards.get(name)!.files;
      expect(file, name).to.deep.include({ status: 'modified', afterLines: 1 });
      expect(file!.text!.after, name).to.equal('<!-- written from the tool catalog -->');
      expect(file!.removed, name).to.equal(file!.beforeLines);
    }
    // preview.* and web.* visual edits show the stylesheet or entry page they rewrite.
    for (const name of ['preview.setTheme', 'web.setTheme']) {
      const [file] = cards.get(name)!.files;
      expect(file!.path, name).to.match(/\.css$/);
      expect(file!.added, name).to.be.greaterThan(0);
    }
    for (const name of ['preview.addFeature', 'web.addFeature']) {
      expect(cards.get(name)!.files[0]!.path, name).to.match(/\.html$/);
    }
  });
});
