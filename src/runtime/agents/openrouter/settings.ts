/**
 * The OpenRouter settings store (A2): the API key under the shared same-origin key, plus model,
 * endpoint and data policy. Browser storage is optional: when it is missing, blocked or a write
 * throws, the store keeps the settings in memory for the session and says so in `storage`.
 * Other tabs' writes arrive as `storage` events and update the snapshot live.
 */
import { failure, toolError, type Outcome } from '../../protocol/errors.js';
import { isAllowedEndpoint } from './endpoint.js';

/** The storage key under which the OpenRouter API key is kept. */
export const OPENROUTER_API_KEY_STORAGE_KEY = 'context-action.openrouter.api-key';
/** The storage key under which model, endpoint and data policy are kept. */
export const OPENROUTER_SETTINGS_STORAGE_KEY = 'context-action.openrouter.settings';
/** The chat-completions endpoint used until the person sets another. */
export const DEFAULT_OPENROUTER_ENDPOINT = 'https://openrouter.ai/api/v1/chat/completions';
/** The model used until the person picks another. */
export const DEFAULT_OPENROUTER_MODEL = 'openai/gpt-4o-mini';

/**
 * Which providers may see prompts: any, only those that do not collect data, or zero data retention
 * only.
 */
export type OpenRouterDataPolicy = 'allow' | 'deny' | 'zdr';

/** The OpenRouter key, model, endpoint and data policy, and where they are stored. */
export interface OpenRouterSettings {
  /** Absent: the local agent runs. */
  apiKey?: string;
  model: string;
  /** An OpenAI-compatible chat-completions URL: https:, or http: to localhost only. */
  endpoint: string;
  dataPolicy: OpenRouterDataPolicy;
  /** `memory` when browser storage is missing, blocked or throws. */
  storage: 'local' | 'memory';
}

/** The settings fields to change; absent ones stay. */
export interface OpenRouterSettingsPatch {
  /** `''` or `null` clears the key. */
  apiKey?: string | null;
  model?: string;
  endpoint?: string;
  dataPolicy?: OpenRouterDataPolicy;
}

/** The OpenRouter settings as a store: read a snapshot, subscribe, validate and save changes. */
export interface OpenRouterSettingsStore {
  /** The same object until something changes. */
  getSnapshot(): OpenRouterSettings;
  subscribe(listener: () => void): () => void;
  /**
   * Validates everything first (endpoint https:, or http: to localhost; model non-empty ≤ 200
   * chars; key ≤ 512 chars without whitespace; '' or null clears the key); a bad patch changes
   * nothing.
   */
  update(patch: OpenRouterSettingsPatch): Outcome<OpenRouterSettings>;
  dispose(): void;
}

/** Which storage and event target the settings store uses. */
export interface OpenRouterSettingsStoreOptions {
  /** Default: `globalThis.localStorage` when reachable, else memory. */
  storage?: Storage | null;
  /** Default: `globalThis` when it can `addEventListener` (`storage` events). */
  events?: EventTarget | null;
}

const MAX_MODEL_LENGTH = 200;
const MAX_KEY_LENGTH = 512;
const DATA_POLICIES: readonly OpenRouterDataPolicy[] = ['allow', 'deny', 'zdr'];

const invalid = (field: string, message: string) =>
  failure(toolError('OPENROUTER_SETTINGS_INVALID', message, false, { field }));

type Fields = Omit<OpenRouterSettings, 'storage'>;

const fieldsOf = ({ apiKey, model, endpoint, dataPolicy }: OpenRouterSettings): Fields =>
  apiKey === undefined ? { model, endpoint, dataPolicy } : { apiKey, model, endpoint, dataPolicy };

/** The patch applied to `current`, or the first field that is wrong. */
function applyPatch(current: Fields, patch: OpenRouterSettingsPatch): Outcome<Fields> {
  if (typeof patch !== 'object' || patch === null) return invalid('patch', 'Expected an object.');
  const next: Fields = { ...current };
  if (patch.apiKey !== undefined) {
    const key = patch.apiKey === null ? '' : patch.apiKey;
    if (typeof key !== 'string') return invalid('apiKey', 'The API key must be text.');
    if (key.length > MAX_KEY_LENGTH)
      return invalid('apiKey', `The API key is longer than ${MAX_KEY_LENGTH} characters.`);
    if (/\s/.test(key)) return invalid('apiKey', 'The API key must not contain whitespace.');
    if (key === '') delete next.apiKey;
    else next.apiKey = key;
  }
  if (patch.model !== undefined) {
    const model = typeof patch.model === 'string' ? patch.model.trim() : '';
    if (model === '' || model.length > MAX_MODEL_LENGTH)
      return invalid('model', `The model must be 1 to ${MAX_MODEL_LENGTH} characters.`);
    next.model = model;
  }
  if (patch.endpoint !== undefined) {
    const endpoint = typeof patch.endpoint === 'string' ? patch.endpoint.trim() : '';
    if (!isAllowedEndpoint(endpoint)) {
      return invalid(
        'endpoint',
        'The endpoint must be an https: URL; plain http: is allowed only for localhost.',
      );
    }
    next.endpoint = endpoint;
  }
  if (patch.dataPolicy !== undefined) {
    if (!DATA_POLICIES.includes(patch.dataPolicy))
      return invalid('dataPolicy', 'The data policy must be allow, deny or zdr.');
    next.dataPolicy = patch.dataPolicy;
  }
  return { ok: true, value: next };
}

const DEFAULTS: Fields = {
  model: DEFAULT_OPENROUTER_MODEL,
  endpoint: DEFAULT_OPENROUTER_ENDPOINT,
  dataPolicy: 'allow',
};

/** Stored values pass the same validation as `update()`; anything else is ignored. */
function readStored(storage: Storage): Fields {
  let fields = DEFAULTS;
  const raw = storage.getItem(OPENROUTER_SETTINGS_STORAGE_KEY);
  if (raw !== null) {
    try {
      const parsed = JSON.parse(raw) as unknown;
      if (typeof parsed === 'object' && parsed !== null) {
        const { model, endpoint, dataPolicy } = parsed as Record<string, unknown>;
        for (const [field, value] of Object.entries({ model, endpoint, dataPolicy })) {
          const next = applyPatch(fields, { [field]: value } as OpenRouterSettingsPatch);
          if (next.ok) fields = next.value;
        }
      }
    } catch {
      // Invalid stored JSON is someone else's bad write: keep the defaults.
    }
  }
  const key = storage.getItem(OPENROUTER_API_KEY_STORAGE_KEY);
  if (key !== null) {
    const next = applyPatch(fields, { apiKey: key });
    if (next.ok) fields = next.value;
  }
  return fields;
}

function defaultStorage(): Storage | null {
  try {
    // Reading `localStorage` itself throws in sandboxed frames and with blocked cookies.
    return typeof globalThis.localStorage === 'undefined' ? null : globalThis.localStorage;
  } catch {
    return null;
  }
}

function defaultEvents(): EventTarget | null {
  return typeof globalThis.addEventListener === 'function' ? (globalThis as EventTarget) : null;
}

/** Creates the settings store, kept in browser storage when it can be and in memory otherwise. */
export function createOpenRouterSettingsStore(
  options: OpenRouterSettingsStoreOptions = {},
): OpenRouterSettingsStore {
  let storage = options.storage === undefined ? defaultStorage() : options.storage;
  const events = options.events === undefined ? defaultEvents() : options.events;
  const listeners = new Set<() => void>();

  const load = (): Fields => {
    if (!storage) return DEFAULTS;
    try {
      return readStored(storage);
    } catch {
      storage = null;
      return DEFAULTS;
    }
  };
  const snapshot = (fields: Fields): OpenRouterSettings => ({
    ...fields,
    storage: storage ? 'local' : 'memory',
  });
  let state = snapshot(load());

  const publish = (next: OpenRouterSettings) => {
    state = next;
    for (const listener of [...listeners]) listener();
  };

  const same = (a: OpenRouterSettings, b: OpenRouterSettings) =>
    a.apiKey === b.apiKey &&
    a.model === b.model &&
    a.endpoint === b.endpoint &&
    a.dataPolicy === b.dataPolicy &&
    a.storage === b.storage;

  function persist(fields: Fields): void {
    if (!storage) return;
    try {
      const { apiKey, ...rest } = fields;
      storage.setItem(OPENROUTER_SETTINGS_STORAGE_KEY, JSON.stringify(rest));
      if (apiKey === undefined) storage.removeItem(OPENROUTER_API_KEY_STORAGE_KEY);
      else storage.setItem(OPENROUTER_API_KEY_STORAGE_KEY, apiKey);
    } catch {
      storage = null;
    }
  }

  const onStorage = (event: Event) => {
    const { key, storageArea } = event as StorageEvent;
    if (!storage || (storageArea !== undefined && storageArea !== null && storageArea !== storage))
      return;
    // `clear()` fires with `key === null`: it may have removed ours.
    const ours =
      key === null ||
      key === undefined ||
      key === OPENROUTER_API_KEY_STORAGE_KEY ||
      key === OPENROUTER_SETTINGS_STORAGE_KEY;
    if (!ours) return;
    const next = snapshot(load());
    if (!same(next, state)) publish(next);
  };
  events?.addEventListener('storage', onStorage);

  return {
    getSnapshot: () => state,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    update(patch) {
      const next = applyPatch(fieldsOf(state), patch);
      if (!next.ok) return next;
      persist(next.value);
      const settings = snapshot(next.value);
      if (!same(settings, state)) publish(settings);
      return { ok: true, value: state };
    },
    dispose() {
      events?.removeEventListener('storage', onStorage);
      listeners.clear();
    },
  };
}
