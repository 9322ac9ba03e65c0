/**
 * The tool-capable model list (A2) for the settings dialog: OpenRouter's `/models` next to
 * the configured chat-completions endpoint, the zero-data-retention model list for `zdr`, decoded
 * and classified like the agent's requests.
 */
import { type Outcome } from '../../protocol/errors.js';
import { isPlainObject } from '../../protocol/plain-object.js';
import { OPENROUTER_ERROR_CODES as CODES, openRouterError } from './errors.js';
import type { OpenRouterDataPolicy } from './settings.js';
import { DEFAULT_OPENROUTER_TIMEOUT_MS, requestJson } from './transport.js';

/** A tool-capable model the settings dialog offers. */
export interface OpenRouterModel {
  id: string;
  name: string;
  free: boolean;
  contextLength?: number;
}

/** Where and how to fetch the model list. */
export interface FetchOpenRouterModelsOptions {
  /** The chat-completions endpoint; the model list is its sibling `models`. */
  endpoint: string;
  dataPolicy: OpenRouterDataPolicy;
  apiKey?: string;
  freeOnly?: boolean;
  signal?: AbortSignal;
  fetch?: typeof fetch;
}

/** `…/chat/completions` → `…/models?supported_parameters=tools` (`&zdr=true` for zdr). */
export function openRouterModelsUrl(endpoint: string, dataPolicy: OpenRouterDataPolicy): string {
  const url = new URL(endpoint);
  const base = url.pathname.replace(/\/+$/, '').replace(/\/chat\/completions$/, '');
  url.pathname = `${base}/models`;
  url.search = '';
  url.hash = '';
  url.searchParams.set('supported_parameters', 'tools');
  if (dataPolicy === 'zdr') url.searchParams.set('zdr', 'true');
  return url.toString();
}

const isZero = (price: unknown) =>
  (typeof price === 'string' || typeof price === 'number') && Number(price) === 0;

function readModel(value: unknown): OpenRouterModel | undefined {
  if (!isPlainObject(value) || typeof value.id !== 'string' || value.id === '') return undefined;
  const parameters = value.supported_parameters;
  if (!Array.isArray(parameters) || !parameters.includes('tools')) return undefined;
  const pricing = isPlainObject(value.pricing) ? value.pricing : {};
  const contextLength = value.context_length;
  return {
    id: value.id,
    name: typeof value.name === 'string' && value.name !== '' ? value.name : value.id,
    free: value.id.endsWith(':free') || (isZero(pricing.prompt) && isZero(pricing.completion)),
    ...(typeof contextLength === 'number' && contextLength > 0 ? { contextLength } : {}),
  };
}

/** Tool-capable models only (`supported_parameters` includes `tools`), sorted by name. */
export async function fetchOpenRouterModels(
  options: FetchOpenRouterModelsOptions,
): Promise<Outcome<OpenRouterModel[]>> {
  let url: string;
  try {
    url = openRouterModelsUrl(options.endpoint, options.dataPolicy);
  } catch {
    return {
      ok: false,
      error: openRouterError(CODES.OPENROUTER_SETTINGS_INVALID, 'The endpoint is not a URL.', {
        field: 'endpoint',
      }),
    };
  }
  const decoded = await requestJson({
    url,
    method: 'GET',
    ...(options.apiKey ? { apiKey: options.apiKey } : {}),
    signal: options.signal ?? new AbortController().signal,
    timeoutMs: DEFAULT_OPENROUTER_TIMEOUT_MS,
    ...(options.fetch ? { fetch: options.fetch } : {}),
  });
  if (!decoded.ok) return decoded;
  const data = isPlainObject(decoded.value) ? decoded.value.data : undefined;
  if (!Array.isArray(data)) {
    return {
      ok: false,
      error: openRouterError(
        CODES.OPENROUTER_INVALID_RESPONSE,
        'The model list has no data array.',
      ),
    };
  }
  const models = data
    .map(readModel)
    .filter((model): model is OpenRouterModel => model !== undefined)
    .filter((model) => !options.freeOnly || model.free)
    .sort((a, b) => a.name.localeCompare(b.name) || a.id.localeCompare(b.id));
  return { ok: true, value: models };
}
