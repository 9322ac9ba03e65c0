import { expect } from '@open-wc/testing';
import type { CaRuntime } from '../../../src/elements/runtime/runtime.element.js';
import type { ToolCallEvent } from '../../../src/runtime/protocol/events.js';
import { uniqueName, waitFor } from '../../support/wait.js';
import { pageFrame } from '../page-frame.js';

describe('a static page composed with HTML alone', () => {
  it('runs prompt → local agent → approval → tool call → preview acknowledgement, linked inside and outside <ca-runtime>', async function () {
    // A fresh page loads the whole SDK from source through the dev server.
    this.timeout(30000);
    const page = pageFrame();
    try {
      await page.load(`
        <ca-runtime id="site" workspace="${uniqueName('static-page')}" agent="local" tools="workspace.* preview.*">
          <ca-editor></ca-editor>
          <ca-preview></ca-preview>
        </ca-runtime>
        <aside>
          <ca-chat runtime="site"></ca-chat>
          <ca-approval runtime="site"></ca-approval>
          <ca-trace runtime="site"></ca-trace>
        </aside>`);
      const doc = page.document;
      const provider = doc.querySelector<CaRuntime>('ca-runtime')!;
      const runtime = await waitFor(() => provider.runtime, 'the runtime');
      await runtime.ready;
      const finals: ToolCallEvent[] = [];
      runtime.registry.subscribe((event) => {
        if (event.type !== 'started') finals.push(event);
      });

      // A person types the prompt and presses Send in the chat outside <ca-runtime>.
      const chat = doc.querySelector('ca-chat')!;
      const textarea = await waitFor(
        () => chat.shadowRoot!.querySelector('textarea'),
        'the composer',
      );
      textarea.value = 'make the accent green';
      textarea.dispatchEvent(new Event('input'));
      await (chat as unknown as { updateComplete: Promise<unknown> }).updateComplete;
      chat.shadowRoot!.querySelector<HTMLButtonElement>('button[type="submit"]')!.click();

      // The linked approval card, also outside, asks; the person approves.
      const approval = doc.querySelector('ca-approval')!;
      const approve = await waitFor(
        () => approval.shadowRoot!.querySelector<HTMLButtonElement>('[part="approve"]:enabled'),
        'the approval dialog',
      );
      expect(approval.shadowRoot!.querySelector('dialog')!.textContent).to.include(
        'preview.setTheme',
      );
      approve.click();

      const applied = await waitFor(
        () => finals.find((event) => event.request.params.name === 'preview.setTheme'),
        'the setTheme result',
        10000,
      );
      expect(applied.type).to.equal('completed');
      const result = applied.result as {
        structuredContent: { preview: unknown; revision: number };
      };
      expect(result.structuredContent.preview).to.deep.include({
        state: 'ready',
        revision: result.structuredContent.revision,
      });
      // The preview inside <ca-runtime> shows the acknowledged document, the trace outside lists the run.
      const styles = runtime.workspace
        .getSnapshot()
        .files.find((file) => file.path === 'styles.css');
      expect(styles?.kind === 'text' && styles.text).to.match(/--accent:\s*#16a34a/i);
      const preview = doc.querySelector('ca-preview')!;
      expect(preview.shadowRoot!.querySelector('[part="status"]')!.textContent).to.include(
        `ready · revision ${result.structuredContent.revision}`,
      );
      const trace = doc.querySelector('ca-trace')!;
      await waitFor(
        () => trace.shadowRoot!.textContent!.includes('preview.setTheme'),
        'the trace row',
      );
      await waitFor(() => chat.shadowRoot!.textContent!.includes('accent'), 'the agent reply');
    } finally {
      page.remove();
    }
  });

  it('gives a <ca-studio> layout of its own elements the studio runtime, whatever upgrades first', async function () {
    this.timeout(30000);
    const page = pageFrame();
    try {
      await page.load(`
        <ca-studio workspace="${uniqueName('own-layout')}" storage="memory">
          <div><ca-preview></ca-preview><ca-chat></ca-chat></div>
        </ca-studio>`);
      const doc = page.document;
      const studio = doc.querySelector('ca-studio')!;
      // Its runtime arrives with the runtime chunk, after the page's first render.
      const runtime = await waitFor(
        () => (studio as unknown as { runtime?: { ready: Promise<void> } }).runtime,
        'the studio runtime',
      );
      await runtime.ready;
      const preview = doc.querySelector('ca-preview')!;
      await waitFor(
        () => preview.shadowRoot!.querySelector('[part="status"]')!.textContent!.includes('ready'),
        'the preview of the studio workspace',
      );
      expect(doc.querySelector('ca-chat')!.shadowRoot!.textContent).not.to.include('No runtime');
    } finally {
      page.remove();
    }
  });
});
