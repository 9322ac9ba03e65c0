import { expect, fixture, html } from '@open-wc/testing';
import { sendKeys } from '@web/test-runner-commands';
import { deepActiveElement } from '../../../src/elements/shared/focus.js';
import '../../../src/elements/studio/studio.js';
import type { CaStudio } from '../../../src/elements/studio/studio.element.js';
import { uniqueName, waitFor } from '../../support/wait.js';
import { stepParts } from '../../support/ui-stream-parts.js';

// A model's response with several calls that ask waits on one card: each call with its change,
// approved together or one by one; every result goes back under its own call id. The site model
// is a scripted server speaking the AI SDK UI message stream (ui-stream-script-middleware.mjs).

interface Log {
  bodies: {
    messages: {
      role: string;
      parts: { state?: string; toolCallId?: string; errorText?: string }[];
    }[];
  }[];
}

const step = (calls: Parameters<typeof stepParts>[1] = [], text = '') => ({
  parts: stepParts(text || null, calls),
});

const THREE = [
  { id: 'c1', name: 'workspace__createFile', input: { path: 'one.css', text: 'p {}' } },
  { id: 'c2', name: 'workspace__createFile', input: { path: 'two.js', text: 'run()' } },
  { id: 'c3', name: 'workspace__createFile', input: { path: 'three.md', text: '# Three' } },
];

async function studioWithStep() {
  const base = `/test-agent/${uniqueName('step')}`;
  await fetch(`${base}/script`, {
    method: 'PUT',
    body: JSON.stringify({ responses: [step(THREE), step([], 'Three files.')] }),
  });
  const studio = await fixture<CaStudio>(html`
    <ca-studio
      workspace=${uniqueName('step')}
      storage="memory"
      agent-endpoint=${`${base}/api`}
    ></ca-studio>
  `);
  await studio.runtime!.ready;
  await studio.updateComplete;
  const approval = studio.shadowRoot!.querySelector('ca-approval')!;
  const part = (name: string) => [
    ...approval.shadowRoot!.querySelectorAll<HTMLButtonElement>(`[part="${name}"]`),
  ];
  const run = studio.runtime!.agent.run('Add three files.');
  const items = await waitFor(
    () => {
      const found = approval.shadowRoot!.querySelectorAll('[part="step-call"]');
      return found.length === 3 ? [...found] : undefined;
      // The first run loads the studio's and the site model's chunks.
    },
    'one card with the three calls',
    20_000,
  );
  const log = async () => (await (await fetch(`${base}/requests`)).json()) as Log;
  /** The second request's tool parts: each call id with its state and error text. */
  const answers = async () =>
    (await log()).bodies[1]!.messages.flatMap((message) =>
      message.parts
        .filter((entry) => entry.toolCallId)
        .map(({ toolCallId, state, errorText }) => ({ toolCallId, state, errorText })),
    );
  const paths = () => studio.runtime!.workspace.getSnapshot().files.map((file) => file.path);
  return { studio, approval, part, run, items, answers, paths };
}

describe('<ca-approval> one card for a model step', () => {
  it('one card shows three calls, each with its change, and Allow all approves them together', async function () {
    this.timeout(60_000);
    const { approval, part, run, items, answers, paths } = await studioWithStep();
    const text = approval.shadowRoot!.querySelector('dialog')!.textContent!.replace(/\s+/g, ' ');
    expect(text).to.include('Allow 3 calls from one step?');
    expect(items.map((item) => item.getAttribute('data-call'))).to.deep.equal(['c1', 'c2', 'c3']);
    for (const [item, path] of items.map((item, i) => [item, THREE[i]!.input.path] as const))
      expect(item.textContent!.replace(/\s+/g, ' ')).to.include(`${path} new +1 −0`);
    expect(part('approve-call').map((button) => button.getAttribute('aria-label'))).to.deep.equal([
      'Allow workspace.createFile, call 1 of 3',
      'Allow workspace.createFile, call 2 of 3',
      'Allow workspace.createFile, call 3 of 3',
    ]);
    // Each call's change opens on its own, read on demand.
    part('show-change')[1]!.click();
    await waitFor(
      () => items[1]!.querySelector('[part="diff"] .cm-editor'),
      'the second call’s diff',
    );
    expect(items[0]!.querySelector('[part="diff"]')).to.equal(null);
    await expect(approval).to.be.accessible();

    const all = await waitFor(
      () => part('approve-all').find((button) => !button.disabled),
      'Allow all',
    );
    expect(all.textContent!.trim()).to.equal('Allow all 3');
    // By keyboard: Tab from the card's box reaches Allow all, and Enter presses it.
    approval.shadowRoot!.querySelector('dialog')!.focus();
    for (let i = 0; i < 20 && deepActiveElement() !== all; i++) await sendKeys({ press: 'Tab' });
    expect(deepActiveElement()).to.equal(all);
    await sendKeys({ press: 'Enter' });
    expect((await run).status).to.equal('completed');
    expect(paths()).to.include.members(['one.css', 'two.js', 'three.md']);
    expect(await answers()).to.deep.equal([
      { toolCallId: 'c1', state: 'output-available', errorText: undefined },
      { toolCallId: 'c2', state: 'output-available', errorText: undefined },
      { toolCallId: 'c3', state: 'output-available', errorText: undefined },
    ]);
  });

  it('one by one: the second call denied with a reason, the others allowed; each result keeps its call id', async function () {
    this.timeout(60_000);
    const { approval, part, run, answers, paths } = await studioWithStep();
    await waitFor(() => part('approve-call').every((button) => !button.disabled), 'armed');
    approval.shadowRoot!.querySelector<HTMLInputElement>('[part="reason"]')!.value = 'Not JS.';
    part('deny-call')[1]!.click();
    await approval.updateComplete;
    expect(approval.shadowRoot!.querySelectorAll('[part="step-call"]')).to.have.length(2);
    // The card keeps focus after an answer, never the page.
    expect(approval.shadowRoot!.activeElement?.localName).to.equal('dialog');
    await waitFor(() => part('approve-call').every((button) => !button.disabled), 're-armed');
    part('approve-call')[1]!.click();
    await approval.updateComplete;
    const last = await waitFor(
      () => part('approve').find((button) => !button.disabled),
      'the last call, alone on the card',
    );
    last.click();
    expect((await run).status).to.equal('completed');
    expect(paths()).to.include.members(['one.css', 'three.md']);
    expect(paths()).not.to.include('two.js');
    const [first, second, third] = await answers();
    expect(first, JSON.stringify(first)).to.deep.include({
      toolCallId: 'c1',
      state: 'output-available',
    });
    expect(second).to.deep.include({ toolCallId: 'c2', state: 'output-error' });
    expect(second!.errorText).to.include('Not JS.');
    expect(third).to.deep.include({ toolCallId: 'c3', state: 'output-available' });
  });
});
