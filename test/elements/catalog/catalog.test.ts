import { expect, fixture, html } from '@open-wc/testing';
import { sendKeys } from '@web/test-runner-commands';
import * as z from 'zod';
import '../../../src/elements/studio/studio.js';
import type { CaCatalog } from '../../../src/elements/catalog/catalog.element.js';
import { defineTool } from '../../../src/runtime/registry/define-tool.js';
import { toToolListRequest } from '../../../src/runtime/registry/pagination.js';
import { createStudioRuntime } from '../../../src/composition/studio-runtime.js';
import { waitFor } from '../../support/wait.js';
import {
  action,
  captureJsonDownloads,
  editSample,
  inspect,
  option,
  optionNames,
  root,
  sample,
  setup,
} from './catalog-support.js';
import { callAsPerson } from '../../../src/runtime/registry/person-call.js';

describe('<ca-catalog> (E6, E8, R19)', () => {
  describe('canonical discovery', () => {
    it('lists exactly the names of listTools', async () => {
      const { element, runtime } = await setup();
      expect(optionNames(element)).to.deep.equal(
        runtime.registry.listTools().tools.map((t) => t.name),
      );
    });

    it('follows tools/list pages to the complete catalog', async () => {
      const { element, runtime } = await setup({ registry: { toolListPageSize: 4 } });
      await waitFor(
        () => optionNames(element).length === runtime.registry.listTools().tools.length,
        'every page',
      );
      expect(optionNames(element)).to.deep.equal(
        runtime.registry.listTools().tools.map((t) => t.name),
      );
    });

    it('follows the registry: tools registered or unregistered later show and go, listed once per burst', async () => {
      const { element, runtime } = await setup();
      const lists = () =>
        runtime.trace.getSnapshot().filter((entry) => entry.method === 'tools/list').length;
      const before = lists();
      const noop = (name: string) =>
        defineTool({ name, description: 'Does nothing.', inputSchema: z.object({}) }, () => ({
          ok: true as const,
          value: {},
        }));
      const unregister = ['late.one', 'late.two'].map((name) =>
        runtime.registry.register(noop(name)),
      );
      await waitFor(() => optionNames(element).includes('late.two'), 'the late tools listed');
      expect(optionNames(element)).to.include('late.one');
      expect(lists(), 'one listing for both').to.equal(before + 1);
      for (const remove of unregister) remove();
      await waitFor(() => !optionNames(element).includes('late.one'), 'the late tools gone');
      expect(optionNames(element)).to.deep.equal(
        runtime.registry.listTools().tools.map((t) => t.name),
      );
    });

    it('records its discovery as a tools/list trace row', async () => {
      const { runtime } = await setup();
      const row = runtime.trace.getSnapshot().find((entry) => entry.method === 'tools/list');
      expect(row).to.include({ source: 'local', mode: 'direct' });
    });

    it('shows the canonical definition: description, default policy, annotations and schemas', async () => {
      const { element, runtime } = await setup();
      await inspect(element, 'workspace.deleteFile');
      const detail = root(element).querySelector('[part="detail"]')!;
      const definition = runtime.registry.getToolDefinition('workspace.deleteFile')!;
      expect(detail.textContent).to.include(definition.description);
      expect(detail.querySelector('[data-policy]')!.getAttribute('data-policy')).to.equal('asks');
      expect(detail.textContent).to.include('destructiveHint: true');
      expect(detail.querySelector('[part="schema"]')!.textContent).to.equal(
        JSON.stringify(definition.inputSchema, null, 2),
      );
      await inspect(element, 'workspace.readFile');
      expect(detail.querySelector('[data-policy]')!.getAttribute('data-policy')).to.equal('runs');
      expect(detail.querySelectorAll('[part="schema"]').length).to.equal(2);
    });

    it('is accessible', async () => {
      const { element } = await setup();
      await inspect(element, 'spy.count');
      await expect(element).to.be.accessible();
    });
  });

  describe('search and scopes', () => {
    it('counts each scope from annotations and namespaces, and narrows by search', async () => {
      const { element, runtime } = await setup();
      const tools = runtime.registry.listTools().tools;
      const count = (scope: string) =>
        Number(root(element).querySelector(`[data-scope="${scope}"] .count`)!.textContent);
      expect(count('all')).to.equal(tools.length);
      expect(count('read-only')).to.equal(tools.filter((t) => t.annotations?.readOnlyHint).length);
      expect(count('workspace')).to.equal(
        tools.filter((t) => t.name.startsWith('workspace.')).length,
      );
      expect(count('preview')).to.equal(tools.filter((t) => t.name.startsWith('preview.')).length);

      root(element).querySelector<HTMLButtonElement>('[data-scope="preview"]')!.click();
      await element.updateComplete;
      const previewTools = tools.map((t) => t.name).filter((name) => name.startsWith('preview.'));
      expect(previewTools).to.have.length.above(0);
      expect(optionNames(element)).to.deep.equal(previewTools);

      const search = root(element).querySelector<HTMLInputElement>('input[type="search"]')!;
      search.value = 'theme';
      search.dispatchEvent(new Event('input'));
      await element.updateComplete;
      expect(optionNames(element)).to.deep.equal(['preview.setTheme']);
      expect(count('workspace')).to.equal(0);
      expect(root(element).querySelector('[data-role="count"]')!.textContent).to.include(
        `1 of ${tools.length} tools shown`,
      );
    });
  });

  describe('attributes', () => {
    it('an unknown scope attribute shows every tool', async () => {
      const { element, runtime } = await setup();
      element.setAttribute('scope', 'nonsense');
      await element.updateComplete;
      expect(optionNames(element).length).to.equal(runtime.registry.listTools().tools.length);
    });
  });

  describe('selection inspects only', () => {
    it('moves focus and selection with arrows, Home and End without running anything', async () => {
      const { element, spies } = await setup();
      const names = optionNames(element);
      option(element, names[0]!).focus();
      await sendKeys({ press: 'ArrowDown' });
      await element.updateComplete;
      expect(element.selected).to.equal(names[1]);
      expect((root(element).activeElement as HTMLElement).dataset.name).to.equal(names[1]);
      await sendKeys({ press: 'End' });
      await element.updateComplete;
      expect((root(element).activeElement as HTMLElement).dataset.name).to.equal(names.at(-1));
      await sendKeys({ press: 'ArrowUp' });
      await sendKeys({ press: 'Home' });
      await element.updateComplete;
      expect(element.selected).to.equal(names[0]);
      await inspect(element, 'spy.destroy');
      await inspect(element, 'spy.count');
      expect(spies.runs).to.deep.equal([]);
      const focusable = root(element).querySelectorAll('[role="option"][tabindex="0"]');
      expect(focusable.length).to.equal(1);
    });
  });

  describe('type-ahead', () => {
    it('moves to the next tool whose name, or name without namespace, starts with the typed text', async () => {
      const { element } = await setup();
      option(element, optionNames(element)[0]!).focus();
      await sendKeys({ type: 'wr' });
      await element.updateComplete;
      expect(element.selected).to.equal('workspace.writeFile');
      expect((root(element).activeElement as HTMLElement).dataset.name).to.equal(
        'workspace.writeFile',
      );
    });
  });

  describe('Run sample', () => {
    it('runs once through the registry as local · direct, traces it and fires ca-tool-run', async () => {
      const { element, runtime, spies } = await setup();
      await inspect(element, 'spy.count');
      const runs: string[] = [];
      element.addEventListener('ca-tool-run', (event) => runs.push(event.detail.name));
      action(element, 'run').click();
      await waitFor(() => runs.length === 1, 'the run event');
      expect(spies.runs).to.deep.equal([
        {
          name: 'spy.count',
          args: {
            label: 'sample label',
            expectedRevision: runtime.workspace.getSnapshot().revision,
          },
          source: 'local',
          mode: 'direct',
        },
      ]);
      const row = runtime.trace.getSnapshot().find((entry) => entry.name === 'spy.count');
      expect(row).to.include({
        method: 'tools/call',
        source: 'local',
        mode: 'direct',
        status: 'completed',
      });
      expect(row!.sessionId).to.match(/^catalog-/);
      await element.updateComplete;
      expect(root(element).querySelector('[part="result"]')!.textContent).to.include(
        '"ran": "spy.count"',
      );
    });

    it('refreshes an untouched sample on a revision change and keeps an edited one', async () => {
      const { element, runtime } = await setup();
      await inspect(element, 'workspace.writeFile');
      const before = runtime.workspace.getSnapshot().revision;
      expect(JSON.parse(sample(element).value)).to.include({ expectedRevision: before });
      await inspect(element, 'spy.count');
      editSample(element, '{ "label": "mine", "expectedRevision": 0 }');
      await callAsPerson(runtime.registry, 'workspace.writeFile', {
        path: 'index.html',
        text: '<p>new</p>',
      });
      const after = runtime.workspace.getSnapshot().revision;
      expect(after).to.be.greaterThan(before);
      await element.updateComplete;
      expect(sample(element).value).to.equal('{ "label": "mine", "expectedRevision": 0 }');
      await inspect(element, 'workspace.writeFile');
      expect(JSON.parse(sample(element).value)).to.include({ expectedRevision: after });
    });

    it('shows invalid JSON inline and runs nothing', async () => {
      const { element, spies } = await setup();
      await inspect(element, 'spy.count');
      editSample(element, '{ "label": ');
      await element.updateComplete;
      expect(sample(element).getAttribute('aria-invalid')).to.equal('true');
      expect(root(element).querySelector('#sample-error')!.textContent).to.include('Invalid JSON');
      action(element, 'run').click();
      await element.updateComplete;
      expect(spies.runs).to.deep.equal([]);
      expect(root(element).querySelector('[role="status"]')!.textContent).to.include('Nothing ran');
    });

    it('asks before a destructive sample in a keyboard-modal dialog: Cancel and Escape run nothing, Run sample runs it', async () => {
      const { element, spies } = await setup();
      await inspect(element, 'spy.destroy');
      const dialog = root(element).querySelector('dialog')!;
      action(element, 'run').focus();
      action(element, 'run').click();
      await waitFor(() => dialog.open, 'the confirmation');
      expect(root(element).activeElement?.getAttribute('data-action')).to.equal('cancel');
      await expect(element).to.be.accessible();
      dialog.querySelector<HTMLButtonElement>('[data-action="cancel"]')!.click();
      await element.updateComplete;
      expect(dialog.open).to.equal(false);
      expect(spies.runs).to.deep.equal([]);
      expect(root(element).activeElement?.getAttribute('data-action')).to.equal('run');

      action(element, 'run').click();
      await waitFor(() => dialog.open, 'the confirmation again');
      await sendKeys({ down: 'Shift' });
      await sendKeys({ press: 'Tab' });
      await sendKeys({ up: 'Shift' });
      expect(root(element).activeElement?.getAttribute('data-action')).to.equal('confirm');
      await sendKeys({ press: 'Tab' });
      expect(root(element).activeElement?.getAttribute('data-action')).to.equal('cancel');
      await sendKeys({ press: 'Escape' });
      await waitFor(() => !dialog.open, 'Escape to close the confirmation');
      expect(spies.runs).to.deep.equal([]);

      action(element, 'run').click();
      await waitFor(() => dialog.open, 'the confirmation a third time');
      dialog.querySelector<HTMLButtonElement>('[data-action="confirm"]')!.click();
      await waitFor(() => spies.runs.length === 1, 'the destructive run');
      expect(spies.runs[0]!.name).to.equal('spy.destroy');
    });

    it('Cancel aborts a running sample, shown as a retryable TOOL_CANCELLED', async () => {
      const { element, runtime } = await setup();
      let started = false;
      runtime.registry.register(
        defineTool(
          { name: 'spy.slow', description: 'Waits until aborted.', inputSchema: z.object({}) },
          (_args, context) =>
            new Promise<{ ok: true; value: Record<string, unknown> }>((resolve) => {
              started = true;
              context.signal.addEventListener('abort', () =>
                resolve({ ok: true as const, value: { late: true } }),
              );
            }),
        ),
      );
      await element.refresh();
      await element.updateComplete;
      await inspect(element, 'spy.slow');
      action(element, 'run').click();
      await waitFor(() => started, 'the slow run to start');
      await element.updateComplete;
      action(element, 'cancel-run').click();
      await waitFor(() => action(element, 'retry'), 'Retry after the cancellation');
      expect(root(element).querySelector('[part="result"]')!.textContent).to.include(
        'TOOL_CANCELLED',
      );
    });

    it('shows a structured error with its code and offers Retry when retryable', async () => {
      const { element } = await setup();
      await inspect(element, 'spy.flaky');
      action(element, 'run').click();
      const retry = await waitFor(() => action(element, 'retry'), 'Retry');
      expect(root(element).querySelector('[part="result"]')!.textContent).to.include('SPY_BUSY');
      retry.click();
      await waitFor(
        () => root(element).querySelector('[part="result"]')?.classList.contains('completed'),
        'the retried result',
      );
      expect(action(element, 'retry')).to.equal(null);
    });
  });

  describe('copy and download', () => {
    it('Copy list puts the complete listTools tools array on the clipboard', async () => {
      const { element, runtime } = await setup();
      const clipboard = navigator.clipboard;
      let copied = '';
      const writeText = clipboard.writeText;
      clipboard.writeText = async (text: string) => void (copied = text);
      try {
        action(element, 'copy-list').click();
        await waitFor(() => copied, 'the clipboard');
      } finally {
        clipboard.writeText = writeText;
      }
      expect(JSON.parse(copied)).to.deep.equal(
        runtime.registry.listTools(toToolListRequest()).tools,
      );
      await element.updateComplete;
      expect(root(element).querySelector('[role="status"]')!.textContent).to.include('clipboard');
    });

    it('Copy list downloads the list when the clipboard is refused', async () => {
      const { element, runtime } = await setup();
      const clipboard = navigator.clipboard;
      const writeText = clipboard.writeText;
      clipboard.writeText = () => Promise.reject(new DOMException('Denied', 'NotAllowedError'));
      let files;
      try {
        files = await captureJsonDownloads(() => action(element, 'copy-list').click());
      } finally {
        clipboard.writeText = writeText;
      }
      expect(files[0]!.json).to.deep.equal(runtime.registry.listTools().tools);
      await element.updateComplete;
      expect(root(element).querySelector('[role="status"]')!.textContent).to.include(
        'downloaded context-action-tools.json',
      );
    });

    it('downloads the list, the definition and the tools/call request as JSON', async () => {
      const { element, runtime } = await setup();
      await inspect(element, 'spy.count');
      const [list] = await captureJsonDownloads(() => action(element, 'download-list').click());
      expect(list).to.deep.equal({
        name: 'context-action-tools.json',
        json: runtime.registry.listTools().tools,
      });
      const [definition] = await captureJsonDownloads(() =>
        action(element, 'download-definition').click(),
      );
      expect(definition).to.deep.equal({
        name: 'spy.count.definition.json',
        json: runtime.registry.getToolDefinition('spy.count'),
      });
      editSample(element, '{ "label": "edited" }');
      await element.updateComplete;
      const [call] = await captureJsonDownloads(() => action(element, 'download-call').click());
      expect(call).to.deep.equal({
        name: 'spy.count.tools-call.json',
        json: {
          method: 'tools/call',
          params: { name: 'spy.count', arguments: { label: 'edited' } },
        },
      });
    });
  });

  describe('inside <ca-studio>', () => {
    it('opens from the Tools toggle and lists the studio runtime through context', async () => {
      const runtime = createStudioRuntime({ workspaceRepository: null });
      await runtime.ready;
      const studio = await fixture<HTMLElement>(html`<ca-studio .runtime=${runtime}></ca-studio>`);
      const toggle = studio.shadowRoot!.querySelector<HTMLButtonElement>('[part="tools-toggle"]')!;
      expect(toggle.getAttribute('aria-expanded')).to.equal('false');
      expect(studio.shadowRoot!.querySelector('ca-catalog')).to.equal(null);
      toggle.click();
      const catalog = await waitFor(
        () => studio.shadowRoot!.querySelector<CaCatalog>('ca-catalog'),
        'the catalog panel',
      );
      await waitFor(() => optionNames(catalog).length > 0, 'the catalog list');
      expect(optionNames(catalog)).to.deep.equal(
        runtime.registry.listTools().tools.map((t) => t.name),
      );
      expect(toggle.getAttribute('aria-expanded')).to.equal('true');
      toggle.click();
      await waitFor(() => catalog.hidden, 'the panel to hide');
      runtime.dispose();
    });
  });
});
