/**
 * Carrier failures (T7): every way the authenticated carrier can fail, as plain data with a
 * stable `code`, what the carrier `expected`, a `hint` for the person or agent, and an optional
 * bounded `detail`. Codes are a public contract; hosts and consumers branch on them.
 */
import { toolError, type ToolCallError } from '../protocol/errors.js';

/** Every way the authenticated carrier can fail, by name; the values are a public contract. */
export const CARRIER_FAILURE_CODES = {
  /** The offer is not plain data, names no loopback endpoint, or lacks a field. */
  CARRIER_OFFER_INVALID: 'carrier-offer-invalid',
  CARRIER_OFFER_EXPIRED: 'carrier-offer-expired',
  /** Another offer id or generation: the host restarted or published a new offer. */
  CARRIER_OFFER_STALE: 'carrier-offer-stale',
  CARRIER_AUTH_FAILED: 'carrier-auth-failed',
  CARRIER_DIGEST_MISMATCH: 'carrier-digest-mismatch',
  CARRIER_ORIGIN_REJECTED: 'carrier-origin-rejected',
  CARRIER_HOST_REJECTED: 'carrier-host-rejected',
  CARRIER_REQUEST_INVALID: 'carrier-request-invalid',
  /** Nobody answered before start: nothing ran. */
  CARRIER_UNREACHABLE: 'carrier-unreachable',
  CARRIER_LEASE_CONFLICT: 'carrier-lease-conflict',
  /** A step out of order: execute before start, a second execute, exit before lease. */
  CARRIER_SEQUENCE_INVALID: 'carrier-sequence-invalid',
  /** The provider vanished after start; whether the step ran is unknown. Terminal. */
  CARRIER_PROVIDER_EXIT: 'carrier-provider-exit',
  /** The caller aborted; after start whether the step ran is unknown. */
  CARRIER_CANCELLED: 'carrier-cancelled',
  /** The carrier already ended (exit, lease lost, or an earlier terminal failure). Terminal. */
  CARRIER_EXITED: 'carrier-exited',
  CARRIER_RESPONSE_INVALID: 'carrier-response-invalid',
  /** The step ran but its result could not be captured and verified. */
  CARRIER_CAPTURE_FAILED: 'carrier-capture-failed',
  /** Resources were still held at exit. */
  CARRIER_CLEANUP_FAILED: 'carrier-cleanup-failed',
} as const;

/** One of the codes in `CARRIER_FAILURE_CODES`. */
export type CarrierFailureCode = (typeof CARRIER_FAILURE_CODES)[keyof typeof CARRIER_FAILURE_CODES];

/**
 * A carrier failure as data: its code, what the carrier expected, and a hint for the person or
 * agent.
 */
export interface CarrierFailure {
  code: CarrierFailureCode;
  expected: string;
  hint: string;
  detail?: Record<string, unknown>;
}

/** A carrier step's value, or the failure that ended it. */
export type CarrierOutcome<T> = { ok: true; value: T } | { ok: false; failure: CarrierFailure };

const C = CARRIER_FAILURE_CODES;
const FRESH_OFFER = 'Start the host companion again if needed and connect with its fresh offer.';

const TEXT: Record<CarrierFailureCode, { expected: string; hint: string }> = {
  [C.CARRIER_OFFER_INVALID]: {
    expected:
      'a plain-data offer with offerId, loopback endpoint, token, generation, digests and expiresAt',
    hint: `Copy the whole offer the companion printed. ${FRESH_OFFER}`,
  },
  [C.CARRIER_OFFER_EXPIRED]: { expected: 'an offer before its expiresAt', hint: FRESH_OFFER },
  [C.CARRIER_OFFER_STALE]: {
    expected: "the host's current offer id and generation",
    hint: FRESH_OFFER,
  },
  [C.CARRIER_AUTH_FAILED]: { expected: "the offer's bearer token", hint: FRESH_OFFER },
  [C.CARRIER_DIGEST_MISMATCH]: {
    expected: 'the descriptor and recipe digests the host published',
    hint: `The studio and the companion are different versions. ${FRESH_OFFER}`,
  },
  [C.CARRIER_ORIGIN_REJECTED]: {
    expected: 'a request from an allowed origin',
    hint: 'Start the companion with --allow-origin set to the origin the studio is served from.',
  },
  [C.CARRIER_HOST_REJECTED]: {
    expected: 'a Host header naming the loopback address and port of the offer',
    hint: 'Connect to the endpoint exactly as the offer names it.',
  },
  [C.CARRIER_REQUEST_INVALID]: {
    expected: 'a JSON request of the carrier protocol',
    hint: 'Update the studio or the companion so both speak the same protocol.',
  },
  [C.CARRIER_UNREACHABLE]: {
    expected: 'a host companion listening at the offer endpoint',
    hint: 'Check the companion is still running, then try again.',
  },
  [C.CARRIER_LEASE_CONFLICT]: {
    expected: 'no other active lease',
    hint: 'Another tab or client is using the companion; try again when it has finished.',
  },
  [C.CARRIER_SEQUENCE_INVALID]: {
    expected: 'the order lease → start → execute → exit',
    hint: 'Start a new carrier run from lease.',
  },
  [C.CARRIER_PROVIDER_EXIT]: {
    expected: 'the provider to stay up until exit',
    hint: `The companion stopped mid-step; whether it ran is unknown. ${FRESH_OFFER} Its reconciliation report says what happened.`,
  },
  [C.CARRIER_EXITED]: {
    expected: 'a carrier that has not ended',
    hint: `This carrier has ended; nothing else runs through it. ${FRESH_OFFER}`,
  },
  [C.CARRIER_CANCELLED]: {
    expected: 'the step to finish',
    hint: 'The step was cancelled; after start its effect is unknown until the host reconciles.',
  },
  [C.CARRIER_RESPONSE_INVALID]: {
    expected: 'a JSON response of the carrier protocol',
    hint: 'Check the endpoint belongs to the host companion.',
  },
  [C.CARRIER_CAPTURE_FAILED]: {
    expected: 'the step result captured and verified',
    hint: 'Retry only from the safe snapshot named in detail.',
  },
  [C.CARRIER_CLEANUP_FAILED]: {
    expected: 'every resource released at exit',
    hint: 'Retry only from the safe snapshot named in detail.',
  },
};

const MAX_DETAIL_STRING = 200;

// Detail is for diagnosis, never a channel for file content or tokens: strings are cut short.
function bound(detail: Record<string, unknown>): Record<string, unknown> {
  return JSON.parse(
    JSON.stringify(detail, (_key, value: unknown) =>
      typeof value === 'string' && value.length > MAX_DETAIL_STRING
        ? `${value.slice(0, MAX_DETAIL_STRING - 1)}…`
        : value,
    ),
  ) as Record<string, unknown>;
}

/** Builds the failure for a code, with its standard expectation and hint. */
export function carrierFailure(
  code: CarrierFailureCode,
  detail?: Record<string, unknown>,
): CarrierFailure {
  const { expected, hint } = TEXT[code];
  return detail === undefined
    ? { code, expected, hint }
    : { code, expected, hint, detail: bound(detail) };
}

/** A failed `CarrierOutcome` for a code. */
export const carrierFailed = (code: CarrierFailureCode, detail?: Record<string, unknown>) => ({
  ok: false as const,
  failure: carrierFailure(code, detail),
});

/** Codes after which the same offer never works again: only a fresh offer helps. */
export const CARRIER_FRESH_OFFER_CODES: ReadonlySet<CarrierFailureCode> = new Set([
  C.CARRIER_OFFER_INVALID,
  C.CARRIER_OFFER_EXPIRED,
  C.CARRIER_OFFER_STALE,
  C.CARRIER_AUTH_FAILED,
  C.CARRIER_DIGEST_MISMATCH,
  C.CARRIER_PROVIDER_EXIT,
  C.CARRIER_EXITED,
]);

/** Whether a value is one of the carrier failure codes. */
export const isCarrierFailureCode = (value: unknown): value is CarrierFailureCode =>
  typeof value === 'string' && Object.hasOwn(TEXT, value);

/** The same failure as a tool error, for callers that speak `Outcome`. */
export function carrierToolError(failure: CarrierFailure): ToolCallError {
  const retryable =
    failure.code === C.CARRIER_UNREACHABLE || failure.code === C.CARRIER_LEASE_CONFLICT;
  return toolError(failure.code, failure.hint, retryable, {
    expected: failure.expected,
    ...(failure.detail === undefined ? {} : { detail: failure.detail }),
  });
}
