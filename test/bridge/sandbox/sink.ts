/** The loopback request sink (test/support/request-sink-plugin.mjs) as the browser sees it. */
import { executeServerCommand } from '@web/test-runner-commands';
import type { SinkCounts } from './sink-urls.js';

export { sinkUrls, type SinkCounts } from './sink-urls.js';

/** The counts so far; `reset` starts a new count after reading. */
export const readSink = (reset = false): Promise<SinkCounts> =>
  executeServerCommand<SinkCounts, { reset: boolean }>('request-sink', { reset });

/** Waits long enough for anything a page started to reach the sink, then reads it. */
export async function settleSink(ms = 300): Promise<SinkCounts> {
  await new Promise((resolve) => setTimeout(resolve, ms));
  return readSink(true);
}

/**
 * The host names in Chromium's net log that start with `label` (a vector's, and the loop's
 * numbered ones), or null in an engine that writes none.
 */
export async function netLogNamesOf(label: string): Promise<string[] | null> {
  const { names } = await executeServerCommand<{ names: string[] | null }, undefined>('net-log');
  return names && names.filter((name) => name.startsWith(label));
}
