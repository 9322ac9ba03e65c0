// The server name (SNI) a TLS ClientHello carries, read from the first bytes a client sends:
// the record and handshake headers, then the hello's fixed fields, then its extensions.
// Returns null for anything that is not a ClientHello with a host name.
export function tlsServerName(bytes) {
  try {
    if (bytes[0] !== 0x16 || bytes[5] !== 0x01) return null;
    let at = 5 + 4 + 2 + 32; // record header, handshake header, version, random
    at += 1 + bytes[at]; // session id
    at += 2 + bytes.readUInt16BE(at); // cipher suites
    at += 1 + bytes[at]; // compression methods
    const end = at + 2 + bytes.readUInt16BE(at);
    at += 2;
    while (at + 4 <= end) {
      const type = bytes.readUInt16BE(at);
      const length = bytes.readUInt16BE(at + 2);
      // server_name: list length (2), name type (1, 0 = host name), name length (2), name.
      if (type === 0 && bytes[at + 6] === 0)
        return bytes.toString('latin1', at + 9, at + 9 + bytes.readUInt16BE(at + 7));
      at += 4 + length;
    }
  } catch {
    // A truncated hello: no name.
  }
  return null;
}
