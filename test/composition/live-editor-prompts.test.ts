import { expect, fixture, html } from '@open-wc/testing';
import '../../src/elements/studio/studio.js';
import type { CaStudio } from '../../src/elements/studio/studio.element.js';
import type { StudioRuntime } from '../../src/composition/studio-runtime.js';
import { LOCAL_AGENT_RECIPES } from '../../src/runtime/agents/local-agent-recipes.js';
import type { ToolCallEvent } from '../../src/runtime/index.js';

/**
 * The live-editor surface as the demo page runs it: a `<ca-studio surface="live-editor">` with
 * its preview and the offline agent, approving every card, recording every failed call.
 */
async function liveEditor() {
  const studio = await fixture<CaStudio>(
    html`<ca-studio surface="live-editor" storage="memory" agent="local"></ca-studio>`,
  );
  const runtime = studio.runtime!;
  await runtime.ready;
  const failed: string[] = [];
  runtime.registry.subscribe((event: ToolCallEvent) => {
    if (event.type === 'failed') failed.push(event.request.params.name);
  });
  runtime.approvals.store.subscribe(() => {
    for (const card of runtime.approvals.store.getSnapshot())
      runtime.approvals.resolve(card.id, 'approved');
  });
  return { runtime, failed };
}

/** The transcript's last assistant message, if it is one. */
function lastReply(runtime: StudioRuntime) {
  const message = runtime.agent.getSnapshot().messages.at(-1);
  return message?.role === 'assistant' ? message : undefined;
}

describe('the live editor answers every recipe prompt without a failed run', () => {
  it('"Make the accent green" is a plain reply naming what the page can do, with no tool run', async () => {
    const { runtime, failed } = await liveEditor();
    const result = await runtime.agent.run('Make the accent green');
    expect(result.status).to.equal('completed');
    expect(failed).to.deep.equal([]);
    const reply = lastReply(runtime);
    expect(reply?.text).to.match(/no accent colour/);
    const offered = (reply?.suggestions ?? []).map((suggestion) => suggestion.id);
    expect(offered.length).to.be.greaterThan(0);
    expect(offered).to.not.include('accent-green');
    expect(runtime.workspace.getStatus().revision, 'nothing written').to.equal(1);
  });

  it('every recipe prompt, and every prompt a reply suggests, completes with no failed call', async function () {
    // A run per recipe, each waiting for the preview: a fixed amount of work that a loaded
    // machine takes past mocha's 10 s.
    this.timeout(30_000);
    const { runtime, failed } = await liveEditor();
    const prompts = new Set(LOCAL_AGENT_RECIPES.map((recipe) => recipe.prompt));
    const asked = new Set<string>();
    while (prompts.size > 0) {
      const [prompt] = prompts;
      prompts.delete(prompt!);
      asked.add(prompt!);
      const result = await runtime.agent.run(prompt!);
      expect(result.status, prompt).to.equal('completed');
      expect(failed, prompt).to.deep.equal([]);
      for (const suggestion of lastReply(runtime)?.suggestions ?? [])
        if (!asked.has(suggestion.prompt)) prompts.add(suggestion.prompt);
    }
  });
});
