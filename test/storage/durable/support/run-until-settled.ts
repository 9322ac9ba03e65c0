/**
 * The race step every contender takes: run one key through the side-effect runner, retrying
 * while another owner holds the lease, and tally how the attempt ended.
 */
import type { createDurableSideEffectRunner } from '../../../../src/runtime/durable/index.js';

export interface RaceTally {
  replayed: number;
  pendingRetries: number;
  errors: string[];
}

export async function runUntilSettled(
  runner: ReturnType<typeof createDurableSideEffectRunner>,
  key: string,
  ownerId: string,
  onExecute: () => Promise<void> | void,
  tally: RaceTally,
  backoffMs: number,
): Promise<void> {
  for (;;) {
    const result = await runner.run({
      key,
      fingerprint: 'same-request',
      execute: async () => {
        await onExecute();
        return { state: 'completed', result: { by: ownerId } };
      },
    });
    if (result.ok) {
      if (result.value.replayed) tally.replayed += 1;
      return;
    }
    if (result.error.code !== 'DURABLE_OPERATION_PENDING') {
      const { code, message, details } = result.error;
      tally.errors.push(`${key}: ${code} ${message} ${JSON.stringify(details ?? {})}`);
      return;
    }
    tally.pendingRetries += 1;
    await new Promise((resolve) => setTimeout(resolve, backoffMs));
  }
}
