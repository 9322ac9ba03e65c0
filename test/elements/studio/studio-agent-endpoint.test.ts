import { expect, fixture, html } from '@open-wc/testing';
import '../../../src/elements/studio/studio.js';
import type { CaStudio } from '../../../src/elements/studio/studio.element.js';
import { uniqueName, waitFor } from '../../support/wait.js';
import { stepParts } from '../../support/ui-stream-parts.js';
import { callAsPerson } from '../../../src/runtime/registry/person-call.js';

/**
 * `<ca-studio agent-endpoint>` in Chromium against a scripted site model server speaking the AI
 * SDK UI message stream (`ui-stream-script-middleware.mjs`): the real chat, approval card and
 * preview; the remote model is the only stand-in.
 */
const PAGE = '<h1>Written by the site model</h1>';

interface Reply {
  status?: number;
  headers?: Record<string, string>;
  json?: unknown;
  parts?: (object | string)[];
  done?: boolean;
  holdAfter?: number;
}
interface Log {
  count: number;
  aborted: number;
  bodies: {
    messages: {
      role: string;
      parts: { state?: string; toolCallId?: string; errorText?: string }[];
    }[];
    tools: Record<string, unknown>;
  }[];
}

const writePage = (id: string) => ({
  id,
  name: 'workspace__writeFile',
  input: { path: 'index.html', text: PAGE },
});

async function scripted(...responses: Reply[]) {
  const base = `/test-agent/${uniqueName('endpoint')}`;
  await fetch(`${base}/script`, { method: 'PUT', body: JSON.stringify({ responses }) });
  return {
    endpoint: `${base}/api`,
    log: async () => (await (await fetch(`${base}/requests`)).json()) as Log,
  };
}

async function studioAt(endpoint: string) {
  const studio = await fixture<CaStudio>(html`
    <ca-studio
      workspace=${uniqueName('site-model')}
      storage="memory"
      agent-endpoint=${endpoint}
    ></ca-studio>
  `);
  await studio.runtime!.ready;
  await studio.updateComplete;
  const chat = studio.shadowRoot!.querySelector('ca-chat')!;
  const approval = studio.shadowRoot!.querySelector('ca-approval')!;
  const indexText = () => {
    const file = studio.runtime!.workspace.getSnapshot().files.find((f) => f.path === 'index.html');
    return file?.kind === 'text' ? file.text : undefined;
  };
  const send = async (prompt: string) => {
    const textarea = await waitFor(
      () => chat.shadowRoot!.querySelector('textarea'),
      'the composer',
    );
    textarea.value = prompt;
    textarea.dispatchEvent(new Event('input'));
    await chat.updateComplete;
    chat.shadowRoot!.querySelector<HTMLButtonElement>('button[type="submit"]')!.click();
  };
  const ended = () =>
    waitFor(
      () => {
        const state = studio.runtime!.agent.getSnapshot();
        return !state.running && state.lastRun;
      },
      'the run to end',
      9000,
    );
  const button = (label: string) =>
    waitFor(
      () =>
        [...chat.shadowRoot!.querySelectorAll('button')].find(
          (b) => b.textContent!.trim() === label,
        ),
      `the ${label} button`,
    );
  const chatText = () => chat.shadowRoot!.textContent!.replace(/\s+/g, ' ');
  return { studio, chat, approval, indexText, send, ended, button, chatText };
}

describe('<ca-studio agent-endpoint> with a site model server', () => {
  it('names the mode "Site model" in the header and the chat badge', async () => {
    const { endpoint } = await scripted();
    const { studio, chat } = await studioAt(endpoint);
    expect(studio.runtime!.config.getSnapshot()).to.deep.include({
      agent: 'endpoint',
      agentEndpoint: endpoint,
    });
    await waitFor(
      () => chat.shadowRoot!.querySelector('[part="mode"]')?.textContent?.includes('Site model'),
      'the badge',
    );
    expect(studio.shadowRoot!.querySelector('[part="header"]')!.textContent).to.include(
      'Site model',
    );
    await expect(studio).to.be.accessible();
  });

  it('prompt → streamed text → live input line → approval → preview acknowledged → output posted → closing text', async () => {
    const { endpoint, log } = await scripted(
      { parts: stepParts('I will rewrite the page.', [writePage('w1')]) },
      { parts: stepParts('The heading is new.') },
    );
    const { studio, approval, indexText, send, ended, chatText } = await studioAt(endpoint);
    await send('Rewrite the page.');
    const approve = await waitFor(
      () => approval.shadowRoot!.querySelector<HTMLButtonElement>('[part="approve"]:enabled'),
      'the approval card',
    );
    expect(chatText()).to.include('I will rewrite the page.');
    expect(chatText()).to.match(/writing index\.html… \d+ B/);
    approve.click();
    const run = await ended();
    expect(run.status).to.equal('completed');
    expect(indexText()).to.equal(PAGE);
    expect(chatText()).to.include('The heading is new.');
    const host = studio.runtime!.capabilities.resolve<{
      getStatus(): { acknowledgedRevision: number | null };
    }>({ id: 'previewHost' });
    expect(host?.getStatus().acknowledgedRevision).to.equal(
      studio.runtime!.workspace.getSnapshot().revision,
    );
    const { bodies } = await log();
    expect(Object.keys(bodies[0]!.tools)).to.include('workspace__writeFile');
    const answered = bodies[1]!.messages[1]!.parts.find((part) => part.toolCallId === 'w1');
    expect(answered?.state).to.equal('output-available');
    const rows = studio.runtime!.trace.getSnapshot();
    expect(rows.filter((row) => row.method === 'agent.request')).to.have.length(1);
    expect(rows.find((row) => row.name === 'workspace.writeFile')?.sessionId).to.equal(
      run.sessionId,
    );
  });

  it("Deny with a reason: nothing is written, the model reads the reason as the call's error", async () => {
    const { endpoint, log } = await scripted(
      { parts: stepParts(null, [writePage('d1')]) },
      { parts: stepParts('Understood.') },
    );
    const { approval, indexText, send, ended, chatText } = await studioAt(endpoint);
    const before = indexText();
    await send('Rewrite the page.');
    const deny = await waitFor(
      () => approval.shadowRoot!.querySelector<HTMLButtonElement>('[part="deny"]'),
      'the approval card',
    );
    approval.shadowRoot!.querySelector<HTMLInputElement>('[part="reason"]')!.value =
      'Keep the old heading.';
    deny.click();
    expect((await ended()).status).to.equal('completed');
    expect(indexText()).to.equal(before);
    expect(chatText()).to.include('TOOL_APPROVAL_DENIED');
    const part = (await log()).bodies[1]!.messages[1]!.parts.find((p) => p.toolCallId === 'd1');
    expect(part?.state).to.equal('output-error');
    expect(part?.errorText).to.equal(
      'TOOL_APPROVAL_DENIED: The call to workspace.writeFile was not approved: Keep the old heading.',
    );
  });

  it('Allow for this session: that tool runs without a card, another still asks, and Revoke brings the card back', async () => {
    const write = (id: string, text: string) => ({
      id,
      name: 'workspace__writeFile',
      input: { path: 'index.html', text },
    });
    const { endpoint } = await scripted(
      { parts: stepParts(null, [write('s1', '<h1>One</h1>')]) },
      { parts: stepParts(null, [write('s2', '<h1>Two</h1>')]) },
      {
        parts: stepParts(null, [
          { id: 's3', name: 'workspace__createFile', input: { path: 'notes.txt', text: 'n' } },
        ]),
      },
      { parts: stepParts('Done.') },
      { parts: stepParts(null, [write('s4', '<h1>Four</h1>')]) },
      { parts: stepParts('Done again.') },
    );
    const { studio, approval, indexText, send, ended } = await studioAt(endpoint);
    const enabled = (name: string) =>
      waitFor(
        () => approval.shadowRoot!.querySelector<HTMLButtonElement>(`[part="${name}"]:enabled`),
        name,
      );
    const waiting = () => studio.runtime!.approvals.store.getSnapshot().map((a) => a.toolName);
    await send('Rewrite the page twice and add notes.');
    (await enabled('approve-session')).click();
    // The second write ran unasked; the card that waits now is the other tool's.
    await waitFor(() => waiting()[0] === 'workspace.createFile', 'the createFile card');
    expect(indexText()).to.equal('<h1>Two</h1>');
    (await enabled('approve')).click();
    expect((await ended()).status).to.equal('completed');

    studio.shadowRoot!.querySelector<HTMLButtonElement>('[part="model-button"]')!.click();
    const inSettings = (part: string) =>
      waitFor(
        () =>
          studio
            .shadowRoot!.querySelector('ca-settings')
            ?.shadowRoot?.querySelector<HTMLButtonElement>(`[part="${part}"]`),
        part,
      );
    (await inSettings('revoke')).click();
    await waitFor(() => studio.runtime!.approvals.grants!.getSnapshot().length === 0, 'revoked');
    (await inSettings('cancel')).click();
    await send('Once more.');
    await waitFor(() => waiting()[0] === 'workspace.writeFile', 'the writeFile card again');
    (await enabled('approve')).click();
    expect((await ended()).status).to.equal('completed');
    expect(indexText()).to.equal('<h1>Four</h1>');
  });

  it("Restore to before this run puts back the site model's write, and refuses after a later edit", async () => {
    const { endpoint } = await scripted(
      { parts: stepParts(null, [writePage('r1')]) },
      { parts: stepParts('Rewritten.') },
      { parts: stepParts(null, [writePage('r2')]) },
      { parts: stepParts('Rewritten again.') },
    );
    const { studio, chat, approval, indexText, send, ended, chatText } = await studioAt(endpoint);
    const before = indexText();
    const approvedRun = async () => {
      await send('Rewrite the page.');
      (
        await waitFor(
          () => approval.shadowRoot!.querySelector<HTMLButtonElement>('[part="approve"]:enabled'),
          'the approval card',
        )
      ).click();
      expect((await ended()).status).to.equal('completed');
      expect(indexText()).to.equal(PAGE);
    };
    const restore = () =>
      waitFor(() => chat.shadowRoot!.querySelector<HTMLButtonElement>('button.restore'), 'Restore');
    await approvedRun();
    (await restore()).click();
    await waitFor(() => chatText().includes('Restored index.html'), 'the restore note');
    expect(indexText()).to.equal(before);

    await approvedRun();
    const edited = `${PAGE}<p>mine</p>`;
    await callAsPerson(studio.runtime!.registry, 'workspace.writeFile', {
      path: 'index.html',
      text: edited,
    });
    (await restore()).click();
    await waitFor(() => chatText().includes('Cannot restore'), 'the refusal');
    expect(chatText()).to.include(
      'Cannot restore: index.html changed since; nothing was restored.',
    );
    expect(indexText()).to.equal(edited);
    const refused = studio.runtime!.trace.getSnapshot().filter((row) => row.error);
    expect(refused.at(-1)).to.deep.include({ name: 'agent.restoreRun' });
    expect(refused.at(-1)!.error!.code).to.equal('WORKSPACE_REVISION_CONFLICT');
  });

  it('Cancel mid-stream aborts the request; the server holding it open sees it close', async () => {
    const { endpoint, log } = await scripted({
      parts: stepParts('Thinking about it for a long time'),
      holdAfter: 5,
    });
    const { send, ended, button, chatText } = await studioAt(endpoint);
    await send('Think.');
    await waitFor(() => chatText().includes('Thinking about it'), 'the streamed text');
    (await button('Cancel')).click();
    expect((await ended()).status).to.equal('cancelled');
    await waitFor(async () => (await log()).aborted === 1, 'the server to see the abort');
  });

  it('Cancel mid-approval withdraws the card and writes nothing', async () => {
    const { endpoint } = await scripted({ parts: stepParts(null, [writePage('c1')]) });
    const { studio, approval, indexText, send, ended } = await studioAt(endpoint);
    const before = indexText();
    await send('Rewrite the page.');
    await waitFor(
      () => approval.shadowRoot!.querySelector('[part="approve"]'),
      'the approval card',
    );
    // The approval dialog is modal, so the chat's Cancel is inert behind it: the page cancels.
    studio.runtime!.agent.cancel();
    expect((await ended()).status).to.equal('cancelled');
    expect(studio.runtime!.approvals.store.getSnapshot()).to.have.length(0);
    expect(indexText()).to.equal(before);
  });

  it('401 is ENDPOINT_UNAUTHORIZED with "Use local agent & retry"; the prompt returns to the composer', async () => {
    const { endpoint } = await scripted({
      status: 401,
      json: { error: { code: 'NO_SESSION', message: 'Sign in first.' } },
    });
    const { studio, chat, indexText, send, ended, button, chatText } = await studioAt(endpoint);
    const before = indexText();
    await send('Make the accent green');
    expect((await ended()).error?.code).to.equal('ENDPOINT_UNAUTHORIZED');
    expect(chatText()).to.include('ENDPOINT_UNAUTHORIZED: Sign in first.');
    expect(indexText()).to.equal(before);
    await chat.updateComplete;
    expect(chat.shadowRoot!.querySelector('textarea')!.value).to.equal('Make the accent green');
    (await button('Use local agent & retry')).click();
    await waitFor(
      () => studio.runtime!.agent.getSnapshot().driverId === 'local',
      'the local agent',
    );
  });

  const failures: [string, Reply[], string][] = [
    ['403', [{ status: 403, json: { error: 'Not for you.' } }], 'ENDPOINT_FORBIDDEN'],
    ['a 2xx that is not a stream', [{ json: { text: 'hello' } }], 'ENDPOINT_NOT_A_STREAM'],
    ['a malformed stream', [{ parts: [{ type: 'start' }, '{oops'] }], 'ENDPOINT_MALFORMED_STREAM'],
    [
      'an unlisted tool',
      [
        {
          parts: stepParts(null, [{ id: 'u1', name: 'shell__exec', input: { command: 'ls' } }]),
        },
      ],
      'ENDPOINT_UNKNOWN_TOOL',
    ],
  ];
  for (const [what, replies, code] of failures) {
    it(`${what} shows ${code}; nothing is written`, async () => {
      const { endpoint } = await scripted(...replies);
      const { indexText, send, ended, chatText } = await studioAt(endpoint);
      const before = indexText();
      await send('Rewrite the page.');
      expect((await ended()).error?.code).to.equal(code);
      expect(chatText()).to.include(code);
      expect(indexText()).to.equal(before);
    });
  }

  it('a truncated stream is retried, then shows ENDPOINT_STREAM_INTERRUPTED with Retry', async () => {
    const truncated = { parts: stepParts('Half', [writePage('t1')]).slice(0, 5), done: false };
    const { endpoint, log } = await scripted(truncated, truncated, truncated);
    const { indexText, send, ended, button } = await studioAt(endpoint);
    const before = indexText();
    await send('Rewrite the page.');
    expect((await ended()).error?.code).to.equal('ENDPOINT_STREAM_INTERRUPTED');
    expect((await log()).count).to.equal(3);
    await button('Retry');
    expect(indexText()).to.equal(before);
  });
});
