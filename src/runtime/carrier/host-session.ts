/**
 * A connection to a host companion, as the studio uses it: the offer is checked against the
 * contract this build speaks, the host is probed, a capability token for `workspace.saveAll`
 * is issued and `probeMigrationTarget` must pass before any recipe is built. Each tool call is
 * one carrier run on a fresh transport. A terminal failure ends the session: it is reported
 * once, and every later call is `carrier-exited` until a fresh offer makes a new session.
 */
import {
  createCapabilityToken,
  probeMigrationTarget,
  type ProbedMigration,
} from '../migration/capability-token.js';
import { createMigrationRecipe } from '../migration/recipe.js';
import type { Outcome } from '../protocol/errors.js';
import type { SnapshotRef } from '../protocol/types.js';
import {
  CARRIER_FAILURE_CODES as CODES,
  CARRIER_FRESH_OFFER_CODES,
  carrierFailed,
  carrierToolError,
  type CarrierFailure,
  type CarrierOutcome,
} from './failures.js';
import {
  describeHostContract,
  HOST_CAPABILITY,
  type HostToolArguments,
  type HostToolName,
} from './host-tools.js';
import type { CarrierProbe } from './protocol.js';
import { runCarrierRecipe, type CarrierRun } from './run.js';
import { createAuthenticatedCarrierTransport, type CarrierTransportOptions } from './transport.js';

/** A checked connection to a host companion; each host tool call through it is one carrier run. */
export interface HostCompanionSession {
  readonly probe: CarrierProbe;
  readonly migration: ProbedMigration;
  readonly generation: number;
  readonly expiresAt: number;
  /** The failure that ended this session, if one did. */
  readonly ended: CarrierFailure | null;
  run<N extends HostToolName>(
    tool: N,
    args: HostToolArguments<N>,
    snapshot: SnapshotRef,
    signal: AbortSignal,
  ): Promise<CarrierOutcome<CarrierRun>>;
}

/** Who connects to the host companion, and the fetch, clock and signal to use. */
export interface HostCompanionOptions extends Pick<CarrierTransportOptions, 'fetch' | 'now'> {
  /** Who migrates: the studio runtime's id, recorded in the capability token. */
  sourceId: string;
  signal?: AbortSignal;
}

/**
 * Checks a host companion's offer, probes the host and prepares the migration before any call runs.
 */
export async function connectHostCompanion(
  offer: unknown,
  options: HostCompanionOptions,
): Promise<Outcome<HostCompanionSession>> {
  const signal = options.signal ?? new AbortController().signal;
  const contract = await describeHostContract();
  const transportOptions: CarrierTransportOptions = {
    expected: { descriptorDigest: contract.descriptorDigest, recipeDigest: contract.recipeDigest },
    ...(options.fetch ? { fetch: options.fetch } : {}),
    ...(options.now ? { now: options.now } : {}),
  };
  const opened = createAuthenticatedCarrierTransport(offer, transportOptions);
  if (!opened.ok) return { ok: false, error: carrierToolError(opened.failure) };
  const probed = await opened.value.probe(signal);
  if (!probed.ok) return { ok: false, error: carrierToolError(probed.failure) };
  const token = createCapabilityToken({
    capability: HOST_CAPABILITY,
    source: { realm: 'browser', id: options.sourceId },
    target: { realm: 'host' },
    probes: Object.entries(contract.tools).map(([tool, descriptorDigest]) => ({
      tool,
      descriptorDigest,
    })),
  });
  if (!token.ok) return token;
  const migration = await probeMigrationTarget(
    token.value,
    { probe: async () => ({ ok: true, value: probed.value }) },
    signal,
  );
  if (!migration.ok) return migration;
  let ended: CarrierFailure | null = null;
  const { generation, expiresAt } = opened.value;
  return {
    ok: true,
    value: {
      probe: probed.value,
      migration: migration.value,
      generation,
      expiresAt,
      get ended() {
        return ended;
      },
      async run(tool, args, snapshot, runSignal) {
        if (ended) return carrierFailed(CODES.CARRIER_EXITED, { after: ended.code });
        const recipe = createMigrationRecipe(migration.value, {
          tool,
          arguments: args as Record<string, unknown>,
          snapshot,
        });
        if (!recipe.ok)
          return carrierFailed(CODES.CARRIER_REQUEST_INVALID, {
            code: recipe.error.code,
            ...recipe.error.details,
          });
        const transport = createAuthenticatedCarrierTransport(offer, transportOptions);
        const ran = transport.ok
          ? await runCarrierRecipe(transport.value, migration.value, recipe.value, runSignal)
          : transport;
        if (!ran.ok && CARRIER_FRESH_OFFER_CODES.has(ran.failure.code)) ended = ran.failure;
        return ran;
      },
    },
  };
}
