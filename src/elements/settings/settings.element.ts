import { LitElement, html, nothing, type PropertyValues } from 'lit';
import { property, query, state } from 'lit/decorators.js';
import { booleanAttribute } from '../shared/boolean-attribute.js';
import type {
  OpenRouterDataPolicy,
  OpenRouterSettings,
} from '../../runtime/agents/openrouter/index.js';
import type { ToolCallError } from '../../runtime/protocol/index.js';
import { ModalController } from '../shared/modal-controller.js';
import type { RuntimeView } from '../shared/runtime-context.js';
import { RuntimeController } from '../shared/runtime-controller.js';
import { runtimeProperty } from '../shared/runtime-property.js';
import { StoreController } from '../shared/store-controller.js';
import { renderApprovalGrants } from './approval-grants-view.js';
import { AnnouncerConsumer } from '../shared/announcer.js';
import {
  draftOf,
  keyMovesTo,
  patchOf,
  rebaseDraft,
  type SettingsDraft,
  type SettingsField,
} from './settings-draft.js';
import { ModelListController } from './model-list.js';
import { renderModelList } from './model-list-view.js';
import { settingsStyles } from './settings.styles.js';

/** A runtime with OpenRouter settings; `createStudioRuntime()` returns one. */
export type SettingsRuntime = RuntimeView<'openrouter', 'approvals'>;

/** What was saved. The key itself is never part of an event. */
export interface SettingsSaveDetail {
  hasKey: boolean;
  model: string;
  endpoint: string;
  dataPolicy: OpenRouterDataPolicy;
  storage: OpenRouterSettings['storage'];
}

const DATA_POLICIES: readonly { value: OpenRouterDataPolicy; label: string; hint: string }[] = [
  { value: 'allow', label: 'Allow', hint: 'Default provider routing.' },
  { value: 'deny', label: 'Deny', hint: 'Skip providers that may collect or train on requests.' },
  { value: 'zdr', label: 'Zero data retention', hint: 'Only providers that retain nothing.' },
];

const FIELDS: readonly SettingsField[] = ['apiKey', 'model', 'endpoint', 'dataPolicy'];
const isField = (value: unknown): value is SettingsField => FIELDS.includes(value as SettingsField);

/**
 * The model settings dialog: the OpenRouter API key, model, chat-completions endpoint and data
 * policy of the runtime's `openrouter` store. Keyboard-modal like every studio dialog: focus
 * stays inside, the page behind does not scroll, Escape, Cancel and the backdrop close it without changing anything, and focus
 * returns to the control that opened it. Save validates the whole form through the store and
 * shows its error beside the field; while open, the form follows saves from other same-origin
 * tabs for every field the person has not edited. The key is a property of the password field
 * only: it is never written into the page as text or as an attribute.
 *
 * @tagname ca-settings
 * @summary OpenRouter key, model, endpoint and data policy.
 * @attr open - Whether the dialog is showing. Reflects; prefer `show()` and `close()`.
 * @fires ca-settings-save - The person saved valid settings. Detail: `{ hasKey, model, endpoint, dataPolicy, storage }`, never the key.
 * @csspart dialog - The dialog box.
 * @csspart form - The settings form.
 * @csspart key-toggle - The Show key toggle button (`aria-pressed`).
 * @csspart clear-key - The Clear key button.
 * @csspart load-models - The Load tool models button.
 * @csspart models - The list of loaded tool models.
 * @csspart error - An inline validation message.
 * @csspart grants - The tools allowed for this session (shown while there are any).
 * @csspart revoke - A Revoke button: that tool asks for approval again.
 * @csspart cancel - The Cancel button.
 * @csspart save - The Save button.
 * @cssprop --ca-settings-backdrop - Backdrop colour behind the dialog.
 * @cssprop --ca-settings-width - Width of the dialog.
 */
export class CaSettings extends LitElement {
  static override styles = settingsStyles;

  /** The runtime; defaults to the one provided by an ancestor `<ca-studio>`. */
  @runtimeProperty() runtime?: SettingsRuntime;

  @property({ converter: booleanAttribute, reflect: true }) open = false;

  @state() private draft?: SettingsDraft;
  @state() private showKey = false;
  @state() private error?: ToolCallError;
  @state() private freeOnly = false;
  /** The new endpoint the person was asked about sending the saved key to. */
  @state() private askedEndpoint?: string;

  @query('dialog') private dialog?: HTMLDialogElement;

  private base?: SettingsDraft;
  private seen?: OpenRouterSettings;
  private readonly modal = new ModalController(this, {
    dialog: () => this.dialog,
    isOpen: () => this.open,
    dismiss: () => (this.open = false),
    shown: () => this.field('apiKey')?.focus(),
  });
  private readonly runtimeRef = new RuntimeController(this);
  private readonly settings = new StoreController(this, () => this.runtimeRef.value?.openrouter);
  private readonly grants = new StoreController(
    this,
    () => this.runtimeRef.value?.approvals?.grants,
  );
  private readonly modelList = new ModelListController(this);
  private readonly announcer = new AnnouncerConsumer(this);

  /** Opens the dialog; focus returns to the element focused now when it closes. */
  show(): void {
    this.open = true;
  }

  /** Revokes a session grant; focus moves to the next Revoke, else to Save, never the page. */
  private async revokeGrant(id: string): Promise<void> {
    const grants = this.runtimeRef.value?.approvals?.grants;
    const grant = grants?.getSnapshot().find((entry) => entry.id === id);
    if (!grant || !grants?.revoke(id)) return;
    this.announcer.announce(`${grant.toolName} for ${grant.source} asks again.`);
    await this.updateComplete;
    const next = this.renderRoot.querySelector<HTMLElement>('[part="revoke"], [part="save"]');
    next?.focus();
  }

  /** Closes the dialog without saving. */
  close(): void {
    this.open = false;
  }

  protected override willUpdate(changed: PropertyValues<this>): void {
    const current = this.settings.value;
    if (changed.has('open') && this.open && !changed.get('open')) {
      this.error = undefined;
      this.showKey = false;
      this.freeOnly = false;
      this.askedEndpoint = undefined;
      this.modelList.reset();
      this.seen = undefined;
      this.draft = undefined;
    }
    if (!this.open || !current || current === this.seen) return;
    const next = draftOf(current);
    this.draft = this.draft && this.base ? rebaseDraft(this.draft, this.base, next) : next;
    this.base = next;
    this.seen = current;
  }

  private field(name: SettingsField | undefined): HTMLElement | null {
    if (!name) return null;
    return this.renderRoot.querySelector<HTMLElement>(
      name === 'dataPolicy' ? 'input[name="dataPolicy"]:checked' : `#${name}`,
    );
  }

  private get errorField(): SettingsField | undefined {
    const field = this.error?.details?.['field'];
    return isField(field) ? field : undefined;
  }

  private edit(patch: Partial<SettingsDraft>): void {
    if (!this.draft) return;
    this.draft = { ...this.draft, ...patch };
    if ('endpoint' in patch || 'apiKey' in patch) this.askedEndpoint = undefined;
    // The message described the old value; the next Save checks the new one.
    if (this.errorField && this.errorField in patch) this.error = undefined;
  }

  private onClosed(): void {
    this.draft = undefined;
    this.modelList.reset();
    this.modal.closed();
  }

  /** Loads with what the form holds now, so a key just pasted can be tried before saving. */
  private loadModels(): void {
    const draft = this.draft;
    if (!draft) return;
    const settings = this.settings.value;
    // The saved key goes only to the saved endpoint until the person confirms a new one.
    const apiKey = settings && keyMovesTo(settings, draft) ? '' : draft.apiKey.trim();
    void this.modelList.load({
      endpoint: draft.endpoint.trim(),
      dataPolicy: draft.dataPolicy,
      ...(apiKey ? { apiKey } : {}),
    });
  }

  private save(event: SubmitEvent): void {
    event.preventDefault();
    const store = this.runtimeRef.value?.openrouter;
    if (!store || !this.draft) return;
    const moved = keyMovesTo(store.getSnapshot(), this.draft);
    if (moved && this.askedEndpoint !== moved) {
      // The saved key would silently follow a new endpoint: ask first.
      this.askedEndpoint = moved;
      void this.updateComplete.then(() =>
        this.renderRoot.querySelector<HTMLElement>('[part="confirm-endpoint"]')?.focus(),
      );
      return;
    }
    const outcome = store.update(patchOf(this.draft));
    if (!outcome.ok) {
      this.error = outcome.error;
      void this.updateComplete.then(() => this.field(this.errorField)?.focus());
      return;
    }
    const { apiKey, model, endpoint, dataPolicy, storage } = outcome.value;
    this.dispatchEvent(
      new CustomEvent<SettingsSaveDetail>('ca-settings-save', {
        detail: { hasKey: apiKey !== undefined, model, endpoint, dataPolicy, storage },
        bubbles: true,
        composed: true,
      }),
    );
    this.close();
  }

  private describedBy(field: SettingsField, help?: string) {
    const ids = [help, this.errorField === field ? 'error' : undefined].filter(Boolean);
    return ids.length ? ids.join(' ') : nothing;
  }

  private renderError(field: SettingsField | undefined) {
    if (!this.error || this.errorField !== field) return nothing;
    return html`<p id="error" part="error" class="error">
      ${this.error.code}: ${this.error.message}
    </p>`;
  }

  private renderEndpointQuestion() {
    const endpoint = this.askedEndpoint;
    if (!endpoint) return nothing;
    return html`<div class="ask" role="alert" part="endpoint-question">
      <p>
        Your saved key will be sent to <strong>${new URL(endpoint).host}</strong> from now on. Send
        it there?
      </p>
      <button type="submit" part="confirm-endpoint" class="danger">Send key and save</button>
      <button
        type="button"
        @click=${() => ((this.askedEndpoint = undefined), this.field('endpoint')?.focus())}
      >
        Keep editing
      </button>
    </div>`;
  }

  private renderKey(draft: SettingsDraft, settings: OpenRouterSettings) {
    const where =
      settings.storage === 'local'
        ? 'Kept in this browser and shared with its same-origin tabs.'
        : 'Kept in this tab only: browser storage is unavailable.';
    const state = !draft.apiKey
      ? settings.apiKey
        ? 'Saving removes the key; the local agent runs.'
        : 'No key: the offline local agent runs.'
      : draft.apiKey === settings.apiKey
        ? 'A key is set: OpenRouter runs.'
        : 'Saving sets this key: OpenRouter runs.';
    return html`<div class="field">
      <label for="apiKey">OpenRouter API key</label>
      <div class="row">
        <input
          id="apiKey"
          type=${this.showKey ? 'text' : 'password'}
          autocomplete="off"
          spellcheck="false"
          .value=${draft.apiKey}
          aria-invalid=${this.errorField === 'apiKey' ? 'true' : 'false'}
          aria-describedby=${this.describedBy('apiKey', 'key-help')}
          @input=${(event: Event) => this.edit({ apiKey: (event.target as HTMLInputElement).value })}
        />
        <button
          type="button"
          part="key-toggle"
          aria-controls="apiKey"
          aria-pressed=${this.showKey ? 'true' : 'false'}
          @click=${() => (this.showKey = !this.showKey)}
        >
          Show key
        </button>
        <button
          type="button"
          part="clear-key"
          ?disabled=${!draft.apiKey}
          @click=${() => (this.edit({ apiKey: '' }), this.field('apiKey')?.focus())}
        >
          Clear key
        </button>
      </div>
      <p id="key-help" class="help">${state} ${where} It is sent only to the endpoint below.</p>
      ${this.renderError('apiKey')}
    </div>`;
  }

  private renderForm(draft: SettingsDraft, settings: OpenRouterSettings) {
    return html`<form part="form" novalidate @submit=${this.save}>
      <h2 id="title">Model settings</h2>
      ${this.renderKey(draft, settings)}
      <div class="field">
        <label for="model">Model</label>
        <input
          id="model"
          spellcheck="false"
          .value=${draft.model}
          aria-invalid=${this.errorField === 'model' ? 'true' : 'false'}
          aria-describedby=${this.describedBy('model')}
          @input=${(event: Event) => this.edit({ model: (event.target as HTMLInputElement).value })}
        />
        ${this.renderError('model')}
        ${renderModelList(this.modelList.state, {
          model: draft.model,
          freeOnly: this.freeOnly,
          onLoad: () => this.loadModels(),
          onFreeOnly: (freeOnly) => (this.freeOnly = freeOnly),
          onPick: (model) => this.edit({ model }),
        })}
      </div>
      <div class="field">
        <label for="endpoint">Chat-completions endpoint</label>
        <input
          id="endpoint"
          type="url"
          spellcheck="false"
          .value=${draft.endpoint}
          aria-invalid=${this.errorField === 'endpoint' ? 'true' : 'false'}
          aria-describedby=${this.describedBy('endpoint')}
          @input=${(event: Event) =>
            this.edit({ endpoint: (event.target as HTMLInputElement).value })}
        />
        ${this.renderError('endpoint')}
      </div>
      <fieldset aria-describedby=${this.describedBy('dataPolicy')}>
        <legend>Provider data policy</legend>
        ${DATA_POLICIES.map(
          (policy) =>
            html`<label class="choice">
              <input
                type="radio"
                name="dataPolicy"
                .value=${policy.value}
                .checked=${draft.dataPolicy === policy.value}
                @change=${() => this.edit({ dataPolicy: policy.value })}
              />
              <span><strong>${policy.label}</strong> — ${policy.hint}</span>
            </label>`,
        )}
        ${this.renderError('dataPolicy')}
      </fieldset>
      ${this.renderError(undefined)} ${this.renderEndpointQuestion()}
      ${renderApprovalGrants(this.grants.value ?? [], (id) => void this.revokeGrant(id))}
      <div class="actions">
        <button type="button" part="cancel" @click=${() => this.close()}>Cancel</button>
        <button type="submit" part="save" class="primary">Save</button>
      </div>
    </form>`;
  }

  protected override render() {
    const settings = this.settings.value;
    return html`<dialog
      part="dialog"
      aria-labelledby="title"
      @cancel=${this.modal.cancel}
      @close=${this.onClosed}
      @click=${this.modal.click}
      @keydown=${this.modal.keydown}
    >
      ${
        !this.open
          ? nothing
          : this.draft && settings
            ? this.renderForm(this.draft, settings)
            : html`<h2 id="title">Model settings</h2>
                <p class="help">There is no runtime with OpenRouter settings to edit yet.</p>
                <div class="actions">
                  <button type="button" part="cancel" @click=${() => this.close()}>Close</button>
                </div>`
      }
    </dialog>`;
  }
}

declare global {
  interface HTMLElementEventMap {
    'ca-settings-save': CustomEvent<SettingsSaveDetail>;
  }
}
