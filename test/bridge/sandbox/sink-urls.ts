/** The loopback request sink's counts and the addresses hostile pages aim at. */
export interface SinkCounts {
  ports: { http: number; udp: number; tcp: number; tls: number };
  /** Each HTTP request as "METHOD /path". */
  http: string[];
  udp: number;
  tcp: number;
  /** The TLS server names that reached the raw TCP sink, in order. */
  names: string[];
}

/** Every way out a hostile page may try, as text to put in its scripts. */
export function sinkUrls(ports: SinkCounts['ports']) {
  return {
    http: `http://127.0.0.1:${ports.http}`,
    stun: `stun:127.0.0.1:${ports.udp}`,
    turn: `turns:127.0.0.1:${ports.tcp}?transport=tcp`,
    /** An https URL whose host name carries `label` (the resolver maps `*.leak.test` here). */
    named: (label: string) => `https://${label}.leak.test:${ports.tls}/`,
  };
}
