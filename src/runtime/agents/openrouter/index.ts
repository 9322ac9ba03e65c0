/** The agents/openrouter domain's door: what other layers may import of it. */
export {
  createOpenRouterAgent,
  DEFAULT_OPENROUTER_MAX_TOOL_CALLS,
  DEFAULT_OPENROUTER_MAX_TURNS,
  type OpenRouterAgentOptions,
} from './agent.js';
export { isAllowedEndpoint } from './endpoint.js';
export {
  isOpenRouterConfigurationError,
  isTransientOpenRouterError,
  OPENROUTER_ERROR_CODES,
  openRouterError,
  type OpenRouterErrorCode,
} from './errors.js';
export {
  fetchOpenRouterModels,
  type FetchOpenRouterModelsOptions,
  type OpenRouterModel,
  openRouterModelsUrl,
} from './models.js';
export { openingMessages, OPENROUTER_SYSTEM_PROMPT } from './prompt.js';
export {
  createOpenRouterSettingsStore,
  DEFAULT_OPENROUTER_ENDPOINT,
  DEFAULT_OPENROUTER_MODEL,
  OPENROUTER_API_KEY_STORAGE_KEY,
  OPENROUTER_SETTINGS_STORAGE_KEY,
  type OpenRouterDataPolicy,
  type OpenRouterSettings,
  type OpenRouterSettingsPatch,
  type OpenRouterSettingsStore,
  type OpenRouterSettingsStoreOptions,
} from './settings.js';
