// WebKitGTK has no host-resolver rule, so the preview tests' stand-in for an attacker's DNS
// (`*.leak.test` resolves to loopback, see scripts/system.mjs) is a SOCKS5 proxy on loopback:
// the browser hands it the host name unresolved, and a connection to `<name>.leak.test:<port>`
// is joined to 127.0.0.1:<port>, where the TLS sink reads the name from the ClientHello as it
// would behind the resolver rule. Every other destination is refused: nothing leaves the machine.
import { Buffer } from 'node:buffer';
import net from 'node:net';

const LEAK_TEST = /^[a-z0-9-]+(\.[a-z0-9-]+)*\.leak\.test$/i;
const VERSION = 5;
const NO_AUTHENTICATION = 0;
const CONNECT = 1;
const DOMAIN_NAME = 3;
const SUCCEEDED = Buffer.from([VERSION, 0, 0, 1, 0, 0, 0, 0, 0, 0]);
const NOT_ALLOWED = Buffer.from([VERSION, 2, 0, 1, 0, 0, 0, 0, 0, 0]);

/**
 * The destination host and port of a complete SOCKS5 CONNECT request, `null` for any other
 * complete request, `undefined` while more bytes are needed.
 */
function destinationOf(request) {
  if (request.length < 5) return undefined;
  if (request[0] !== VERSION || request[1] !== CONNECT || request[3] !== DOMAIN_NAME) return null;
  const end = 5 + request[4] + 2;
  if (request.length < end) return undefined;
  return {
    host: request.subarray(5, end - 2).toString('latin1'),
    port: request.readUInt16BE(end - 2),
    rest: request.subarray(end),
  };
}

/** Starts the proxy; resolves to its port and a `close()`. */
export async function startLeakTestProxy() {
  const sockets = new Set();
  const track = (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    socket.on('error', () => socket.destroy());
  };
  const server = net.createServer((client) => {
    track(client);
    let greeted = false;
    let bytes = Buffer.alloc(0);
    const onData = (chunk) => {
      bytes = Buffer.concat([bytes, chunk]);
      if (!greeted) {
        // Version, method count, methods: this proxy asks for no authentication.
        if (bytes.length < 2 || bytes.length < 2 + bytes[1]) return;
        if (bytes[0] !== VERSION) return void client.destroy();
        bytes = bytes.subarray(2 + bytes[1]);
        greeted = true;
        client.write(Buffer.from([VERSION, NO_AUTHENTICATION]));
      }
      const destination = destinationOf(bytes);
      if (destination === undefined) return;
      client.off('data', onData);
      if (destination === null || !LEAK_TEST.test(destination.host)) {
        client.end(NOT_ALLOWED);
        return;
      }
      const upstream = net.connect(destination.port, '127.0.0.1', () => {
        client.write(SUCCEEDED);
        if (destination.rest.length > 0) upstream.write(destination.rest);
        client.pipe(upstream).pipe(client);
      });
      track(upstream);
      upstream.on('close', () => client.destroy());
    };
    client.on('data', onData);
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  // The test runner's exit is what ends it: it never holds the process open on its own.
  server.unref();
  return {
    port: server.address().port,
    close: () => {
      for (const socket of sockets) socket.destroy();
      server.close();
    },
  };
}
