import { expect, fixture, html } from '@open-wc/testing';
import { executeServerCommand } from '@web/test-runner-commands';
import '../../../src/elements/host-connect/host-connect.js';
import '../../../src/elements/studio/studio.js';
import type { CaHostConnect } from '../../../src/elements/host-connect/host-connect.element.js';
import type { CaExplorer } from '../../../src/elements/explorer/explorer.element.js';
import type { CaStudio } from '../../../src/elements/studio/studio.element.js';
import {
  encodeCarrierOfferFragment,
  type CarrierOffer,
} from '../../../src/runtime/carrier/offer.js';
import {
  createStudioRuntime,
  type StudioRuntime,
} from '../../../src/composition/studio-runtime.js';
import { waitFor } from '../../support/wait.js';
import { callAsPerson } from '../../../src/runtime/registry/person-call.js';

interface Started {
  id: string;
  offer: CarrierOffer;
}
const startCompanion = (files: Record<string, string>, env?: Record<string, string>) =>
  executeServerCommand<Started, object>('host-companion-start', { files, env }) as Promise<Started>;
const command = <T>(name: string, payload: object) =>
  executeServerCommand<T, object>(`host-companion-${name}`, payload) as Promise<T>;
const onDisk = async (id: string, path: string) =>
  (await command<{ text: string | null }>('read', { id, path })).text;

const textOf = (runtime: StudioRuntime, path: string) => {
  const file = runtime.workspace.getSnapshot().files.find((entry) => entry.path === path);
  return file?.kind === 'text' ? file.text : undefined;
};

// Firefox and Safari have no `showDirectoryPicker`; take Chromium's away for each test.
const picker = Object.getOwnPropertyDescriptor(window, 'showDirectoryPicker');
beforeEach(() => {
  delete (window as { showDirectoryPicker?: unknown }).showDirectoryPicker;
});
afterEach(() => {
  if (picker) Object.defineProperty(window, 'showDirectoryPicker', picker);
});

async function mountStudio() {
  const runtime = createStudioRuntime({ workspaceRepository: null });
  await runtime.ready;
  const studio = await fixture<CaStudio>(html`<ca-studio .runtime=${runtime}></ca-studio>`);
  const connect = await waitFor(
    () => studio.shadowRoot!.querySelector<CaHostConnect>('ca-host-connect'),
    'ca-host-connect',
  );
  const explorer = studio.shadowRoot!.querySelector<CaExplorer>('ca-explorer')!;
  return { runtime, studio, connect, explorer };
}

const part = <T extends Element>(element: CaHostConnect, name: string) =>
  element.shadowRoot!.querySelector<T>(`[part~="${name}"]`);

/** Opens the dialog, pastes `offer` as a person would and presses Connect. */
async function paste(element: CaHostConnect, offer: CarrierOffer) {
  part<HTMLButtonElement>(element, 'button')!.click();
  const textarea = await waitFor(() => part<HTMLTextAreaElement>(element, 'offer'), 'offer');
  textarea.value = JSON.stringify(offer);
  textarea.dispatchEvent(new Event('input'));
  await element.updateComplete;
  part<HTMLButtonElement>(element, 'connect')!.click();
}

describe('<ca-host-connect> saves through the host companion (T6, T7, W7)', function () {
  // Each test starts a real companion process; on a busy machine that takes seconds.
  this.timeout(60_000);
  it('a studio without showDirectoryPicker opens and saves a real folder through the companion', async () => {
    const { id, offer } = await startCompanion({
      'index.html': '<h1>Disk</h1>',
      'site.css': 'p{}',
    });
    const { runtime, connect, explorer } = await mountStudio();
    const linked = new Promise<CustomEvent>((resolve) =>
      connect.addEventListener('ca-host-link', resolve, { once: true }),
    );
    await paste(connect, offer);
    const event = await linked;
    expect(event.detail).to.deep.include({ folder: 'site', reconnected: false });
    expect(textOf(runtime, 'index.html')).to.equal('<h1>Disk</h1>');
    expect(runtime.workspace.getStatus().folder).to.deep.include({
      kind: 'host-companion',
      name: 'site',
      saveAllAvailable: true,
    });
    await callAsPerson(runtime.registry, 'workspace.writeFile', {
      path: 'index.html',
      text: '<h1>Saved by Firefox</h1>',
    });
    await callAsPerson(runtime.registry, 'workspace.deleteFile', { path: 'site.css' });
    await explorer.save();
    expect(await onDisk(id, 'index.html')).to.equal('<h1>Saved by Firefox</h1>');
    expect(await onDisk(id, 'site.css')).to.equal(null);
    const snapshot = runtime.workspace.getSnapshot();
    expect([snapshot.dirtyPaths, snapshot.deletedPaths]).to.deep.equal([[], []]);
  });

  it('connects from the URL fragment and removes the offer from the address bar', async () => {
    const { offer } = await startCompanion({ 'index.html': '<h1>Fragment</h1>' });
    const before = location.href;
    history.replaceState(
      null,
      '',
      `${location.pathname}${location.search}${encodeCarrierOfferFragment(offer)}`,
    );
    const runtime = createStudioRuntime({ workspaceRepository: null });
    await runtime.ready;
    const element = await fixture<CaHostConnect>(
      html`<ca-host-connect .runtime=${runtime}></ca-host-connect>`,
    );
    expect(location.hash).to.equal('');
    expect(location.search).not.to.include('ca-host-offer');
    await waitFor(() => textOf(runtime, 'index.html') === '<h1>Fragment</h1>', 'the folder');
    expect(element.open).to.equal(false);
    history.replaceState(null, '', before);
  });

  it('shows a stable code for a wrong token and stays accessible', async () => {
    const { offer } = await startCompanion({ 'index.html': 'x' });
    const runtime = createStudioRuntime({ workspaceRepository: null });
    await runtime.ready;
    const element = await fixture<CaHostConnect>(
      html`<ca-host-connect .runtime=${runtime}></ca-host-connect>`,
    );
    await paste(element, { ...offer, token: 'w'.repeat(43) });
    const error = await waitFor(() => part(element, 'error'), 'the error');
    expect(error.getAttribute('role')).to.equal('alert');
    expect(error.textContent).to.include('carrier-auth-failed');
    expect(runtime.workspace.getStatus().folder.connected).to.equal(false);
    await expect(element).to.be.accessible();
  });

  it('asks before a first link discards unsaved edits', async () => {
    const { offer } = await startCompanion({ 'index.html': '<h1>Disk</h1>' });
    const runtime = createStudioRuntime({ workspaceRepository: null });
    await runtime.ready;
    await callAsPerson(runtime.registry, 'workspace.writeFile', {
      path: 'index.html',
      text: 'mine',
    });
    const element = await fixture<CaHostConnect>(
      html`<ca-host-connect .runtime=${runtime}></ca-host-connect>`,
    );
    await paste(element, offer);
    const discard = await waitFor(
      () =>
        [...element.shadowRoot!.querySelectorAll('button')].find(
          (button) => button.textContent?.trim() === 'Discard and open',
        ),
      'the confirmation',
    );
    expect(textOf(runtime, 'index.html')).to.equal('mine');
    discard.click();
    await waitFor(() => textOf(runtime, 'index.html') === '<h1>Disk</h1>', 'the folder');
  });

  it('SIGKILL mid-save: the edit stays unsaved, a fresh offer reconnects, reconciliation is shown, the save resumes', async () => {
    const { id, offer } = await startCompanion(
      { 'index.html': '<h1>Old</h1>' },
      { CONTEXT_ACTION_HOST_FAULT: 'pause-before-rename' },
    );
    const { runtime, connect, explorer } = await mountStudio();
    await paste(connect, offer);
    await waitFor(() => runtime.workspace.getStatus().folder.connected, 'the link');
    await callAsPerson(runtime.registry, 'workspace.writeFile', {
      path: 'index.html',
      text: '<h1>New</h1>',
    });
    const saving = explorer.save();
    await command('wait', { id, text: 'fault: paused before rename' });
    await command('kill', { id, signal: 'SIGKILL' });
    await saving;
    const alert = await waitFor(
      () => explorer.shadowRoot!.querySelector('[role="alert"]')?.textContent ?? undefined,
      'the save error',
    );
    expect(alert).to.include('WORKSPACE_SIDE_EFFECT_UNKNOWN');
    expect(runtime.workspace.getSnapshot().dirtyPaths).to.deep.equal(['index.html']);
    expect(await onDisk(id, 'index.html')).to.equal('<h1>Old</h1>');
    // Without a fresh offer no save goes anywhere.
    const retried = await runtime.registry.callTool(
      'workspace.saveAll',
      {},
      {
        context: { source: 'local', mode: 'direct' },
      },
    );
    expect(retried.error?.code).to.equal('WORKSPACE_FOLDER_PERMISSION_DENIED');

    const restarted = await command<{ offer: CarrierOffer; stderr: string }>('restart', { id });
    expect(restarted.stderr).to.include('Reconciled interrupted write of index.html: rolled-back.');
    expect(await command('state', { id })).to.deep.equal({ journal: 0, temporary: 0 });
    const reconnected = new Promise<CustomEvent>((resolve) =>
      connect.addEventListener('ca-host-link', resolve, { once: true }),
    );
    await paste(connect, restarted.offer);
    const event = await reconnected;
    expect(event.detail).to.deep.include({ reconnected: true });
    expect(event.detail.reconciled).to.deep.equal([
      { path: 'index.html', outcome: 'rolled-back', digest: event.detail.reconciled[0].digest },
    ]);
    const report = await waitFor(() => part(connect, 'reconciled'), 'the report');
    expect(report.textContent).to.include('index.html');
    expect(textOf(runtime, 'index.html')).to.equal('<h1>New</h1>');
    await explorer.save();
    expect(await onDisk(id, 'index.html')).to.equal('<h1>New</h1>');
    expect(runtime.workspace.getSnapshot().dirtyPaths).to.deep.equal([]);
  });

  it('a fresh offer reconnects the linked folder as one traced workspace.reconnectFolder call by the person', async () => {
    const { id, offer } = await startCompanion({ 'index.html': '<h1>Old</h1>' });
    const { runtime, connect } = await mountStudio();
    await paste(connect, offer);
    await waitFor(() => runtime.workspace.getStatus().folder.connected, 'the link');
    const restarted = await command<{ offer: CarrierOffer }>('restart', { id });
    const rowsBefore = runtime.trace.getSnapshot().length;
    const reconnected = new Promise<CustomEvent>((resolve) =>
      connect.addEventListener('ca-host-link', resolve, { once: true }),
    );
    await paste(connect, restarted.offer);
    expect((await reconnected).detail).to.deep.include({ reconnected: true });
    // Reads may run meanwhile (the explorer's status); the change is this one call.
    const rows = runtime.trace
      .getSnapshot()
      .slice(rowsBefore)
      .filter(
        (row) => runtime.registry.getToolDefinition(row.name)?.annotations?.readOnlyHint !== true,
      );
    expect(rows.map((row) => row.name)).to.deep.equal(['workspace.reconnectFolder']);
    expect(rows[0]).to.include({ status: 'completed', source: 'local', mode: 'direct' });
    expect(runtime.workspace.getStatus().folder).to.include({
      connected: true,
      permission: 'granted',
    });
  });
});
