/**
 * The carrier offer (T7): plain data a host publishes so one consumer can reach it. It travels
 * by copy and paste or in a URL fragment (`#ca-host-offer=…`), never in a query string, which
 * servers log. A consumer trusts nothing in it until this parser has checked every field.
 */
import { isPlainObject } from '../protocol/plain-object.js';
import { carrierFailed, type CarrierOutcome, CARRIER_FAILURE_CODES as CODES } from './failures.js';
import { CARRIER_OFFER_FRAGMENT_KEY, readCarrierOfferFragment } from './offer-fragment.js';

/**
 * What a host publishes so one consumer can reach it: loopback endpoint, token, identity and
 * digests.
 */
export interface CarrierOffer {
  offerId: string;
  /** `http://127.0.0.1:PORT/carrier` or `http://[::1]:PORT/carrier`: a loopback literal only. */
  endpoint: string;
  /** The bearer token every request carries. A secret: never log or persist it. */
  token: string;
  /** Bumped each time the host starts, so an offer of an earlier run is recognised as stale. */
  generation: number;
  descriptorDigest: string;
  recipeDigest: string;
  /** Epoch milliseconds. */
  expiresAt: number;
}

export { CARRIER_OFFER_FRAGMENT_KEY, readCarrierOfferFragment } from './offer-fragment.js';

const OFFER_KEYS = [
  'offerId',
  'endpoint',
  'token',
  'generation',
  'descriptorDigest',
  'recipeDigest',
  'expiresAt',
];
// A name, not a resolver: `localhost` may resolve off the machine, a literal cannot.
const LOOPBACK_LITERALS = new Set(['127.0.0.1', '[::1]']);
const TOKEN = /^[A-Za-z0-9_-]{32,256}$/;
const DIGEST = /^[0-9a-f]{64}$/;
const OFFER_ID = /^[A-Za-z0-9_-]{8,128}$/;

/** The field that is wrong, or `null`. */
function offerProblem(value: Record<string, unknown>): string | null {
  const extra = Object.keys(value).find((key) => !OFFER_KEYS.includes(key));
  if (extra) return extra;
  if (typeof value.offerId !== 'string' || !OFFER_ID.test(value.offerId)) return 'offerId';
  if (typeof value.endpoint !== 'string') return 'endpoint';
  let url: URL;
  try {
    url = new URL(value.endpoint);
  } catch {
    return 'endpoint';
  }
  if (
    url.protocol !== 'http:' ||
    !LOOPBACK_LITERALS.has(url.hostname) ||
    url.port === '' ||
    url.username !== '' ||
    url.password !== '' ||
    url.search !== '' ||
    url.hash !== ''
  )
    return 'endpoint';
  if (typeof value.token !== 'string' || !TOKEN.test(value.token)) return 'token';
  if (!Number.isSafeInteger(value.generation) || (value.generation as number) < 1)
    return 'generation';
  if (typeof value.descriptorDigest !== 'string' || !DIGEST.test(value.descriptorDigest))
    return 'descriptorDigest';
  if (typeof value.recipeDigest !== 'string' || !DIGEST.test(value.recipeDigest))
    return 'recipeDigest';
  if (typeof value.expiresAt !== 'number' || !Number.isFinite(value.expiresAt)) return 'expiresAt';
  return null;
}

function decodeBase64Url(text: string): string | null {
  try {
    const base64 = text.replace(/-/g, '+').replace(/_/g, '/');
    const bytes = Uint8Array.from(atob(base64), (char) => char.charCodeAt(0));
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    return null;
  }
}

function encodeBase64Url(text: string): string {
  const bytes = new TextEncoder().encode(text);
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  // No `/\//g` literal: publint reads `//` as a comment to the end of the line, and in the
  // minified browser build that line ends with the file's exports.
  return btoa(binary).replaceAll('+', '-').replaceAll('/', '_').replace(/=+$/, '');
}

/** `#ca-host-offer=…` for a studio URL. */
export function encodeCarrierOfferFragment(offer: CarrierOffer): string {
  return `#${CARRIER_OFFER_FRAGMENT_KEY}=${encodeBase64Url(JSON.stringify(offer))}`;
}

/**
 * Checks an offer: an object, its pasted JSON, or a fragment value from
 * `encodeCarrierOfferFragment`. An expired offer is `carrier-offer-expired`, anything else
 * wrong is `carrier-offer-invalid` naming the field (never its value: it may be the token).
 */
export function parseCarrierOffer(input: unknown, now = Date.now()): CarrierOutcome<CarrierOffer> {
  let value = input;
  if (typeof input === 'string') {
    const text = input.trim();
    const json = text.startsWith('{')
      ? text
      : decodeBase64Url(readCarrierOfferFragment(text.slice(text.indexOf('#') + 1)) ?? text);
    try {
      value = json === null ? undefined : (JSON.parse(json) as unknown);
    } catch {
      value = undefined;
    }
  }
  if (!isPlainObject(value)) return carrierFailed(CODES.CARRIER_OFFER_INVALID, { field: 'offer' });
  const problem = offerProblem(value);
  if (problem) return carrierFailed(CODES.CARRIER_OFFER_INVALID, { field: problem });
  const offer = value as unknown as CarrierOffer;
  if (offer.expiresAt <= now)
    return carrierFailed(CODES.CARRIER_OFFER_EXPIRED, { expiresAt: offer.expiresAt, now });
  return {
    ok: true,
    value: {
      offerId: offer.offerId,
      endpoint: offer.endpoint,
      token: offer.token,
      generation: offer.generation,
      descriptorDigest: offer.descriptorDigest,
      recipeDigest: offer.recipeDigest,
      expiresAt: offer.expiresAt,
    },
  };
}
