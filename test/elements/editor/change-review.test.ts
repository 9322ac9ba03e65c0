import { expect, fixture, html } from '@open-wc/testing';
import { LitElement } from 'lit';
import { ContextProvider } from '@lit/context';
import { announcerContext } from '../../../src/elements/shared/announcer.js';
import { sendKeys } from '@web/test-runner-commands';
import '../../../src/elements/editor/editor.js';
import '../../../src/elements/approval/approval.js';
import type { CaEditor } from '../../../src/elements/editor/editor.element.js';
import {
  createStudioRuntime,
  type StudioRuntime,
} from '../../../src/composition/studio-runtime.js';
import { callAsPerson } from '../../../src/runtime/registry/index.js';
import { waitFor } from '../../support/wait.js';
import { agentWrites as agentWritesTo } from '../../support/agent-write.js';

// The last agent change to the open file, reviewed in the editor itself: a unified view against
// the text before the change, one Revert per hunk, each Revert one traced direct call.

const BEFORE = [
  '<main>',
  '  <h1>Title</h1>',
  '  <p>one</p>',
  '  <p>two</p>',
  '  <p>three</p>',
  '  <p>four</p>',
  '  <p>five</p>',
  '  <p>six</p>',
  '</main>',
  '',
].join('\n');
const AFTER = BEFORE.replace('<h1>Title</h1>', '<h1>Agent title</h1>').replace(
  '  <p>six</p>\n',
  '  <p>six</p>\n  <p>seven</p>\n',
);

/** Stands in for the studio: provides the one announcer and keeps what it was told. */
class AnnouncingHost extends LitElement {
  readonly heard: string[] = [];
  constructor() {
    super();
    new ContextProvider(this, {
      context: announcerContext,
      initialValue: { announce: (message) => this.heard.push(message) },
    });
  }
  override render() {
    return html`<slot></slot>`;
  }
}
customElements.define('test-announcing-host', AnnouncingHost);

async function setup() {
  const runtime = createStudioRuntime({
    workspaceRepository: null,
    seed: [{ path: 'index.html', text: BEFORE }],
  });
  await runtime.ready;
  const root = await fixture<HTMLElement>(
    html`<div>
      <test-announcing-host>
        <ca-editor .runtime=${runtime} idle-ms="20"></ca-editor>
      </test-announcing-host>
      <ca-approval .runtime=${runtime} approve-delay-ms="0"></ca-approval>
    </div>`,
  );
  const element = root.querySelector<CaEditor>('ca-editor')!;
  const { heard } = root.querySelector<AnnouncingHost>('test-announcing-host')!;
  const content = await waitFor(
    () => element.shadowRoot!.querySelector<HTMLElement>('.cm-content'),
    'CodeMirror to mount',
  );
  await waitFor(() => content.textContent?.includes('Title'), 'the file');
  return { runtime, element, content, heard };
}

/** A model's write of `text` to the open file, approved as the person would. */
const agentWrites = (runtime: StudioRuntime, text: string) =>
  agentWritesTo(runtime, 'index.html', text);

const fileText = (runtime: StudioRuntime) => {
  const file = runtime.workspace.getSnapshot().files.find((entry) => entry.path === 'index.html');
  return file?.kind === 'text' ? file.text : undefined;
};

const reviewButton = (element: CaEditor) =>
  element.shadowRoot!.querySelector<HTMLButtonElement>('[part="review"] button');

const revertButtons = (element: CaEditor) => [
  ...element.shadowRoot!.querySelectorAll<HTMLButtonElement>('.surface [part="revert"]'),
];

async function openReview(element: CaEditor, hunks: number) {
  const button = await waitFor(() => reviewButton(element), 'Review last change');
  expect(button.textContent!.trim()).to.equal('Review last change');
  button.click();
  return waitFor(() => revertButtons(element).length === hunks && revertButtons(element), 'hunks');
}

const calls = (runtime: StudioRuntime) =>
  runtime.trace.getSnapshot().filter((row) => row.method === 'tools/call');

describe('<ca-editor> reviews the last agent change', () => {
  it('offers the review after an agent write, shows its hunks, and reverts one hunk with one direct call', async () => {
    const { runtime, element, content } = await setup();
    // The person's own write is nothing to review.
    await callAsPerson(runtime.registry, 'workspace.writeFile', {
      path: 'index.html',
      text: BEFORE.replace('one', 'uno'),
    });
    await element.updateComplete;
    expect(reviewButton(element)).to.equal(null);
    await callAsPerson(runtime.registry, 'workspace.writeFile', {
      path: 'index.html',
      text: BEFORE,
    });

    await agentWrites(runtime, AFTER);
    const [first, second] = await openReview(element, 2);
    expect([first, second].every(Boolean), 'two hunks').to.equal(true);
    const deleted = element.shadowRoot!.querySelector('.cm-deletedChunk')!.textContent;
    expect(deleted, 'the line before the change, shown deleted').to.include('<h1>Title</h1>');
    expect(content.textContent, 'the text after it, editable').to.include('<h1>Agent title</h1>');

    const revision = runtime.workspace.getSnapshot().revision;
    const before = calls(runtime).length;
    first!.click();
    await waitFor(() => revertButtons(element).length === 1, 'the reverted hunk to disappear');
    expect(fileText(runtime)).to.equal(AFTER.replace('Agent title', 'Title'));
    expect(runtime.workspace.getSnapshot().revision).to.equal(revision + 1);
    const added = calls(runtime).slice(before);
    expect(added.map((row) => [row.name, row.source, row.mode, row.status])).to.deep.equal([
      ['workspace.writeFile', 'local', 'direct', 'completed'],
    ]);
    expect(content.textContent, 'the other hunk stays').to.include('<p>seven</p>');
  });

  it('refuses a stale revert with the conflict code and leaves the text alone', async () => {
    const { runtime, element } = await setup();
    await agentWrites(runtime, AFTER);
    const [first] = await openReview(element, 2);
    const elsewhere = AFTER.replace('four', 'FOUR');
    // The file changes at the moment the person presses Revert, before the editor shows it.
    let pressed = false;
    const stop = runtime.workspace.subscribe(() => {
      if (pressed || fileText(runtime) !== elsewhere) return;
      pressed = true;
      first!.click();
    });
    await callAsPerson(runtime.registry, 'workspace.writeFile', {
      path: 'index.html',
      text: elsewhere,
    });
    stop();
    expect(pressed).to.equal(true);
    const alert = await waitFor(
      () => element.shadowRoot!.querySelector('[part="review"] [role="alert"]'),
      'the refusal',
    );
    expect(alert.textContent).to.include('WORKSPACE_REVISION_CONFLICT');
    const row = await waitFor(
      () =>
        calls(runtime)
          .filter((entry) => entry.mode === 'direct' && entry.status !== 'running')
          .at(-1),
      'the refused call',
    );
    expect(row.error?.code).to.equal('WORKSPACE_REVISION_CONFLICT');
    expect(fileText(runtime)).to.equal(elsewhere);
    // Against the text before the agent's change: its two hunks and the other write's.
    expect(revertButtons(element).length, 'no hunk reverted').to.equal(3);
  });

  it('keeps typing in the review: the hunks follow the text and a Revert writes the typing first', async () => {
    const { runtime, element } = await setup();
    await agentWrites(runtime, AFTER);
    await openReview(element, 2);
    expect(await element.reveal('index.html', 5, 1)).to.equal(true);
    await sendKeys({ type: 'X' });
    await waitFor(() => revertButtons(element).length === 3, 'a third hunk for the typing');
    const typed = AFTER.replace('  <p>three', 'X  <p>three');
    revertButtons(element)[0]!.click();
    await waitFor(() => revertButtons(element).length === 2, 'the first hunk reverted');
    expect(fileText(runtime)).to.equal(typed.replace('Agent title', 'Title'));
  });

  it('is reached by keyboard: Tab to Review and to each Revert, Escape leaves to the text', async () => {
    const { runtime, element } = await setup();
    await agentWrites(runtime, AFTER);
    const tab = await waitFor(
      () => element.shadowRoot!.querySelector<HTMLButtonElement>('[role="tab"]'),
      'the tab',
    );
    await waitFor(() => reviewButton(element), 'Review last change');
    tab.focus();
    await sendKeys({ press: 'Tab' });
    expect(element.shadowRoot!.activeElement).to.equal(reviewButton(element));
    await sendKeys({ press: 'Enter' });
    await waitFor(() => revertButtons(element).length === 2, 'the hunks');
    expect(reviewButton(element)!.textContent!.trim()).to.equal('Done reviewing');
    const reached: Element[] = [];
    for (let press = 0; press < 6 && reached.length < 2; press++) {
      await sendKeys({ press: 'Tab' });
      const active = element.shadowRoot!.activeElement;
      if (active?.getAttribute('part') === 'revert') reached.push(active);
    }
    expect(reached).to.deep.equal(revertButtons(element));
    await sendKeys({ press: 'Escape' });
    await waitFor(() => revertButtons(element).length === 0, 'the review to end');
    expect(element.shadowRoot!.activeElement?.classList.contains('cm-content')).to.equal(true);
    expect(reviewButton(element), 'the change is reviewed').to.equal(null);
  });

  it('Done ends the review, puts focus back in the text, and speaks through the studio announcer', async () => {
    const { runtime, element, heard } = await setup();
    await agentWrites(runtime, AFTER);
    await openReview(element, 2);
    expect(heard).to.include('Reviewing 2 changes by the agent in index.html.');
    revertButtons(element)[1]!.click();
    await waitFor(() => heard.includes('Reverted. 1 change left.'), 'the revert announced');
    expect(fileText(runtime)).to.equal(AFTER.replace('  <p>seven</p>\n', ''));
    reviewButton(element)!.click();
    await waitFor(() => revertButtons(element).length === 0, 'the review to end');
    expect(element.shadowRoot!.activeElement?.classList.contains('cm-content')).to.equal(true);
    expect(heard).to.include('Review closed.');
  });
});
