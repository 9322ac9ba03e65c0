/**
 * One carrier run end to end: lease → start → execute → exit. The first failure is the answer;
 * once start succeeded, exit is still attempted so the host can release the lease, but a
 * provider exit is never retried and never routed elsewhere.
 */
import type { ProbedMigration } from '../migration/capability-token.js';
import type { MigrationRecipe } from '../migration/recipe.js';
import type { ToolCleanupReport } from '../protocol/types.js';
import { CARRIER_FAILURE_CODES as CODES, carrierFailed, type CarrierOutcome } from './failures.js';
import type { CarrierExecution } from './protocol.js';
import type { CarrierTransport } from './transport.js';

/** A finished carrier run: the execution and the host's cleanup report. */
export interface CarrierRun extends CarrierExecution {
  cleanup: ToolCleanupReport;
}

/**
 * Runs one recipe through a carrier transport, lease to exit, and answers with the first failure if
 * any.
 */
export async function runCarrierRecipe(
  transport: CarrierTransport,
  migration: ProbedMigration,
  recipe: MigrationRecipe,
  signal: AbortSignal,
): Promise<CarrierOutcome<CarrierRun>> {
  const leased = await transport.lease(signal);
  if (!leased.ok) return leased;
  const started = await transport.start(migration, signal);
  if (!started.ok) {
    if (transport.state === 'leased') await transport.exit(signal);
    return started;
  }
  const executed = await transport.execute(recipe, signal);
  if (!executed.ok) return executed;
  const exited = await transport.exit(signal);
  if (!exited.ok) return exited;
  const { cleanup } = exited.value;
  // A census the host reports as non-zero is a cleanup failure even if the host let it pass.
  if (Object.values(cleanup.resources).some((count) => count !== 0))
    return carrierFailed(CODES.CARRIER_CLEANUP_FAILED, {
      resources: cleanup.resources,
      safeSnapshot: recipe.snapshot,
    });
  return { ok: true, value: { ...executed.value, cleanup } };
}
