import { expect, fixture, html } from '@open-wc/testing';
import { setViewport } from '@web/test-runner-commands';
import '../../../src/elements/chat/chat.js';
import '../../../src/elements/studio/studio.js';
import type { CaChat } from '../../../src/elements/chat/chat.element.js';
import type { CaStudio } from '../../../src/elements/studio/studio.element.js';
import { createStudioRuntime } from '../../../src/composition/studio-runtime.js';
import { uniqueName, waitFor } from '../../support/wait.js';

const starters = (chat: CaChat) => [
  ...chat.shadowRoot!.querySelectorAll<HTMLButtonElement>('.empty-state button'),
];

describe('<ca-chat> empty state', () => {
  it('says what the studio does and offers three starters that run', async () => {
    const runtime = createStudioRuntime({ workspaceRepository: null });
    await runtime.ready;
    runtime.approvals.connect();
    const chat = await fixture<CaChat>(html`<ca-chat .runtime=${runtime}></ca-chat>`);
    await waitFor(() => starters(chat).length === 3, 'three starters');
    expect(chat.shadowRoot!.querySelector('.empty-state')?.textContent).to.contain(
      'Ask for a change',
    );
    await expect(chat).to.be.accessible();
    starters(chat)[0]!.click();
    await waitFor(() => runtime.agent.getSnapshot().messages.length > 0, 'the prompt to run');
    expect(runtime.agent.getSnapshot().messages[0]).to.include({ role: 'user' });
    runtime.dispose();
  });

  it('gives way to a page’s own empty state', async () => {
    const runtime = createStudioRuntime({ workspaceRepository: null });
    await runtime.ready;
    const chat = await fixture<CaChat>(
      html`<ca-chat .runtime=${runtime}><p slot="empty">Our own words</p></ca-chat>`,
    );
    await chat.updateComplete;
    await waitFor(() => !chat.shadowRoot!.querySelector('.empty-state'), 'the default to leave');
    runtime.dispose();
  });

  it('shows in the studio at 1280×800 with a transcript taller than the chips', async () => {
    await setViewport({ width: 1280, height: 800 });
    const studio = await fixture<CaStudio>(
      `<ca-studio style="height: 100vh" database-name="${uniqueName('empty')}"></ca-studio>`,
    );
    await studio.updateComplete;
    await studio.runtime!.ready;
    const chat = studio.shadowRoot!.querySelector<CaChat>('ca-chat')!;
    await waitFor(() => starters(chat).length === 3, 'the starters in the studio');
    const log = chat.shadowRoot!.querySelector<HTMLElement>('.log')!;
    const chips = chat.shadowRoot!.querySelector<HTMLElement>('.recipes')!;
    expect(log.getBoundingClientRect().height).to.be.greaterThan(
      chips.getBoundingClientRect().height * 2,
    );
  });
});

describe('<ca-chat> answers a request the local agent does not know', () => {
  it('offers the nearest recipes as chips, the allowed values and how to connect a model', async () => {
    const runtime = createStudioRuntime({ workspaceRepository: null });
    await runtime.ready;
    runtime.approvals.connect();
    const chat = await fixture<CaChat>(html`<ca-chat .runtime=${runtime}></ca-chat>`);
    await chat.submit('make the button red');
    const reply = await waitFor(
      () => chat.shadowRoot!.querySelector('.message.assistant'),
      'the reply',
    );
    expect(reply.textContent).to.contain('blue, green, purple, orange, pink, teal');
    expect(reply.textContent).to.contain('Settings');
    const chips = [
      ...chat.shadowRoot!.querySelectorAll<HTMLButtonElement>(
        '[aria-label="Nearest requests"] button',
      ),
    ];
    expect(chips.length).to.be.within(2, 3);
    expect(chips[0]!.textContent?.trim()).to.equal('Make the accent green');
    await expect(chat).to.be.accessible();
    runtime.dispose();
  });
});
