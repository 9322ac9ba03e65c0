// Remote-edit latency and server memory of the collaboration server, on loopback, against a real
// server process (the one the tests start, test/bridge/collab-server/support/server-process.ts):
//
// 1. Latency: in one room, one client writes a file through `applyWorkspaceChanges` (what a
//    studio's sync does), another waits for it; interleaved with a bare `Y.Map` set of one key
//    between the same two clients, the floor Yjs and the provider set. p50 and p99 of each, and
//    their ratio. Edits are paced under the server's 100 updates a second per connection.
// 2. A soak: CLIENTS clients in one room each type into the same file for SOAK_SECONDS; every
//    client must end with the same text holding every letter typed.
// 3. Memory: the server's resident memory before and after ROOMS rooms each open a workspace of
//    about 20 kB, per room.
//
//   npm run bench:collab                 (CLIENTS=20 SOAK_SECONDS=60 ROOMS=50 EDITS=300 by default)
import { readFileSync } from 'node:fs';
import { performance } from 'node:perf_hooks';
import * as Y from 'yjs';
import {
  connect,
  startServerProcess,
  stopAllServerProcesses,
  until,
} from '../test/bridge/collab-server/support/clients.js';
import { applyWorkspaceChanges, readWorkspaceDoc } from '../src/runtime/collab/index.js';

const env = process.env;
const EDITS = Number(env['EDITS'] ?? 300);
const CLIENTS = Number(env['CLIENTS'] ?? 20);
const SOAK_SECONDS = Number(env['SOAK_SECONDS'] ?? 60);
const ROOMS = Number(env['ROOMS'] ?? 50);
const TOKEN = 'bench';

// The server lets one connection send 100 updates a second; each edit waits past that pace.
const pace = () => new Promise((resolve) => setTimeout(resolve, 12));
const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
};
const ms = (value: number) => `${value.toFixed(2)} ms`;
const rssKb = (pid: number) =>
  Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? NaN);
const textOf = (doc: Y.Doc, path: string) => {
  const file = [...readWorkspaceDoc(doc).values()].find((entry) => entry.path === path);
  return file?.kind === 'text' ? file.text : undefined;
};
/** Resolves at the first update `doc` receives after this call that makes `check` true. */
const arrival = (doc: Y.Doc, check: () => boolean) =>
  new Promise<number>((resolve) => {
    const seen = () => {
      if (!check()) return;
      doc.off('update', seen);
      resolve(performance.now());
    };
    doc.on('update', seen);
  });

const server = await startServerProcess({ COLLAB_TOKEN: TOKEN });
const synced = (client: ReturnType<typeof connect>) => until(() => client.provider.synced);

// 1. Latency, interleaved.
const writer = connect(server.url, 'latency', TOKEN);
const reader = connect(server.url, 'latency', TOKEN);
await Promise.all([synced(writer), synced(reader)]);
const workspace: number[] = [];
const bare: number[] = [];
let text = '<h1>Hi</h1>';
for (let i = 0; i < EDITS; i += 1) {
  text += String.fromCharCode(97 + (i % 26));
  const expected = text;
  const landed = arrival(reader.doc, () => textOf(reader.doc, 'index.html') === expected);
  const start = performance.now();
  applyWorkspaceChanges(writer.doc, [{ type: 'write', path: 'index.html', kind: 'text', text }]);
  workspace.push((await landed) - start);
  await pace();

  const mapLanded = arrival(reader.doc, () => reader.doc.getMap('meta').get('bench') === i);
  const mapStart = performance.now();
  writer.doc.getMap('meta').set('bench', i);
  bare.push((await mapLanded) - mapStart);
  await pace();
}
writer.provider.destroy();
reader.provider.destroy();
const row = (label: string, values: number[]) =>
  console.log(`| ${label} | ${ms(percentile(values, 50))} | ${ms(percentile(values, 99))} |`);
console.log(`Remote-edit latency, ${EDITS} edits each, interleaved, loopback:\n`);
console.log('| edit | p50 | p99 |\n| --- | ---: | ---: |');
row('a file written through applyWorkspaceChanges', workspace);
row('bare Y.Map set (floor)', bare);
console.log(
  `\nratio to the floor: p50 ${(percentile(workspace, 50) / percentile(bare, 50)).toFixed(2)}×, p99 ${(percentile(workspace, 99) / percentile(bare, 99)).toFixed(2)}×`,
);

// 2. Soak: every client types its own letters into one file; all must converge on all of them.
const soak = Array.from({ length: CLIENTS }, () => connect(server.url, 'soak', TOKEN));
await Promise.all(soak.map(synced));
applyWorkspaceChanges(soak[0]!.doc, [{ type: 'write', path: 'a.txt', kind: 'text', text: '' }]);
await until(() => soak.every((client) => textOf(client.doc, 'a.txt') !== undefined));
const typed = soak.map(() => 0);
const end = performance.now() + SOAK_SECONDS * 1000;
while (performance.now() < end) {
  soak.forEach((client, index) => {
    const now = textOf(client.doc, 'a.txt') ?? '';
    const at = Math.floor(Math.random() * (now.length + 1));
    const letter = String.fromCharCode(65 + (index % 26));
    const next = `${now.slice(0, at)}${letter}${now.slice(at)}`;
    applyWorkspaceChanges(client.doc, [{ type: 'write', path: 'a.txt', kind: 'text', text: next }]);
    typed[index]! += 1;
  });
  // Ten keystrokes a second per client.
  await new Promise((resolve) => setTimeout(resolve, 100));
}
const total = typed.reduce((a, b) => a + b, 0);
const settleStart = performance.now();
await until(
  () => soak.every((client) => (textOf(client.doc, 'a.txt') ?? '').length === total),
  60_000,
  'every letter on every client',
);
const final = textOf(soak[0]!.doc, 'a.txt');
const converged = soak.every((client) => textOf(client.doc, 'a.txt') === final);
console.log(
  `\nSoak: ${CLIENTS} clients typing ${SOAK_SECONDS} s, ${total} letters: ${converged ? 'all converged' : 'DIVERGED'} on ${final?.length} letters, ${ms(performance.now() - settleStart)} after the last`,
);
for (const client of soak) client.provider.destroy();
if (!converged) process.exitCode = 1;

// 3. Memory per open room.
const before = rssKb(server.child.pid!);
const files = Array.from({ length: 10 }, (_, i) => ({
  type: 'write' as const,
  path: `file-${i}.html`,
  kind: 'text' as const,
  text: `<p>${'lorem ipsum '.repeat(170)}</p>`,
}));
const rooms = Array.from({ length: ROOMS }, (_, i) => connect(server.url, `memory-${i}`, TOKEN));
await Promise.all(rooms.map(synced));
for (const room of rooms) applyWorkspaceChanges(room.doc, files);
await until(() => rooms.every((room) => !room.provider.hasUnsyncedChanges), 30_000);
const after = rssKb(server.child.pid!);
const bytes = Y.encodeStateAsUpdate(rooms[0]!.doc).length;
console.log(
  `\nServer memory: ${ROOMS} rooms of ${(bytes / 1000).toFixed(1)} kB each (encoded): ${((after - before) / ROOMS).toFixed(0)} KiB resident per room (${(before / 1024).toFixed(1)} → ${(after / 1024).toFixed(1)} MiB)`,
);
for (const room of rooms) room.provider.destroy();
await stopAllServerProcesses();
