import type { StudioRuntime } from '../../src/composition/studio-runtime.js';
import { waitFor } from './wait.js';

/** Waits until the agent has ended its `runs`-th run (counted in the trace) with `status`. */
export const runEnded = (runtime: StudioRuntime, runs: number, status: string) =>
  waitFor(() => {
    const { running, lastRun } = runtime.agent.getSnapshot();
    const done = runtime.trace.getSnapshot().filter((row) => row.method === 'agent.request');
    return !running && done.length === runs && lastRun?.status === status;
  }, `run ${runs} ${status}`);
