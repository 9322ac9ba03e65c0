import { expect, fixture, html } from '@open-wc/testing';
import { sendKeys } from '@web/test-runner-commands';
import '../../../src/elements/settings/settings.js';
import type { CaSettings } from '../../../src/elements/settings/settings.element.js';
import {
  DEFAULT_OPENROUTER_ENDPOINT,
  createOpenRouterSettingsStore,
} from '../../../src/runtime/agents/openrouter/settings.js';
import { waitFor } from '../../support/wait.js';

// Changing the endpoint while a key is saved asks first, and a plain
// http: endpoint to another machine is refused.

const KEY = 'sk-or-v1-endpoint-test-key';

async function setup() {
  const openrouter = createOpenRouterSettingsStore({ storage: null, events: null });
  openrouter.update({ apiKey: KEY });
  const settings = await fixture<CaSettings>(
    html`<ca-settings .runtime=${{ openrouter }}></ca-settings>`,
  );
  settings.show();
  await waitFor(() => settings.shadowRoot!.querySelector('dialog')?.open, 'the dialog');
  return { settings, store: openrouter };
}

const $ = <T extends Element>(settings: CaSettings, selector: string) =>
  settings.shadowRoot!.querySelector<T>(selector);

async function typeEndpoint(settings: CaSettings, value: string) {
  const input = $<HTMLInputElement>(settings, '#endpoint')!;
  input.focus();
  input.select();
  await sendKeys({ type: value });
  await settings.updateComplete;
}

describe('<ca-settings> endpoint trust', () => {
  it('scenario 9: a new endpoint with a saved key asks first; Keep editing saves nothing', async () => {
    const { settings, store } = await setup();
    await typeEndpoint(settings, 'https://elsewhere.example/v1/chat/completions');
    await sendKeys({ press: 'Enter' });
    const confirm = await waitFor(
      () => $<HTMLButtonElement>(settings, '[part="confirm-endpoint"]'),
      'the question',
    );
    expect($(settings, '[part="endpoint-question"]')!.textContent).to.include('elsewhere.example');
    await waitFor(() => settings.shadowRoot!.activeElement === confirm, 'focus on the question');
    expect(store.getSnapshot().endpoint).to.equal(DEFAULT_OPENROUTER_ENDPOINT);
    expect(settings.open).to.equal(true);

    const keep = [...$(settings, '[part="endpoint-question"]')!.querySelectorAll('button')].find(
      (button) => button.textContent?.trim() === 'Keep editing',
    )!;
    keep.click();
    await settings.updateComplete;
    expect($(settings, '[part="endpoint-question"]')).to.equal(null);
    expect(settings.shadowRoot!.activeElement?.id).to.equal('endpoint');
    expect(store.getSnapshot().endpoint).to.equal(DEFAULT_OPENROUTER_ENDPOINT);

    // Asked again, and this time the person sends the key there.
    await sendKeys({ press: 'Enter' });
    (
      await waitFor(
        () => $<HTMLButtonElement>(settings, '[part="confirm-endpoint"]'),
        'the question',
      )
    ).click();
    await waitFor(() => !settings.open, 'the dialog to close');
    expect(store.getSnapshot()).to.include({
      apiKey: KEY,
      endpoint: 'https://elsewhere.example/v1/chat/completions',
    });
  });

  it('scenario 9: plain http: to another machine is refused beside the field', async () => {
    const { settings, store } = await setup();
    await typeEndpoint(settings, 'http://elsewhere.example/v1/chat/completions');
    $<HTMLButtonElement>(settings, '[part="save"]')!.click();
    await settings.updateComplete;
    expect($(settings, '[part="endpoint-question"]')).to.equal(null);
    expect($(settings, '#endpoint')!.getAttribute('aria-invalid')).to.equal('true');
    expect($(settings, '[part="error"]')!.textContent).to.include('https:');
    expect(store.getSnapshot().endpoint).to.equal(DEFAULT_OPENROUTER_ENDPOINT);
  });

  it('does not ask when no key is saved or the key is replaced in the same save', async () => {
    const { settings, store } = await setup();
    const key = $<HTMLInputElement>(settings, '#apiKey')!;
    key.focus();
    key.select();
    await sendKeys({ type: 'sk-or-v1-another-key' });
    await typeEndpoint(settings, 'https://other.example/v1/chat/completions');
    $<HTMLButtonElement>(settings, '[part="save"]')!.click();
    await waitFor(() => !settings.open, 'the dialog to close');
    expect(store.getSnapshot()).to.include({
      apiKey: 'sk-or-v1-another-key',
      endpoint: 'https://other.example/v1/chat/completions',
    });
  });

  it('is accessible while asking', async () => {
    const { settings } = await setup();
    await typeEndpoint(settings, 'https://elsewhere.example/v1/chat/completions');
    $<HTMLButtonElement>(settings, '[part="save"]')!.click();
    await waitFor(() => $(settings, '[part="endpoint-question"]'), 'the question');
    await expect(settings).to.be.accessible();
  });
});
