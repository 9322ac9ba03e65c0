/** What the explorer tests share: a seeded runtime, the mounted explorer and shadow-DOM lookups. */
import { fixture, html } from '@open-wc/testing';
import { sendKeys } from '@web/test-runner-commands';
import '../../../src/elements/explorer/explorer.js';
import type { CaExplorer } from '../../../src/elements/explorer/explorer.element.js';
import {
  createStudioRuntime,
  type StudioRuntime,
} from '../../../src/composition/studio-runtime.js';
import { waitFor } from '../../support/wait.js';

export const SEED = [
  { path: 'index.html', text: '<!doctype html><title>t</title><h1>Hi</h1>' },
  { path: 'styles.css', text: 'body { color: red; }' },
  { path: 'src/lib/util.js', text: 'export const one = 1;' },
  { path: 'src/app.js', text: 'console.log(1);' },
  { path: 'assets/notes.md', text: '# Notes' },
];

export async function setup() {
  const runtime = createStudioRuntime({ workspaceRepository: null, seed: SEED });
  await runtime.ready;
  const element = await fixture<CaExplorer>(html`<ca-explorer .runtime=${runtime}></ca-explorer>`);
  return { runtime, element };
}

export const root = (element: CaExplorer) => element.shadowRoot!;
export const rows = (element: CaExplorer) => [
  ...root(element).querySelectorAll<HTMLElement>('[role="treeitem"]'),
];
export const row = (element: CaExplorer, path: string) =>
  waitFor(() => rows(element).find((item) => item.dataset['path'] === path), `row ${path}`);
export const focusedPath = (element: CaExplorer) =>
  (root(element).activeElement as HTMLElement | null)?.dataset['path'];
export const button = (element: CaExplorer, label: string) =>
  [...root(element).querySelectorAll<HTMLButtonElement>('button')].find(
    (item) => item.textContent?.trim() === label,
  ) as HTMLButtonElement;
export const openDialog = (element: CaExplorer) =>
  waitFor(
    () => root(element).querySelector<HTMLDialogElement>('dialog.explorer-dialog[open]'),
    'the dialog to open',
  );
export const dialogClosed = (element: CaExplorer) =>
  waitFor(
    () => !root(element).querySelector('dialog.explorer-dialog[open]'),
    'the dialog to close',
  );
export const paths = (runtime: StudioRuntime) =>
  runtime.workspace.getSnapshot().files.map((file) => file.path);
export const textOf = (runtime: StudioRuntime, path: string) => {
  const file = runtime.workspace.getSnapshot().files.find((entry) => entry.path === path);
  return file?.kind === 'text' ? file.text : undefined;
};

/** Replaces the input's text the way a person does: select all, then type. */
export async function retype(text: string) {
  await sendKeys({ down: 'Control' });
  await sendKeys({ press: 'a' });
  await sendKeys({ up: 'Control' });
  await sendKeys({ type: text });
}

/** Files as a directory upload gives them, put on the fallback input as a person would. */
export function upload(element: CaExplorer, files: Record<string, BlobPart>) {
  const transfer = new DataTransfer();
  for (const [name, body] of Object.entries(files)) transfer.items.add(new File([body], name));
  const input = root(element).querySelector<HTMLInputElement>('input.folder-input')!;
  input.files = transfer.files;
  input.dispatchEvent(new Event('change', { bubbles: true }));
}
