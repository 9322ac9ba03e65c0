import { expect, fixture, html } from '@open-wc/testing';
import '../../../src/elements/chat/chat.js';
import type { CaChat } from '../../../src/elements/chat/chat.element.js';
import { createStudioRuntime } from '../../../src/composition/studio-runtime.js';
import { waitFor } from '../../support/wait.js';

/** A chat whose transcript scrolls after a few lines, with `count` notes already in it. */
async function setup(count: number, width = 320) {
  const runtime = createStudioRuntime({ workspaceRepository: null });
  await runtime.ready;
  runtime.approvals.connect();
  const element = await fixture<CaChat>(
    html`<ca-chat
      style="display: flex; flex-direction: column; width: ${width}px; --ca-chat-max-height: 8rem"
      .runtime=${runtime}
    ></ca-chat>`,
  );
  const log = element.shadowRoot!.querySelector<HTMLElement>('.log')!;
  const note = async (text: string) => {
    runtime.agent.note(text);
    await element.updateComplete;
  };
  for (let index = 1; index <= count; index += 1) await note(`Note ${index}`);
  return { runtime, element, log, note };
}

const messages = (log: HTMLElement) => [...log.querySelectorAll<HTMLElement>('.message')];

/** Whether the message is wholly inside the transcript's visible box. */
function inView(log: HTMLElement, message: HTMLElement): boolean {
  const box = log.getBoundingClientRect();
  const row = message.getBoundingClientRect();
  return row.top >= box.top - 1 && row.bottom <= box.bottom + 1;
}

const latest = (log: HTMLElement) => messages(log).at(-1)!;

const newMessagesButton = (element: CaChat) =>
  [...element.shadowRoot!.querySelectorAll('button')].find((button) =>
    button.textContent?.includes('New messages'),
  );

/** The person scrolls the transcript to its top and the scroll has landed. */
async function scrollUp(log: HTMLElement) {
  const scrolled = new Promise((resolve) =>
    log.addEventListener('scroll', resolve, { once: true }),
  );
  log.scrollTop = 0;
  await scrolled;
}

describe('<ca-chat> follows the latest message', () => {
  it('keeps the newest message in view while the transcript is at its end', async () => {
    const { log, note } = await setup(3);
    for (let index = 4; index <= 15; index += 1) {
      await note(`Note ${index}`);
      expect(latest(log).textContent, 'the newest message').to.equal(`Note ${index}`);
      expect(inView(log, latest(log)), `Note ${index} in view`).to.equal(true);
    }
    // The transcript did overflow: following it meant scrolling.
    expect(log.scrollTop).to.be.above(0);
  });

  it('follows the first messages even when the empty state before them was not at its end', async () => {
    // Narrow, so the empty state's text runs past the transcript's height.
    const { element, log, runtime } = await setup(0, 160);
    expect(log.scrollHeight, 'the empty state overflows').to.be.above(log.clientHeight);
    expect(log.scrollTop).to.equal(0);
    for (let index = 1; index <= 15; index += 1) runtime.agent.note(`Note ${index}`);
    await element.updateComplete;
    expect(messages(log)).to.have.length(15);
    expect(inView(log, latest(log)), 'Note 15 in view').to.equal(true);
    expect(Boolean(newMessagesButton(element)), 'no New messages button').to.equal(false);
  });

  it('stays where the person is reading after they scrolled up, and says new messages came', async () => {
    const { element, log, note } = await setup(15);
    await scrollUp(log);
    expect(Boolean(newMessagesButton(element)), 'no button before anything new').to.equal(false);
    await note('Note 16');
    await note('Note 17');
    expect(log.scrollTop, 'the transcript did not jump').to.equal(0);
    expect(inView(log, messages(log)[0]!), 'the first note still in view').to.equal(true);
    expect(inView(log, latest(log)), 'the newest note below the view').to.equal(false);

    const button = newMessagesButton(element)!;
    expect(button.textContent!.trim()).to.match(/New messages$/);
    await expect(element).to.be.accessible();
    button.focus();
    button.click();
    await element.updateComplete;
    expect(inView(log, latest(log)), 'the newest note in view after the jump').to.equal(true);
    expect(Boolean(newMessagesButton(element)), 'the button went').to.equal(false);
    // Focus lands on the transcript, so the keyboard reads on from there.
    expect(element.shadowRoot!.activeElement === log, 'focus on the transcript').to.equal(true);
  });

  it('follows again once the person scrolls back down to the end', async () => {
    const { element, log, note } = await setup(15);
    await scrollUp(log);
    await note('Note 16');
    expect(Boolean(newMessagesButton(element)), 'the New messages button').to.equal(true);
    log.scrollTop = log.scrollHeight;
    await waitFor(() => !newMessagesButton(element), 'the New messages button to go');
    await note('Note 17');
    expect(inView(log, latest(log)), 'Note 17 in view').to.equal(true);
  });

  it('takes the person to the end when they send a prompt from further up', async () => {
    const { element, log } = await setup(15);
    await scrollUp(log);
    await element.submit('What is the workspace status?');
    await element.updateComplete;
    const prompt = messages(log).find((message) => message.classList.contains('user'))!;
    expect(prompt.textContent).to.equal('What is the workspace status?');
    expect(inView(log, latest(log)), 'the run’s last message in view').to.equal(true);
    expect(Boolean(newMessagesButton(element)), 'no New messages button').to.equal(false);
  });
});
