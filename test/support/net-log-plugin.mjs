// The `net-log` test command: the `*.leak.test` host names in Chromium's net log so far
// (scripts/net-log.mjs), or null in an engine that writes none.
import { netLogNames } from '../../scripts/net-log.mjs';

export function netLogPlugin() {
  return {
    name: 'net-log',
    executeCommand({ command }) {
      if (command !== 'net-log') return undefined;
      return netLogNames();
    },
  };
}
