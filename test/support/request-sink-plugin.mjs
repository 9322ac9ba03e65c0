// A @web/test-runner plugin: servers on 127.0.0.1 that count every request preview documents
// manage to send out — HTTP requests (fetch, images, navigations, forms), UDP datagrams (STUN)
// and TCP connections (TURN over TCP or TLS, whose SNI would carry data). Browser tests read
// and reset the counts with `executeServerCommand('request-sink', { reset })`.
import dgram from 'node:dgram';
import http from 'node:http';
import net from 'node:net';

const listen = (server, ...args) =>
  new Promise((resolve) => server.listen(0, '127.0.0.1', ...args, resolve));

export function requestSinkPlugin() {
  const counts = { http: [], udp: 0, tcp: 0 };
  let ports;
  const servers = [];
  return {
    name: 'request-sink',
    async serverStart() {
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
      servers.push(web, tcp);
      servers.push({ close: () => udp.close() });
      ports = { http: web.address().port, udp: udp.address().port, tcp: tcp.address().port };
    },
    async serverStop() {
      for (const server of servers) server.close();
    },
    executeCommand({ command, payload }) {
      if (command !== 'request-sink') return undefined;
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
