import { expect } from 'chai';
import { availableRecipes } from '../../../src/runtime/agents/local-agent-recipes.js';
import { createOpenRouterSettingsStore } from '../../../src/runtime/agents/openrouter/settings.js';
import { createMemoryDurableOperationBackend } from '../../../src/runtime/durable/memory-backend.js';
import type { StudioSurface } from '../../../src/runtime/surfaces/names.js';
import { previewHostCapability } from '../../../src/runtime/preview/preview-host.js';
import { createStudioRuntime } from '../../../src/composition/studio-runtime.js';
import { describe, it } from '../../support/spec.js';
import { acknowledgingHost } from '../tools/workspace/support.js';
import { callAsPerson } from '../../../src/runtime/registry/person-call.js';

async function approvingRuntime(surface: StudioSurface) {
  const runtime = createStudioRuntime({
    surface,
    workspaceRepository: null,
    durableOperationBackend: createMemoryDurableOperationBackend(),
    workspaceTools: { download: () => undefined },
    openrouterSettings: createOpenRouterSettingsStore({ storage: null, events: null }),
  });
  runtime.approvals.connect();
  await runtime.ready;
  runtime.capabilities.provide(previewHostCapability, acknowledgingHost(runtime.workspace));
  runtime.approvals.store.subscribe(() => {
    for (const request of runtime.approvals.store.getSnapshot())
      runtime.approvals.resolve(request.id, 'approved');
  });
  return runtime;
}

describe('recipes offered for a workspace', () => {
  for (const surface of ['studio', 'web-coding', 'live-editor'] as const) {
    it(`every recipe offered on the ${surface} surface completes there`, async () => {
      const runtime = await approvingRuntime(surface);
      const offered = availableRecipes(runtime.agentTools, runtime.workspace.getStatus());
      const outcomes: string[] = [];
      for (const recipe of offered) {
        // Each on the workspace as it is offered: the list is read again after every run.
        if (!availableRecipes(runtime.agentTools, runtime.workspace.getStatus()).includes(recipe))
          continue;
        const result = await runtime.agent.run(recipe.prompt);
        outcomes.push(`${recipe.label}: ${result.status}`);
      }
      expect(outcomes.filter((outcome) => !outcome.endsWith('completed'))).to.deep.equal([]);
      expect(outcomes.length).to.be.greaterThan(5);
      runtime.dispose();
    });
  }

  it('leaves out the visual recipes on a workspace without a hero, features or accent', async () => {
    const runtime = await approvingRuntime('live-editor');
    const labels = availableRecipes(runtime.agentTools, runtime.workspace.getStatus()).map(
      (recipe) => recipe.label,
    );
    expect(labels).to.not.include.members(['Green accent']);
    expect(labels).to.not.include('New hero title');
    expect(labels).to.not.include('Add a feature');
    runtime.dispose();
  });

  it('offers Undo and Redo only when the history has a step', async () => {
    const runtime = await approvingRuntime('studio');
    const labels = () =>
      availableRecipes(runtime.agentTools, runtime.workspace.getStatus()).map((r) => r.label);
    expect(labels()).to.not.include('Undo last change');
    expect(labels()).to.not.include('Redo change');
    await callAsPerson(runtime.registry, 'workspace.createFile', { path: 'extra.md' });
    expect(labels()).to.include('Undo last change');
    await callAsPerson(runtime.registry, 'workspace.undo', {});
    expect(labels()).to.include('Redo change');
    runtime.dispose();
  });

  it('offers a TSX edit on a TypeScript and JSX workspace, and it patches the .tsx module', async () => {
    const runtime = await approvingRuntime('studio');
    const labels = () =>
      availableRecipes(runtime.agentTools, runtime.workspace.getStatus()).map((r) => r.label);
    expect(labels()).to.not.include('Rename the app');
    const main =
      'import { App } from \'./App\';\n\nrender(<App title="Tasks" />, document.body);\n';
    await callAsPerson(runtime.registry, 'workspace.createFile', {
      path: 'src/main.tsx',
      text: main,
    });
    expect(labels()).to.include('Rename the app');
    const recipe = availableRecipes(runtime.agentTools, runtime.workspace.getStatus()).find(
      (r) => r.id === 'rename-app',
    );
    expect((await runtime.agent.run(recipe!.prompt)).status).to.equal('completed');
    const file = runtime.workspace.getFile('src/main.tsx');
    expect(file.ok && file.value.kind === 'text' && file.value.text).to.contain('title="Today"');
    expect(labels()).to.not.include('Rename the app');
    runtime.dispose();
  });
});
