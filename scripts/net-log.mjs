// Chromium's net log for the browser tests: every request the network stack starts is written
// there as it happens (`--log-net-log`), so a test can look for a host name the network saw,
// not only for the connections that reached its sink. One file per test-runner process.
import { closeSync, existsSync, mkdtempSync, openSync, readSync, rmSync, statSync } from 'node:fs';
import { Buffer } from 'node:buffer';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

let file;

/** The file this process's Chromium writes its net log to. */
export function netLogFile() {
  if (file) return file;
  const dir = mkdtempSync(join(tmpdir(), 'ca-net-log-'));
  // The log grows with the whole run: it goes with the process.
  process.once('exit', () => rmSync(dir, { recursive: true, force: true }));
  file = join(dir, 'net-log.json');
  return file;
}

// A host the network stack handled: in a URL or a host field (not one percent-encoded in a query).
const NAME = /(?:\/\/|"host":")([a-z0-9.-]+\.leak\.test)/g;
// A name cut at the end of one read is found whole in the next: each read starts this far back.
const OVERLAP = 300;
let offset = 0;
const seen = new Set();

/** Every `*.leak.test` host name in the net log so far, or null where no net log is written. */
export function netLogNames() {
  if (!file || !existsSync(file)) return null;
  const size = statSync(file).size;
  if (size > offset) {
    const start = Math.max(0, offset - OVERLAP);
    const buffer = Buffer.alloc(size - start);
    const fd = openSync(file, 'r');
    try {
      readSync(fd, buffer, 0, buffer.length, start);
    } finally {
      closeSync(fd);
    }
    for (const [, name] of buffer.toString('latin1').matchAll(NAME)) seen.add(name);
    offset = size;
  }
  return [...seen];
}
