import { after, before, describe, it } from 'node:test';
import { expect } from 'chai';
import { chromium, type Browser, type LaunchOptions, type Page } from 'playwright-core';
import { spawn, type ChildProcess } from 'node:child_process';
import { join } from 'node:path';
// The elements' tag map (the runtime property of <ca-studio>), types only.
import type {} from '../../src/index.js';
// @ts-expect-error -- plain ESM helper scripts without type declarations
import { chromiumLaunchOptions } from '../../scripts/system.mjs';
import {
  startChatCompletionsServer,
  streamChunks,
  type ChatCompletionsServer,
  type ScriptedReply,
  type ToolCallSpec,
} from '../support/chat-completions-server.js';

/**
 * examples/agent-server as a site runs it: its own Node server with `createAgentHandler` and
 * `@ai-sdk/openai-compatible`, pointed at a scripted OpenAI-compatible server (the remote model
 * is the one thing that cannot run here), and the page's `<ca-studio agent-endpoint>` driven in
 * Chromium: prompt → streamed text → write → approval → preview acknowledged → closing text.
 */
const DIR = join(import.meta.dirname, '..', '..', 'examples', 'agent-server');
const PAGE = '<h1>Written by the site model</h1>';

const streamed = (text: string[], calls: ToolCallSpec[] = []): ScriptedReply => ({
  events: [
    ...streamChunks(text, calls),
    JSON.stringify({
      object: 'chat.completion.chunk',
      choices: [{ index: 0, delta: {}, finish_reason: calls.length ? 'tool_calls' : 'stop' }],
    }),
  ],
});
const write = (id: string): ToolCallSpec => ({
  id,
  name: 'workspace__writeFile',
  arguments: { path: 'index.html', text: PAGE },
});

function startExample(modelBaseUrl: string): Promise<{ child: ChildProcess; url: string }> {
  const child = spawn(process.execPath, ['server.mjs'], {
    cwd: DIR,
    env: { ...process.env, MODEL_BASE_URL: modelBaseUrl, MODEL: 'scripted', PORT: '0' },
  });
  return new Promise((resolve, reject) => {
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      const url = /listening on (\S+)/.exec(output)?.[1];
      if (url) resolve({ child, url });
    });
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.on('exit', (code) => reject(new Error(`server.mjs exited (${code}): ${output}`)));
  });
}

describe('examples/agent-server', () => {
  let model: ChatCompletionsServer;
  let example: { child: ChildProcess; url: string };
  let browser: Browser;
  let page: Page;
  const problems: string[] = [];

  const textOfIndex = () =>
    page.evaluate(() => {
      const file = document
        .querySelector('ca-studio')!
        .runtime!.workspace.getSnapshot()
        .files.find((entry) => entry.path === 'index.html');
      return file?.kind === 'text' ? file.text : undefined;
    });
  const lastRun = () =>
    page.evaluate(() => {
      const run = document.querySelector('ca-studio')!.runtime!.agent.getSnapshot().lastRun;
      return run && { status: run.status, code: run.error?.code, sessionId: run.sessionId };
    });
  const send = async (prompt: string) => {
    await page.locator('ca-studio ca-chat textarea').fill(prompt);
    await page.locator('ca-studio ca-chat button[type="submit"]').click();
  };
  const runCount = () =>
    page.evaluate(
      () =>
        document
          .querySelector('ca-studio')!
          .runtime!.trace.getSnapshot()
          .filter((row) => row.method === 'agent.request').length,
    );
  const runEnded = (count: number) =>
    page.waitForFunction(
      (n) =>
        document
          .querySelector('ca-studio')!
          .runtime!.trace.getSnapshot()
          .filter((row) => row.method === 'agent.request' && row.status !== 'running').length >= n,
      count,
    );

  before(async () => {
    model = await startChatCompletionsServer();
    example = await startExample(model.endpoint.replace(/\/chat\/completions$/, ''));
    browser = await chromium.launch(chromiumLaunchOptions() as LaunchOptions);
    page = await (await browser.newContext()).newPage();
    page.on('pageerror', (error) => problems.push(`pageerror: ${error.message}`));
    await page.goto(example.url);
    await page.locator('ca-studio ca-editor .cm-content').waitFor();
  });
  after(async () => {
    await browser?.close();
    example?.child.kill();
    await model?.close();
  });

  it('runs the preview in the shell the server sends with its header: sealed in Chromium', async () => {
    const preview = page.locator('ca-studio ca-preview');
    expect(await preview.locator('iframe').getAttribute('src')).to.match(
      /\/preview-shell\.html#\d+$/,
    );
    await preview.evaluate(
      (element: Element) =>
        new Promise<void>((resolve) => {
          const { controller } = element as HTMLElementTagNameMap['ca-preview'];
          // Inline callbacks: a named one would carry the test's own helpers into the page.
          controller?.subscribe(() => controller.getStatus().sealed && resolve());
          if (controller?.getStatus().sealed) resolve();
        }),
    );
  });

  it('names the mode "Site model"', async () => {
    await page.locator('ca-studio ca-chat [part="mode"]', { hasText: 'Site model' }).waitFor();
  });

  it('prompt → streamed text → write → approval → preview acknowledged → output posted → closing text', async () => {
    const runs = await runCount();
    model.reply(
      streamed(['I will rewrite the page.'], [write('w1')]),
      streamed(['The heading is new.']),
    );
    await send('Rewrite the page.');
    await page
      .locator('ca-studio ca-chat .message.assistant', { hasText: 'I will rewrite the page.' })
      .waitFor();
    await page.locator('ca-studio ca-approval dialog[open]').waitFor();
    await page.locator('ca-studio ca-approval [part="approve"]').click();
    await page
      .locator('ca-studio ca-chat .message.assistant', { hasText: 'The heading is new.' })
      .waitFor();
    // The closing text shows while it streams; the run ends after it.
    await runEnded(runs + 1);
    expect(await lastRun()).to.deep.include({ status: 'completed' });
    expect(await textOfIndex()).to.equal(PAGE);
    const state = await page.evaluate(() => {
      const runtime = document.querySelector('ca-studio')!.runtime!;
      const host = runtime.capabilities.resolve<{
        getStatus(): { acknowledgedRevision: number | null };
      }>({ id: 'previewHost' });
      const rows = runtime.trace.getSnapshot();
      return {
        revision: runtime.workspace.getSnapshot().revision,
        acknowledged: host?.getStatus().acknowledgedRevision,
        requests: rows.filter((row) => row.method === 'agent.request').length,
        write: rows.find((row) => row.name === 'workspace.writeFile')?.sessionId,
      };
    });
    expect(state.acknowledged).to.equal(state.revision);
    expect(state.requests).to.equal(1);
    expect(state.write).to.equal((await lastRun())?.sessionId);
    // The tool output went back to the model through the example's handler.
    const second = model.requests.at(-1)!.body as {
      messages: { role: string; tool_call_id?: string }[];
    };
    expect(second.messages.find((message) => message.role === 'tool')?.tool_call_id).to.equal('w1');
  });

  it('Deny: nothing is written and the model answers the denial', async () => {
    const before = await textOfIndex();
    model.reply(
      streamed([], [{ ...write('d1'), arguments: { path: 'index.html', text: '<p>denied</p>' } }]),
      streamed(['Understood, nothing changed.']),
    );
    await send('Replace the page.');
    await page.locator('ca-studio ca-approval dialog[open]').waitFor();
    await page.locator('ca-studio ca-approval [part="deny"]').click();
    await page
      .locator('ca-studio ca-chat .message.assistant', { hasText: 'Understood, nothing changed.' })
      .waitFor();
    expect(await textOfIndex()).to.equal(before);
  });

  it('Cancel mid-stream ends the run as cancelled and closes the model request', async () => {
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    const count = model.requests.length;
    model.reply({
      ...streamed(['Thinking about it', ' and more']),
      before: (index) => (index === 2 ? held : Promise.resolve()),
    });
    await send('Think for a long time.');
    await page
      .locator('ca-studio ca-chat .message.assistant', { hasText: 'Thinking about it' })
      .waitFor();
    await page.locator('ca-studio ca-chat button', { hasText: 'Cancel' }).click();
    await page.waitForFunction(
      () => document.querySelector('ca-studio')!.runtime!.agent.getSnapshot().running === false,
    );
    expect(await lastRun()).to.deep.include({ status: 'cancelled' });
    release();
    expect(model.requests.length).to.equal(count + 1);
  });

  it('Cancel mid-approval withdraws the card and writes nothing', async () => {
    const before = await textOfIndex();
    model.reply(streamed([], [{ ...write('c1'), arguments: { path: 'index.html', text: 'x' } }]));
    await send('Write x.');
    await page.locator('ca-studio ca-approval dialog[open]').waitFor();
    // The approval dialog is modal, so the chat's Cancel is inert behind it: the page cancels.
    await page.evaluate(() => document.querySelector('ca-studio')!.runtime!.agent.cancel());
    await page.locator('ca-studio ca-approval dialog[open]').waitFor({ state: 'detached' });
    expect(await lastRun()).to.deep.include({ status: 'cancelled' });
    expect(await textOfIndex()).to.equal(before);
  });

  it('a model failure on the server shows as ENDPOINT_SERVER_ERROR with Retry, nothing written', async () => {
    const before = await textOfIndex();
    const runs = await runCount();
    // A 400 from the provider is not retried by the SDK; the studio retries the step twice.
    model.reply(
      ...Array.from({ length: 3 }, () => ({
        status: 400,
        json: { error: { message: 'no such model' } },
      })),
    );
    await send('Rewrite the page.');
    await runEnded(runs + 1);
    expect(await lastRun()).to.deep.include({ status: 'failed', code: 'ENDPOINT_SERVER_ERROR' });
    await page.locator('ca-studio ca-chat .status', { hasText: 'ENDPOINT_SERVER_ERROR' }).waitFor();
    await page.locator('ca-studio ca-chat .status button', { hasText: 'Retry' }).waitFor();
    expect(await page.locator('ca-studio ca-chat textarea').inputValue()).to.equal(
      'Rewrite the page.',
    );
    expect(await textOfIndex()).to.equal(before);
    expect(problems).to.deep.equal([]);
  });
});
