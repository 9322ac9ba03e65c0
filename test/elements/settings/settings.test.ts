import { expect, fixture, html } from '@open-wc/testing';
import { sendKeys, sendMouse } from '@web/test-runner-commands';
import '../../../src/elements/settings/settings.js';
import type {
  CaSettings,
  SettingsSaveDetail,
} from '../../../src/elements/settings/settings.element.js';
import {
  DEFAULT_OPENROUTER_ENDPOINT,
  OPENROUTER_API_KEY_STORAGE_KEY,
  OPENROUTER_SETTINGS_STORAGE_KEY,
  createOpenRouterSettingsStore,
} from '../../../src/runtime/agents/openrouter/settings.js';
import { createStudioRuntime } from '../../../src/composition/studio-runtime.js';
import { errorResponse, scriptOpenAi } from '../../support/openai-script.js';
import { deepActiveElement } from '../../../src/elements/shared/focus.js';
import { waitFor } from '../../support/wait.js';

const KEY = 'sk-or-v1-settings-test-key';

function clearStoredSettings() {
  localStorage.removeItem(OPENROUTER_API_KEY_STORAGE_KEY);
  localStorage.removeItem(OPENROUTER_SETTINGS_STORAGE_KEY);
}

async function setup() {
  const runtime = createStudioRuntime({ workspaceRepository: null });
  const root = await fixture<HTMLElement>(
    html`<div>
      <button id="opener">Model</button>
      <ca-settings .runtime=${runtime}></ca-settings>
    </div>`,
  );
  const settings = root.querySelector('ca-settings')!;
  const opener = root.querySelector<HTMLButtonElement>('#opener')!;
  opener.addEventListener('click', () => settings.show());
  opener.focus();
  opener.click();
  const dialog = await waitFor(() => {
    const found = settings.shadowRoot!.querySelector('dialog');
    return found?.open ? found : undefined;
  }, 'the settings dialog');
  return { runtime, settings, opener, dialog, store: runtime.openrouter };
}

const $ = <T extends Element>(settings: CaSettings, selector: string) =>
  settings.shadowRoot!.querySelector<T>(selector)!;

async function type(settings: CaSettings, id: string, value: string) {
  const input = $<HTMLInputElement>(settings, `#${id}`);
  input.focus();
  input.select();
  await sendKeys({ type: value });
  await settings.updateComplete;
}

describe('<ca-settings> (A2, E8)', () => {
  beforeEach(clearStoredSettings);
  afterEach(clearStoredSettings);

  it('is accessible while open', async () => {
    const { settings } = await setup();
    await expect(settings).to.be.accessible();
  });

  it('opens keyboard-modal with focus on the key field, and reflects open', async () => {
    const { settings } = await setup();
    expect(settings.hasAttribute('open')).to.equal(true);
    expect(settings.shadowRoot!.activeElement?.id).to.equal('apiKey');
  });

  it('keeps the page from scrolling while open, and releases it when closed or removed', async () => {
    const first = await setup();
    expect(document.documentElement.style.overflow).to.equal('hidden');
    first.settings.close();
    await waitFor(() => document.documentElement.style.overflow === '', 'the page released');
    const second = await setup();
    expect(document.documentElement.style.overflow).to.equal('hidden');
    second.settings.remove();
    expect(document.documentElement.style.overflow).to.equal('');
  });

  for (const [how, close] of [
    ['Escape', () => sendKeys({ press: 'Escape' })],
    ['a click on the backdrop', () => sendMouse({ type: 'click', position: [3, 3] })],
    ['Cancel', (settings: CaSettings) => $<HTMLButtonElement>(settings, '[part="cancel"]').click()],
  ] as const) {
    it(`closes on ${how} without changing anything and gives focus back to the opener`, async () => {
      const { settings, opener, store } = await setup();
      const before = store.getSnapshot();
      await type(settings, 'apiKey', KEY);
      await type(settings, 'endpoint', 'http://localhost:1/elsewhere');
      await close(settings);
      await waitFor(() => !settings.open, 'the dialog to close');
      await settings.updateComplete;
      expect($<HTMLDialogElement>(settings, 'dialog').open).to.equal(false);
      expect(store.getSnapshot()).to.equal(before);
      expect(localStorage.getItem(OPENROUTER_API_KEY_STORAGE_KEY)).to.equal(null);
      expect(document.activeElement).to.equal(opener);
      expect(settings.hasAttribute('open')).to.equal(false);
    });
  }

  it('saves through the store: the key lands in localStorage, the event never carries it', async () => {
    const { settings, store, opener } = await setup();
    const saved: SettingsSaveDetail[] = [];
    settings.addEventListener('ca-settings-save', (event) => saved.push(event.detail));
    await type(settings, 'apiKey', KEY);
    await type(settings, 'model', 'meta-llama/llama-3.3-70b-instruct:free');
    $<HTMLInputElement>(settings, 'input[name="dataPolicy"][value="zdr"]').click();
    $<HTMLButtonElement>(settings, '[part="save"]').click();
    await waitFor(() => !settings.open, 'the dialog to close');

    expect(localStorage.getItem(OPENROUTER_API_KEY_STORAGE_KEY)).to.equal(KEY);
    expect(JSON.parse(localStorage.getItem(OPENROUTER_SETTINGS_STORAGE_KEY)!)).to.deep.equal({
      model: 'meta-llama/llama-3.3-70b-instruct:free',
      endpoint: DEFAULT_OPENROUTER_ENDPOINT,
      dataPolicy: 'zdr',
    });
    expect(store.getSnapshot()).to.include({ apiKey: KEY, dataPolicy: 'zdr', storage: 'local' });
    expect(saved).to.deep.equal([
      {
        hasKey: true,
        model: 'meta-llama/llama-3.3-70b-instruct:free',
        endpoint: DEFAULT_OPENROUTER_ENDPOINT,
        dataPolicy: 'zdr',
        storage: 'local',
      },
    ]);
    await waitFor(() => document.activeElement === opener, 'focus back on the opener');
  });

  it('shows an invalid endpoint beside its field and changes nothing', async () => {
    const { settings, store } = await setup();
    const before = store.getSnapshot();
    await type(settings, 'apiKey', KEY);
    await type(settings, 'endpoint', 'ftp://example.com/chat');
    $<HTMLButtonElement>(settings, '[part="save"]').click();
    await settings.updateComplete;

    const endpoint = $<HTMLInputElement>(settings, '#endpoint');
    const error = $<HTMLElement>(settings, '[part="error"]');
    expect(error.textContent).to.include('OPENROUTER_SETTINGS_INVALID');
    expect(endpoint.getAttribute('aria-invalid')).to.equal('true');
    expect(endpoint.getAttribute('aria-describedby')).to.equal(error.id);
    await waitFor(() => settings.shadowRoot!.activeElement === endpoint, 'focus on the endpoint');
    expect(settings.open).to.equal(true);
    expect(store.getSnapshot()).to.equal(before);
    expect(localStorage.getItem(OPENROUTER_API_KEY_STORAGE_KEY)).to.equal(null);
    await expect(settings).to.be.accessible();

    await type(settings, 'endpoint', 'http://localhost:9/v1/chat/completions');
    expect(settings.shadowRoot!.querySelector('[part="error"]')).to.equal(null);
    expect(endpoint.getAttribute('aria-invalid')).to.equal('false');
  });

  it('shows and hides the key, never writing it into the page as text or an attribute', async () => {
    const { settings } = await setup();
    await type(settings, 'apiKey', KEY);
    const input = $<HTMLInputElement>(settings, '#apiKey');
    const toggle = $<HTMLButtonElement>(settings, '[part="key-toggle"]');
    expect(input.type).to.equal('password');
    toggle.click();
    await settings.updateComplete;
    expect(input.type).to.equal('text');
    expect(toggle.getAttribute('aria-pressed')).to.equal('true');
    expect(input.value).to.equal(KEY);
    expect(settings.shadowRoot!.innerHTML).not.to.include(KEY);
    toggle.click();
    await settings.updateComplete;
    expect(input.type).to.equal('password');
  });

  it('clears a saved key on Save after Clear key', async () => {
    localStorage.setItem(OPENROUTER_API_KEY_STORAGE_KEY, KEY);
    const { settings, store } = await setup();
    expect($<HTMLInputElement>(settings, '#apiKey').value).to.equal(KEY);
    $<HTMLButtonElement>(settings, '[part="clear-key"]').click();
    await settings.updateComplete;
    expect($<HTMLElement>(settings, '#key-help').textContent).to.include('Saving removes the key');
    $<HTMLButtonElement>(settings, '[part="save"]').click();
    await waitFor(() => !settings.open, 'the dialog to close');
    expect(localStorage.getItem(OPENROUTER_API_KEY_STORAGE_KEY)).to.equal(null);
    expect(store.getSnapshot().apiKey).to.equal(undefined);
  });

  it('follows a key saved by another same-origin document while open, keeping edited fields', async () => {
    const { settings } = await setup();
    await type(settings, 'model', 'my/edited-model');
    const frame = await fixture<HTMLIFrameElement>(html`<iframe title="Another tab"></iframe>`);
    frame.contentWindow!.localStorage.setItem(OPENROUTER_API_KEY_STORAGE_KEY, KEY);
    frame.contentWindow!.localStorage.setItem(
      OPENROUTER_SETTINGS_STORAGE_KEY,
      JSON.stringify({ model: 'other/model', endpoint: 'http://localhost:9/v1/chat/completions' }),
    );
    await waitFor(() => $<HTMLInputElement>(settings, '#apiKey').value === KEY, 'the new key');
    expect($<HTMLElement>(settings, '#key-help').textContent).to.include('A key is set');
    expect($<HTMLInputElement>(settings, '#endpoint').value).to.equal(
      'http://localhost:9/v1/chat/completions',
    );
    expect($<HTMLInputElement>(settings, '#model').value).to.equal('my/edited-model');
  });

  it('loads the tool-capable models, filters them to free ones and picks one', async () => {
    const script = await scriptOpenAi(
      [],
      [
        {
          id: 'acme/alpha',
          name: 'Alpha',
          supported_parameters: ['tools', 'temperature'],
          pricing: { prompt: '0.000001', completion: '0.000002' },
        },
        {
          id: 'acme/beta:free',
          name: 'Beta (free)',
          supported_parameters: ['tools'],
          pricing: { prompt: '0', completion: '0' },
        },
        { id: 'acme/gamma', name: 'Gamma', supported_parameters: ['temperature'] },
      ],
    );
    const { settings, store } = await setup();
    await type(settings, 'apiKey', KEY);
    await type(settings, 'endpoint', script.endpoint);
    $<HTMLInputElement>(settings, 'input[name="dataPolicy"][value="zdr"]').click();
    $<HTMLButtonElement>(settings, '[part="load-models"]').click();
    const list = await waitFor(
      () => settings.shadowRoot!.querySelector<HTMLSelectElement>('[part="models"]'),
      'the model list',
    );
    const names = () => [...list.options].map((option) => option.textContent!.trim());
    expect(names()).to.deep.equal(['Alpha', 'Beta (free) · free']);
    expect($<HTMLElement>(settings, '#model-list-status').textContent).to.include('2 of 2');

    $<HTMLInputElement>(settings, '.model-list input[type="checkbox"]').click();
    await settings.updateComplete;
    expect(names()).to.deep.equal(['Beta (free) · free']);
    list.value = 'acme/beta:free';
    list.dispatchEvent(new Event('change'));
    await settings.updateComplete;
    expect($<HTMLInputElement>(settings, '#model').value).to.equal('acme/beta:free');
    await expect(settings).to.be.accessible();

    const { catalog } = await script.requests();
    expect(catalog).to.deep.equal([
      { authorization: `Bearer ${KEY}`, query: 'supported_parameters=tools&zdr=true' },
    ]);
    expect(store.getSnapshot().model).to.equal('openai/gpt-4o-mini');
    $<HTMLButtonElement>(settings, '[part="save"]').click();
    await waitFor(() => !settings.open, 'the dialog to close');
    expect(store.getSnapshot()).to.include({ model: 'acme/beta:free', dataPolicy: 'zdr' });
  });

  it('shows a model list failure with its code and keeps the form', async () => {
    const script = await scriptOpenAi([], errorResponse(401, 'No auth credentials found'));
    const { settings } = await setup();
    await type(settings, 'endpoint', script.endpoint);
    $<HTMLButtonElement>(settings, '[part="load-models"]').click();
    await waitFor(
      () =>
        $<HTMLElement>(settings, '#model-list-status').textContent!.includes(
          'OPENROUTER_UNAUTHORIZED',
        ),
      'the model list error',
    );
    expect(settings.open).to.equal(true);
    expect(settings.shadowRoot!.querySelector('[part="models"]')).to.equal(null);
  });

  it('keeps focus on Load tool models through a failed load, never the page', async () => {
    const script = await scriptOpenAi([], errorResponse(401, 'No auth credentials found'));
    const { settings } = await setup();
    await type(settings, 'endpoint', script.endpoint);
    const load = $<HTMLButtonElement>(settings, '[part="load-models"]');
    load.focus();
    load.click();
    await waitFor(
      () =>
        $<HTMLElement>(settings, '#model-list-status').textContent!.includes(
          'OPENROUTER_UNAUTHORIZED',
        ),
      'the model list error',
    );
    await settings.updateComplete;
    const focused = deepActiveElement();
    expect(focused === load, `focus on ${focused?.localName ?? 'nothing'}`).to.equal(true);
    // Focused again, the button still names the error.
    expect(load.getAttribute('aria-describedby')).to.equal('model-list-status');
  });

  it('opens without a runtime saying there is nothing to edit, and closes', async () => {
    const settings = await fixture<CaSettings>(html`<ca-settings open></ca-settings>`);
    await settings.updateComplete;
    expect($<HTMLDialogElement>(settings, 'dialog').textContent).to.include('no runtime');
    await expect(settings).to.be.accessible();
    $<HTMLButtonElement>(settings, '[part="cancel"]').click();
    await waitFor(() => !settings.open, 'the dialog to close');
  });

  it('says when the key is kept for this tab only', async () => {
    const runtime = createStudioRuntime({
      workspaceRepository: null,
      openrouterSettings: createOpenRouterSettingsStore({ storage: null }),
    });
    const settings = await fixture<CaSettings>(
      html`<ca-settings open .runtime=${runtime}></ca-settings>`,
    );
    await waitFor(() => settings.shadowRoot!.querySelector('#key-help'), 'the form');
    expect($<HTMLElement>(settings, '#key-help').textContent).to.include('this tab only');
  });
});
