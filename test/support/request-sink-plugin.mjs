// A @web/test-runner plugin: servers on 127.0.0.1 that count every request preview documents
// manage to send out — HTTP requests (fetch, images, navigations, forms), UDP datagrams (STUN)
// and TCP connections (TURN over TCP or TLS, whose SNI would carry data). Browser tests read
// and reset the counts with `executeServerCommand('request-sink', { reset })`.
//
// Each test file (its browser session) gets servers of its own on first use: files run side by
// side, and one file's deliberate control traffic (an unguarded page's STUN) or its reset must
// never land in, or wipe, another file's count.
import dgram from 'node:dgram';
import http from 'node:http';
import net from 'node:net';

const listen = (server, ...args) =>
  new Promise((resolve) => server.listen(0, '127.0.0.1', ...args, resolve));

/** One set of sink servers and what they have counted. */
async function startSink() {
  const counts = { http: [], udp: 0, tcp: 0 };
  const web = http.createServer((request, response) => {
    counts.http.push(`${request.method} ${request.url}`.slice(0, 200));
    response.setHeader('access-control-allow-origin', '*');
    response.end('sink');
  });
  const udp = dgram.createSocket('udp4');
  udp.on('message', () => (counts.udp += 1));
  const tcp = net.createServer((socket) => {
    counts.tcp += 1;
    socket.destroy();
  });
  await listen(web);
  await new Promise((resolve) => udp.bind(0, '127.0.0.1', resolve));
  await listen(tcp);
  return {
    counts,
    ports: { http: web.address().port, udp: udp.address().port, tcp: tcp.address().port },
    close: () => {
      web.close();
      tcp.close();
      udp.close();
    },
  };
}

export function requestSinkPlugin() {
  /** By browser session id: one test file each. */
  const sinks = new Map();
  return {
    name: 'request-sink',
    async serverStop() {
      for (const sink of sinks.values()) (await sink).close();
    },
    async executeCommand({ command, payload, session }) {
      if (command !== 'request-sink') return undefined;
      if (!sinks.has(session.id)) sinks.set(session.id, startSink());
      const { counts, ports } = await sinks.get(session.id);
      const snapshot = { ports, http: [...counts.http], udp: counts.udp, tcp: counts.tcp };
      if (payload?.reset) {
        counts.http.length = 0;
        counts.udp = 0;
        counts.tcp = 0;
      }
      return snapshot;
    },
  };
}
