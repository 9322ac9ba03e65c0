/** The loopback request sink (test/support/request-sink-plugin.mjs) as the browser sees it. */
import { executeServerCommand } from '@web/test-runner-commands';

export interface SinkCounts {
  ports: { http: number; udp: number; tcp: number };
  /** Each HTTP request as "METHOD /path". */
  http: string[];
  udp: number;
  tcp: number;
}

/** The counts so far; `reset` starts a new count after reading. */
export const readSink = (reset = false): Promise<SinkCounts> =>
  executeServerCommand<SinkCounts, { reset: boolean }>('request-sink', { reset });

/** Every way out a hostile page may try, as text to put in its scripts. */
export function sinkUrls(ports: SinkCounts['ports']) {
  return {
    http: `http://127.0.0.1:${ports.http}`,
    stun: `stun:127.0.0.1:${ports.udp}`,
    turn: `turns:127.0.0.1:${ports.tcp}?transport=tcp`,
  };
}

/** Waits long enough for anything a page started to reach the sink, then reads it. */
export async function settleSink(ms = 300): Promise<SinkCounts> {
  await new Promise((resolve) => setTimeout(resolve, ms));
  return readSink(true);
}
