import { expect } from 'chai';
import { LOCAL_AGENT_RECIPES } from '../../../src/runtime/agents/local-agent-recipes.js';
import { nearestRecipes } from '../../../src/runtime/agents/nearest-recipes.js';
import { describe, it } from '../../support/spec.js';

describe('the recipes nearest to an unknown request', () => {
  it('ranks by shared words: a colour change leads to the accent, a new section to a feature', () => {
    expect(nearestRecipes('make the button red', LOCAL_AGENT_RECIPES)[0]?.id).to.equal(
      'accent-green',
    );
    expect(nearestRecipes('add a contact form', LOCAL_AGENT_RECIPES)[0]?.id).to.equal(
      'feature-card',
    );
  });

  it('offers at most three', () => {
    expect(nearestRecipes('anything at all', LOCAL_AGENT_RECIPES)).to.have.length(3);
  });
});
