import { expect, fixture, html } from '@open-wc/testing';
import { sendMouse } from '@web/test-runner-commands';
import '../../../src/elements/approval/approval.js';
import '../../../src/elements/catalog/catalog.js';
import '../../../src/elements/explorer/explorer.js';
import '../../../src/elements/search/search.js';
import '../../../src/elements/settings/settings.js';
import {
  createStudioRuntime,
  type StudioRuntime,
} from '../../../src/composition/studio-runtime.js';
import { registerSpies } from '../catalog/catalog-support.js';
import { waitFor } from '../../support/wait.js';

// One modal implementation serves all five dialogs, with one box
// hit-test (a click in the padding never closes or denies), scroll lock and focus return.

interface Case {
  name: string;
  /** Mounts the element and opens its dialog from `opener`; resolves to the open dialog. */
  open(runtime: StudioRuntime, opener: HTMLButtonElement): Promise<HTMLDialogElement>;
}

const shadowDialog = (host: Element, selector = 'dialog') =>
  waitFor(() => {
    const dialog = host.shadowRoot?.querySelector<HTMLDialogElement>(selector);
    return dialog?.open ? dialog : undefined;
  }, 'the dialog to open');

async function mount(tag: string, runtime: StudioRuntime): Promise<HTMLElement> {
  const element = document.createElement(tag) as HTMLElement & { runtime?: StudioRuntime };
  element.runtime = runtime;
  document.body.append(element);
  await (element as unknown as { updateComplete: Promise<unknown> }).updateComplete;
  return element;
}

const cases: Case[] = [
  {
    name: 'approval',
    async open(runtime, opener) {
      // Page-modal, like every other dialog here; modal to its container is the studio test's.
      const element = await mount('ca-approval', runtime);
      element.setAttribute('approval', 'page');
      opener.focus();
      void runtime.registry.executeModelToolCall({
        id: 'modal',
        name: 'workspace.writeFile',
        arguments: { path: 'app.js', text: 'x' },
      });
      return shadowDialog(element);
    },
  },
  {
    name: 'explorer',
    async open(runtime, opener) {
      const element = await mount('ca-explorer', runtime);
      opener.focus();
      const create = await waitFor(
        () =>
          [...element.shadowRoot!.querySelectorAll<HTMLButtonElement>('button')].find(
            (button) => button.textContent?.trim() === 'New file',
          ),
        'the New file button',
      );
      opener.addEventListener('click', () => create.click(), { once: true });
      opener.click();
      return shadowDialog(element, 'dialog.explorer-dialog');
    },
  },
  {
    name: 'catalog confirmation',
    async open(runtime, opener) {
      registerSpies(runtime);
      const element = await mount('ca-catalog', runtime);
      const item = await waitFor(
        () => element.shadowRoot!.querySelector<HTMLElement>('[data-name="spy.destroy"]'),
        'the destructive tool',
      );
      item.click();
      const run = await waitFor(
        () => element.shadowRoot!.querySelector<HTMLButtonElement>('[data-action="run"]'),
        'Run sample',
      );
      opener.addEventListener('click', () => run.click(), { once: true });
      opener.focus();
      opener.click();
      return shadowDialog(element, 'dialog.confirm');
    },
  },
  {
    name: 'search',
    async open(runtime, opener) {
      const element = (await mount('ca-search', runtime)) as HTMLElement & { show(): void };
      opener.focus();
      element.show();
      return shadowDialog(element);
    },
  },
  {
    name: 'settings',
    async open(runtime, opener) {
      const element = (await mount('ca-settings', runtime)) as HTMLElement & { show(): void };
      opener.focus();
      element.show();
      return shadowDialog(element);
    },
  },
];

describe('one modal for every dialog', () => {
  for (const { name, open } of cases) {
    it(`${name}: a click in the padding keeps it open; the backdrop closes it and focus returns`, async () => {
      const runtime = createStudioRuntime({ workspaceRepository: null });
      await runtime.ready;
      const opener = await fixture<HTMLButtonElement>(html`<button>opener</button>`);
      try {
        const dialog = await open(runtime, opener);
        expect(document.documentElement.style.overflow).to.equal('hidden');
        const box = dialog.getBoundingClientRect();
        await sendMouse({
          type: 'click',
          position: [Math.ceil(box.left + 3), Math.ceil(box.top + 3)],
        });
        await sendMouse({
          type: 'click',
          position: [Math.floor(box.right - 3), Math.floor(box.bottom - 3)],
        });
        expect(dialog.open).to.equal(true);
        await sendMouse({ type: 'click', position: [1, 1] });
        await waitFor(() => !dialog.open, 'the backdrop click to close it');
        await waitFor(() => document.activeElement === opener, 'focus back on the opener');
        await waitFor(() => document.documentElement.style.overflow === '', 'page scroll back');
      } finally {
        for (const tag of [
          'ca-approval',
          'ca-explorer',
          'ca-catalog',
          'ca-search',
          'ca-settings',
        ]) {
          document.body.querySelector(tag)?.remove();
        }
        runtime.dispose();
      }
    });
  }
});
