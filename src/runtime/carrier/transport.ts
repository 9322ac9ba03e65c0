/**
 * `createAuthenticatedCarrierTransport` (T7): the consumer side of an ephemeral carrier. One
 * transport is one run, lease → start → execute → exit, in that order. Every request carries
 * the bearer token and the offer's identity and digests; the host checks them all each time.
 * A failure that ends the carrier (provider exit, auth, digest, expiry) is reported once; every
 * later call answers `carrier-exited` without sending anything, and nothing falls back to
 * another path.
 */
import { isPlainObject } from '../protocol/plain-object.js';
import type { MigrationRecipe } from '../migration/recipe.js';
import type { ProbedMigration } from '../migration/capability-token.js';
import {
  CARRIER_FAILURE_CODES as CODES,
  CARRIER_FRESH_OFFER_CODES,
  carrierFailure,
  carrierFailed,
  isCarrierFailureCode,
  type CarrierFailure,
  type CarrierOutcome,
} from './failures.js';
import { parseCarrierOffer, type CarrierOffer } from './offer.js';
import type {
  CarrierEnvelope,
  CarrierStep,
  CarrierStepBodies,
  CarrierStepResults,
} from './protocol.js';

/** Where a carrier transport is in its one run. */
export type CarrierState = 'offered' | 'leased' | 'started' | 'executed' | 'exited' | 'failed';

/** The digests a consumer expects, and the fetch and clock a transport uses. */
export interface CarrierTransportOptions {
  /** Digests the consumer was built for; a different offer is refused before any request. */
  expected?: { descriptorDigest: string; recipeDigest: string };
  /** Defaults to the global `fetch`. */
  fetch?: typeof fetch;
  now?: () => number;
}

/** The consumer side of one carrier run; each step must follow the previous one. */
export interface CarrierTransport {
  readonly offerId: string;
  readonly generation: number;
  readonly expiresAt: number;
  readonly state: CarrierState;
  /** The failure that ended the carrier, if one did. */
  readonly failure: CarrierFailure | null;
  probe(signal: AbortSignal): Promise<CarrierOutcome<CarrierStepResults['probe']>>;
  lease(signal: AbortSignal): Promise<CarrierOutcome<CarrierStepResults['lease']>>;
  start(
    migration: ProbedMigration,
    signal: AbortSignal,
  ): Promise<CarrierOutcome<CarrierStepResults['start']>>;
  execute(
    recipe: MigrationRecipe,
    signal: AbortSignal,
  ): Promise<CarrierOutcome<CarrierStepResults['execute']>>;
  exit(signal: AbortSignal): Promise<CarrierOutcome<CarrierStepResults['exit']>>;
}

// Which states each step may follow, and which it leads to. Exit may also release a lease
// whose start or execute was refused, so the host need not wait for the lease to lapse.
const ORDER: Record<CarrierStep, { from: readonly CarrierState[]; to: CarrierState }> = {
  probe: { from: ['offered'], to: 'offered' },
  lease: { from: ['offered'], to: 'leased' },
  start: { from: ['leased'], to: 'started' },
  execute: { from: ['started'], to: 'executed' },
  exit: { from: ['leased', 'started', 'executed'], to: 'exited' },
};

const TERMINAL: ReadonlySet<string> = new Set([...CARRIER_FRESH_OFFER_CODES, CODES.CARRIER_EXITED]);

function readAnswer(text: string): CarrierOutcome<unknown> {
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    return carrierFailed(CODES.CARRIER_RESPONSE_INVALID, { body: text.slice(0, 80) });
  }
  if (isPlainObject(body) && body.ok === true && 'value' in body)
    return { ok: true, value: body.value };
  if (
    isPlainObject(body) &&
    body.ok === false &&
    isPlainObject(body.failure) &&
    isCarrierFailureCode(body.failure.code)
  ) {
    const detail = isPlainObject(body.failure.detail) ? body.failure.detail : undefined;
    return { ok: false, failure: carrierFailure(body.failure.code, detail) };
  }
  return carrierFailed(CODES.CARRIER_RESPONSE_INVALID, { shape: 'unknown' });
}

/** Checks a carrier offer and makes the transport for one run against it. */
export function createAuthenticatedCarrierTransport(
  offerInput: unknown,
  options: CarrierTransportOptions = {},
): CarrierOutcome<CarrierTransport> {
  const now = options.now ?? Date.now;
  const parsed = parseCarrierOffer(offerInput, now());
  if (!parsed.ok) return parsed;
  const offer: CarrierOffer = parsed.value;
  if (
    options.expected &&
    (options.expected.descriptorDigest !== offer.descriptorDigest ||
      options.expected.recipeDigest !== offer.recipeDigest)
  )
    return carrierFailed(CODES.CARRIER_DIGEST_MISMATCH, { side: 'consumer' });
  const send = options.fetch ?? globalThis.fetch.bind(globalThis);
  const envelope: CarrierEnvelope = {
    offerId: offer.offerId,
    generation: offer.generation,
    descriptorDigest: offer.descriptorDigest,
    recipeDigest: offer.recipeDigest,
  };
  let state: CarrierState = 'offered';
  let ending: CarrierFailure | null = null;
  let leaseId = '';

  const end = (failure: CarrierFailure) => {
    state = 'failed';
    ending = failure;
    return { ok: false as const, failure };
  };

  async function step<S extends CarrierStep>(
    name: S,
    body: CarrierStepBodies[S],
    signal: AbortSignal,
  ): Promise<CarrierOutcome<CarrierStepResults[S]>> {
    if (state === 'failed' || state === 'exited')
      return carrierFailed(CODES.CARRIER_EXITED, { step: name, after: ending?.code ?? 'exit' });
    if (now() >= offer.expiresAt)
      return end(carrierFailure(CODES.CARRIER_OFFER_EXPIRED, { step: name }));
    if (!ORDER[name].from.includes(state))
      return carrierFailed(CODES.CARRIER_SEQUENCE_INVALID, { step: name, state });
    // After start the provider may be acting on our behalf: losing it is terminal.
    const running = state === 'started' || state === 'executed';
    let text: string;
    try {
      const response = await send(`${offer.endpoint}/${name}`, {
        method: 'POST',
        headers: {
          authorization: `Bearer ${offer.token}`,
          'content-type': 'application/json',
        },
        body: JSON.stringify({ ...envelope, ...body }),
        signal,
      });
      text = await response.text();
    } catch {
      if (signal.aborted) {
        const cancelled = carrierFailure(CODES.CARRIER_CANCELLED, { step: name });
        return running ? end(cancelled) : { ok: false, failure: cancelled };
      }
      return running
        ? end(carrierFailure(CODES.CARRIER_PROVIDER_EXIT, { step: name }))
        : carrierFailed(CODES.CARRIER_UNREACHABLE, { step: name });
    }
    const answer = readAnswer(text);
    if (!answer.ok) {
      if (TERMINAL.has(answer.failure.code) || running) return end(answer.failure);
      return answer;
    }
    state = ORDER[name].to;
    return answer as CarrierOutcome<CarrierStepResults[S]>;
  }

  return {
    ok: true,
    value: {
      offerId: offer.offerId,
      generation: offer.generation,
      expiresAt: offer.expiresAt,
      get state() {
        return state;
      },
      get failure() {
        return ending;
      },
      probe: (signal) => step('probe', {}, signal),
      async lease(signal) {
        const leased = await step('lease', {}, signal);
        if (leased.ok) leaseId = leased.value.leaseId;
        return leased;
      },
      start: (migration, signal) =>
        step(
          'start',
          { leaseId, tokenId: migration.token.tokenId, capability: migration.token.capability },
          signal,
        ),
      execute: (recipe, signal) => step('execute', { leaseId, recipe }, signal),
      exit: (signal) => step('exit', { leaseId }, signal),
    },
  };
}
