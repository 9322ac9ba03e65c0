// What the test runner's server-side command plugins share: a table of commands by name, each
// given its payload, and the child processes they started, stopped with the runner.
import { once } from 'node:events';

/** A plugin answering `commands`; `stop()` runs when the runner's server stops. */
export const commandPlugin = (name, commands, stop) => ({
  name,
  async executeCommand({ command, payload }) {
    return Object.hasOwn(commands, command) ? commands[command](payload) : undefined;
  },
  serverStop: stop,
});

/** Ends `child` with `signal` and resolves once it has exited (at once if it already has). */
export async function stopChild(child, signal = 'SIGTERM') {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = once(child, 'exit');
  child.kill(signal);
  await exited;
}
