/** Spy tools, a runtime with the catalog on it, and shadow-DOM helpers for the catalog tests. */
import { fixture, html } from '@open-wc/testing';
import * as z from 'zod';
import '../../../src/elements/catalog/catalog.js';
import type { CaCatalog } from '../../../src/elements/catalog/catalog.element.js';
import { defineTool } from '../../../src/runtime/registry/define-tool.js';
import {
  createStudioRuntime,
  type StudioRuntime,
} from '../../../src/composition/studio-runtime.js';
import { captureDownloads } from '../../support/downloads.js';
import { waitFor } from '../../support/wait.js';

export interface Spies {
  runs: { name: string; args: unknown; source: string; mode: string }[];
}

export function registerSpies(runtime: StudioRuntime): Spies {
  const spies: Spies = { runs: [] };
  const record =
    (name: string) => (args: unknown, context: { context: { source: string; mode: string } }) => {
      spies.runs.push({ name, args, source: context.context.source, mode: context.context.mode });
      return { ok: true as const, value: { ran: name } };
    };
  runtime.registry.register(
    defineTool(
      {
        name: 'spy.count',
        title: 'Count runs',
        description: 'Counts how often it runs.',
        inputSchema: z.object({
          label: z.string().min(1),
          expectedRevision: z.number().int().nonnegative().optional(),
        }),
        annotations: { readOnlyHint: false, destructiveHint: false },
      },
      record('spy.count'),
    ),
  );
  runtime.registry.register(
    defineTool(
      {
        name: 'spy.destroy',
        description: 'A destructive spy.',
        inputSchema: z.object({}),
        annotations: { readOnlyHint: false, destructiveHint: true },
      },
      record('spy.destroy'),
    ),
  );
  let flaky = 0;
  runtime.registry.register(
    defineTool(
      {
        name: 'spy.flaky',
        description: 'Fails retryably once, then succeeds.',
        inputSchema: z.object({}),
      },
      () => {
        flaky++;
        return flaky === 1
          ? { ok: false as const, error: { code: 'SPY_BUSY', message: 'Busy.', retryable: true } }
          : { ok: true as const, value: { attempt: flaky } };
      },
    ),
  );
  return spies;
}

export async function setup(options: Parameters<typeof createStudioRuntime>[0] = {}) {
  const runtime = createStudioRuntime({ workspaceRepository: null, ...options });
  await runtime.ready;
  const spies = registerSpies(runtime);
  const element = await fixture<CaCatalog>(html`<ca-catalog .runtime=${runtime}></ca-catalog>`);
  await waitFor(
    () => element.shadowRoot!.querySelectorAll('[role="option"]').length > 0,
    'the tool list',
  );
  return { runtime, element, spies };
}

export const root = (element: CaCatalog) => element.shadowRoot!;
export const optionNames = (element: CaCatalog) =>
  [...root(element).querySelectorAll<HTMLElement>('[role="option"]')].map((o) => o.dataset.name);
export const option = (element: CaCatalog, name: string) =>
  root(element).querySelector<HTMLElement>(`[role="option"][data-name="${name}"]`)!;
export const action = (element: CaCatalog, name: string) =>
  root(element).querySelector<HTMLButtonElement>(`[data-action="${name}"]`)!;
export const sample = (element: CaCatalog) =>
  root(element).querySelector<HTMLTextAreaElement>('textarea')!;

export async function inspect(element: CaCatalog, name: string) {
  option(element, name).click();
  await element.updateComplete;
}

export function editSample(element: CaCatalog, text: string) {
  const area = sample(element);
  area.value = text;
  area.dispatchEvent(new Event('input'));
}

/** Runs `act` and returns each JSON file it saved, parsed. */
export async function captureJsonDownloads(act: () => unknown, count = 1) {
  const files = await captureDownloads(act, count);
  return Promise.all(
    files.map(async ({ name, blob }) => ({ name, json: JSON.parse(await blob.text()) as unknown })),
  );
}
