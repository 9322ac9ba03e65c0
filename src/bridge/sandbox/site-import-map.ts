/**
 * The import map a site may give the preview (`import-map` on `<ca-runtime>`, `<ca-studio>` and
 * `<ca-preview>`): bare specifiers the workspace does not hold resolve through it inside the
 * frame, and the origins its URLs name, exactly, join the frames' `script-src`. Each address
 * must be an absolute `https:` or `http:` URL on a plain host name or IP address: a wildcard,
 * another scheme (`javascript:`, `data:`, `blob:`) or a relative address refuses the whole map,
 * so a map can add origins to the policy and nothing else. A chunk of its own, loaded when a
 * site first sets a map (`site-map-state.ts`).
 */
import { PREVIEW_DIAGNOSTIC_CODES } from '../../runtime/preview/index.js';
import { isNoSiteMap, type SiteImportMap, type SiteMapState } from './site-map-state.js';

export type { SiteImportMap } from './site-map-state.js';

/** Why a map was refused, under the stable code `PREVIEW_IMPORT_MAP_INVALID`. */
export interface SiteImportMapError {
  code: typeof PREVIEW_DIAGNOSTIC_CODES.IMPORT_MAP_INVALID;
  message: string;
}

export type SiteImportMapResult = { map: SiteImportMap | null } | { error: SiteImportMapError };

/** Bounds on a map: the frame's policy and import map stay small whatever a site sets. */
export const SITE_IMPORT_MAP_LIMITS = {
  jsonChars: 64 * 1024,
  entries: 1000,
  origins: 32,
  chars: 2000,
} as const;

// A DNS name of letters, digits and hyphens, an IPv4 address, or a bracketed IPv6 address.
const HOST =
  /^(?:[a-z0-9](?:[a-z0-9-]*[a-z0-9])?\.)*[a-z0-9](?:[a-z0-9-]*[a-z0-9])?$|^\[[0-9a-f:.]+\]$/;
// Our own module names, and what the browser would read as a URL or a relative path.
const NOT_BARE = /^(?:@context-action\/|\.{0,2}\/|[a-z][a-z0-9+.-]*:)/i;

class Refusal extends Error {}
const refuse = (message: string): never => {
  throw new Refusal(message);
};
const quoted = (text: string) => JSON.stringify(text.slice(0, 100));

/** An absolute http(s) address on a plain host; its origin is what the policy gets. */
function checkAddress(address: unknown, where: string): URL {
  if (typeof address !== 'string' || address.length > SITE_IMPORT_MAP_LIMITS.chars)
    return refuse(`${where} must be a URL of at most ${SITE_IMPORT_MAP_LIMITS.chars} characters`);
  let url: URL;
  try {
    url = new URL(address);
  } catch {
    return refuse(`${where} is not an absolute URL: ${quoted(address)}`);
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:')
    refuse(`${where} must be an https: or http: URL, not ${quoted(url.protocol)}`);
  if (!HOST.test(url.hostname))
    refuse(`${where} must name one host exactly (no wildcard): ${quoted(url.hostname)}`);
  if (url.username || url.password) refuse(`${where} must not carry a user name or password`);
  return url;
}

function checkImports(value: unknown, where: string, origins: Set<string>): Record<string, string> {
  if (typeof value !== 'object' || value === null || Array.isArray(value))
    return refuse(`${where} must be an object of specifier → URL`);
  const imports: Record<string, string> = {};
  for (const [specifier, address] of Object.entries(value)) {
    if (
      specifier === '' ||
      specifier.length > SITE_IMPORT_MAP_LIMITS.chars ||
      NOT_BARE.test(specifier)
    )
      refuse(`${where} may map only bare specifiers, not ${quoted(specifier)}`);
    const url = checkAddress(address, `${where}[${quoted(specifier)}]`);
    if (specifier.endsWith('/') && !url.pathname.endsWith('/'))
      refuse(`${where}[${quoted(specifier)}] ends with / so its URL must too`);
    origins.add(url.origin);
    imports[specifier] = url.href;
  }
  return imports;
}

function checkMap(value: unknown): SiteImportMap {
  if (typeof value !== 'object' || value === null || Array.isArray(value))
    return refuse('The import map must be an object with "imports" and/or "scopes"');
  const extra = Object.keys(value).find((key) => key !== 'imports' && key !== 'scopes');
  if (extra !== undefined) refuse(`The import map has an unknown key ${quoted(extra)}`);
  const { imports = {}, scopes = {} } = value as { imports?: unknown; scopes?: unknown };
  const origins = new Set<string>();
  const checked = checkImports(imports, 'imports', origins);
  if (typeof scopes !== 'object' || scopes === null || Array.isArray(scopes))
    return refuse('scopes must be an object of URL prefix → imports');
  const checkedScopes: Record<string, Record<string, string>> = {};
  let entries = Object.keys(checked).length;
  for (const [prefix, scoped] of Object.entries(scopes)) {
    const where = `scopes[${quoted(prefix)}]`;
    // A scope names whose imports it remaps; it loads nothing, so it adds no origin.
    const key = checkAddress(prefix, where).href;
    checkedScopes[key] = checkImports(scoped, where, origins);
    entries += 1 + Object.keys(checkedScopes[key]).length;
  }
  if (entries > SITE_IMPORT_MAP_LIMITS.entries)
    refuse(`The import map has ${entries} entries; at most ${SITE_IMPORT_MAP_LIMITS.entries}`);
  if (origins.size > SITE_IMPORT_MAP_LIMITS.origins)
    refuse(
      `The import map names ${origins.size} origins; at most ${SITE_IMPORT_MAP_LIMITS.origins}`,
    );
  return { imports: checked, scopes: checkedScopes, origins: [...origins].sort() };
}

/**
 * Checks a site's import map: its JSON text (the attribute) or the object (the property).
 * Null, undefined and blank text mean no map: the preview stays offline.
 */
export function parseSiteImportMap(value: unknown): SiteImportMapResult {
  if (isNoSiteMap(value)) return { map: null };
  try {
    if (typeof value !== 'string') return { map: checkMap(value) };
    if (value.length > SITE_IMPORT_MAP_LIMITS.jsonChars)
      refuse(`The import map's JSON is longer than ${SITE_IMPORT_MAP_LIMITS.jsonChars} characters`);
    let parsed: unknown;
    try {
      parsed = JSON.parse(value);
    } catch (error) {
      return refuse(`The import map is not valid JSON: ${(error as Error).message}`);
    }
    return { map: checkMap(parsed) };
  } catch (error) {
    if (!(error instanceof Refusal)) throw error;
    return {
      error: { code: PREVIEW_DIAGNOSTIC_CODES.IMPORT_MAP_INVALID, message: error.message },
    };
  }
}

/** The state once `value` is set: a refused map leaves the one before it in force. */
export function nextSiteMap(state: SiteMapState, value: unknown): SiteMapState {
  const result = parseSiteImportMap(value);
  return 'error' in result
    ? { value, map: state.map, error: { level: 'error', ...result.error } }
    : { value, map: result.map, error: null };
}
