import {
  type OpenRouterDataPolicy,
  type OpenRouterSettings,
  type OpenRouterSettingsPatch,
  isAllowedEndpoint,
} from '../../runtime/agents/openrouter/index.js';

/** What the settings form edits: the store's fields as text, the key as '' when there is none. */
export interface SettingsDraft {
  apiKey: string;
  model: string;
  endpoint: string;
  dataPolicy: OpenRouterDataPolicy;
}

export type SettingsField = keyof SettingsDraft;

export const draftOf = (settings: OpenRouterSettings): SettingsDraft => ({
  apiKey: settings.apiKey ?? '',
  model: settings.model,
  endpoint: settings.endpoint,
  dataPolicy: settings.dataPolicy,
});

/**
 * Follows a store change (another tab saved) without losing the person's edits: a field still
 * equal to what the form started from takes the new value, an edited field keeps the edit.
 */
export function rebaseDraft(
  draft: SettingsDraft,
  base: SettingsDraft,
  next: SettingsDraft,
): SettingsDraft {
  const pick = <K extends SettingsField>(field: K): SettingsDraft[K] =>
    draft[field] === base[field] ? next[field] : draft[field];
  return {
    apiKey: pick('apiKey'),
    model: pick('model'),
    endpoint: pick('endpoint'),
    dataPolicy: pick('dataPolicy'),
  };
}

/** The whole draft as one store patch; surrounding whitespace from a paste is not part of it. */
export const patchOf = (draft: SettingsDraft): OpenRouterSettingsPatch => ({
  apiKey: draft.apiKey.trim() || null,
  model: draft.model,
  endpoint: draft.endpoint,
  dataPolicy: draft.dataPolicy,
});

/**
 * The new endpoint the saved key would be sent to if `draft` were saved, or `undefined` when
 * no saved key changes where it goes (no saved key, key cleared or replaced, same endpoint, or
 * an endpoint the store will refuse anyway).
 */
export function keyMovesTo(settings: OpenRouterSettings, draft: SettingsDraft): string | undefined {
  const endpoint = draft.endpoint.trim();
  if (!settings.apiKey || draft.apiKey.trim() !== settings.apiKey) return undefined;
  if (endpoint === settings.endpoint || !isAllowedEndpoint(endpoint)) return undefined;
  return endpoint;
}
