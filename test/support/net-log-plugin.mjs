// The `net-log` test command: `{ names }`, the `*.leak.test` host names in Chromium's net log so
// far (scripts/net-log.mjs), null in an engine that writes none (a bare null would read to the
// runner as a command no plugin handles).
import { netLogNames } from '../../scripts/net-log.mjs';

export function netLogPlugin() {
  return {
    name: 'net-log',
    executeCommand({ command }) {
      if (command !== 'net-log') return undefined;
      return { names: netLogNames() };
    },
  };
}
