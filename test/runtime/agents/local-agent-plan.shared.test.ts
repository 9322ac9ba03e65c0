import { expect } from 'chai';
import { describe, it } from '../../support/spec.js';
import { planLocalAgentRequest } from '../../../src/runtime/agents/local-agent-plan.js';
import { LOCAL_AGENT_RECIPES } from '../../../src/runtime/agents/local-agent-recipes.js';

describe('local agent planner (A1)', () => {
  it('maps an accent colour request to preview.setTheme', () => {
    expect(planLocalAgentRequest('make the accent green')).to.deep.equal({
      kind: 'theme',
      accent: 'green',
    });
    expect(planLocalAgentRequest('Change the theme colour to Purple')).to.deep.equal({
      kind: 'theme',
      accent: 'purple',
    });
  });

  it('names TypeScript and JSX files with the case of their paths', () => {
    expect(planLocalAgentRequest('In src/App.tsx replace "left" with "to do"')).to.deep.equal({
      kind: 'patch',
      search: 'left',
      replace: 'to do',
      path: 'src/App.tsx',
    });
    expect(planLocalAgentRequest('Open src/TaskItem.tsx')).to.deep.equal({
      kind: 'open',
      path: 'src/TaskItem.tsx',
    });
    expect(planLocalAgentRequest('create view.jsx')).to.deep.equal({
      kind: 'create',
      path: 'view.jsx',
    });
  });

  it('routes a quoted pair to a literal patch, with the named path', () => {
    expect(planLocalAgentRequest('In styles.css replace "red" with "blue"')).to.deep.equal({
      kind: 'patch',
      search: 'red',
      replace: 'blue',
      path: 'styles.css',
    });
    expect(planLocalAgentRequest('replace “a” with “b”')).to.deep.equal({
      kind: 'patch',
      search: 'a',
      replace: 'b',
    });
  });

  it('reads quoted hero and feature values as visual tool arguments, not a patch', () => {
    expect(
      planLocalAgentRequest('Set the hero title to "Hi" and subtitle to "There"'),
    ).to.deep.equal({
      kind: 'hero',
      title: 'Hi',
      subtitle: 'There',
    });
    expect(planLocalAgentRequest('change the hero subtitle to "Only this"')).to.deep.equal({
      kind: 'hero',
      subtitle: 'Only this',
    });
    expect(planLocalAgentRequest('Add a feature "Fast" with description "Very"')).to.deep.equal({
      kind: 'feature',
      title: 'Fast',
      description: 'Very',
    });
  });

  it('does not take colour words inside quotes as a theme request', () => {
    expect(planLocalAgentRequest('replace "green" with "blue" in the accent')).to.include({
      kind: 'patch',
    });
  });

  it('recognises status, refresh, undo and redo, and nothing else', () => {
    expect(planLocalAgentRequest('what is the status?').kind).to.equal('status');
    expect(planLocalAgentRequest('refresh the preview').kind).to.equal('refresh');
    expect(planLocalAgentRequest('undo that').kind).to.equal('undo');
    expect(planLocalAgentRequest('redo').kind).to.equal('redo');
    expect(planLocalAgentRequest('write me a poem').kind).to.equal('unknown');
  });

  it('recognises open, create, download, save and preview status with their paths', () => {
    expect(planLocalAgentRequest('Open styles.css')).to.deep.equal({
      kind: 'open',
      path: 'styles.css',
    });
    expect(planLocalAgentRequest('Create the file "notes.md"')).to.deep.equal({
      kind: 'create',
      path: 'notes.md',
    });
    expect(planLocalAgentRequest('download app.js')).to.deep.equal({
      kind: 'download',
      path: 'app.js',
    });
    expect(planLocalAgentRequest('Download the open file')).to.deep.equal({ kind: 'download' });
    expect(planLocalAgentRequest('save a checkpoint').kind).to.equal('save');
    expect(planLocalAgentRequest('what is the preview status').kind).to.equal('previewStatus');
    expect(planLocalAgentRequest('open the door').kind).to.equal('unknown');
  });

  it('plans every recipe in the catalog to its declared final tool', () => {
    const finalTool: Record<string, string> = {
      theme: 'preview.setTheme',
      hero: 'preview.updateHero',
      feature: 'preview.addFeature',
      patch: 'workspace.applyPatch',
      status: 'workspace.getStatus',
      open: 'workspace.openFile',
      create: 'workspace.createFile',
      download: 'workspace.downloadFile',
      undo: 'workspace.undo',
      redo: 'workspace.redo',
      save: 'workspace.saveCheckpoint',
      reloadFolder: 'workspace.reloadFolder',
      disconnectFolder: 'workspace.disconnectFolder',
      previewStatus: 'preview.getStatus',
      refresh: 'preview.refresh',
    };
    for (const recipe of LOCAL_AGENT_RECIPES) {
      expect(finalTool[planLocalAgentRequest(recipe.prompt).kind], recipe.id).to.equal(
        recipe.tools.at(-1),
      );
    }
  });
});
