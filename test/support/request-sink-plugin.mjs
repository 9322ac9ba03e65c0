// A @web/test-runner plugin: servers on 127.0.0.1 that count every request preview documents
// manage to send out — HTTP requests (fetch, images, navigations, forms), UDP datagrams (STUN)
// TCP connections (TURN over TCP or TLS) and, at a raw TCP sink, the TLS server names (SNI) of
// connections to `*.leak.test` (the browser's resolver rule maps that domain to loopback,
// standing in for an attacker's DNS: a host name carries data out). Under /module/ the HTTP
// sink answers a small ES module, for the import map tests. Browser tests read
// and reset the counts with `executeServerCommand('request-sink', { reset })`.
//
// Each test file (its browser session) gets servers of its own on first use: files run side by
// side, and one file's deliberate control traffic (an unguarded page's STUN) or its reset must
// never land in, or wipe, another file's count.
import dgram from 'node:dgram';
import http from 'node:http';
import net from 'node:net';
import { tlsServerName } from './tls-server-name.mjs';

const listen = (server, ...args) =>
  new Promise((resolve) => server.listen(0, '127.0.0.1', ...args, resolve));

/** One set of sink servers and what they have counted. */
async function startSink() {
  const counts = { http: [], udp: 0, tcp: 0, names: [] };
  const web = http.createServer((request, response) => {
    counts.http.push(`${request.method} ${request.url}`.slice(0, 200));
    response.setHeader('access-control-allow-origin', '*');
    // A module for the import map tests: it says where it was loaded from.
    if (request.url.startsWith('/module/')) {
      response.setHeader('content-type', 'text/javascript');
      return response.end(`export default ${JSON.stringify(`served ${request.url}`)};\n`);
    }
    response.end('sink');
  });
  const udp = dgram.createSocket('udp4');
  udp.on('message', () => (counts.udp += 1));
  const tcp = net.createServer((socket) => {
    counts.tcp += 1;
    socket.destroy();
  });
  // Reads the ClientHello and closes: the handshake never completes, the name is already out.
  const tls = net.createServer((socket) => {
    socket.once('data', (bytes) => {
      counts.names.push(tlsServerName(bytes) ?? '(no server name)');
      socket.destroy();
    });
    socket.on('error', () => {});
  });
  await listen(web);
  await listen(tls);
  await new Promise((resolve) => udp.bind(0, '127.0.0.1', resolve));
  await listen(tcp);
  return {
    counts,
    ports: {
      http: web.address().port,
      udp: udp.address().port,
      tcp: tcp.address().port,
      tls: tls.address().port,
    },
    close: () => {
      web.close();
      tcp.close();
      tls.close();
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
      const snapshot = {
        ports,
        http: [...counts.http],
        udp: counts.udp,
        tcp: counts.tcp,
        names: [...counts.names],
      };
      if (payload?.reset) {
        counts.http.length = 0;
        counts.udp = 0;
        counts.tcp = 0;
        counts.names.length = 0;
      }
      return snapshot;
    },
  };
}
