/** Starts collaboration server processes and connects Hocuspocus clients to them, on loopback. */
import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { HocuspocusProvider } from '@hocuspocus/provider';
import WebSocket from 'ws';
import * as Y from 'yjs';

const started = new Set<ChildProcess>();

/** A server process; resolves once it listens, with its port. */
export async function startServerProcess(env: Record<string, string>) {
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', 'test/bridge/collab-server/support/server-process.ts'],
    { env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] },
  );
  started.add(child);
  child.once('exit', () => started.delete(child));
  let output = '';
  child.stderr!.on('data', (chunk: Buffer) => (output += chunk));
  const port = await new Promise<number>((resolve, reject) => {
    child.stdout!.on('data', (chunk: Buffer) => {
      const match = /ready (\d+)/.exec(String(chunk));
      if (match) resolve(Number(match[1]));
    });
    child.once('exit', (code) => reject(new Error(`server exited (${code}): ${output}`)));
  });
  return { child, port, url: `ws://127.0.0.1:${port}` };
}

/** Stops a server process: `SIGKILL` for a crash, `SIGTERM` for an orderly close. */
export async function stopServerProcess(child: ChildProcess, signal: NodeJS.Signals = 'SIGTERM') {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = once(child, 'exit');
  child.kill(signal);
  await exited;
}

/** Kills every server process a test left running. */
export async function stopAllServerProcesses() {
  await Promise.all([...started].map((child) => stopServerProcess(child, 'SIGKILL')));
}

/** A client of one room: its document, and the reasons it was refused or closed with. */
export function connect(url: string, room: string, token: string) {
  const doc = new Y.Doc();
  const refusals: string[] = [];
  const closes: Array<{ code: number; reason: string }> = [];
  const provider = new HocuspocusProvider({
    url,
    name: room,
    document: doc,
    token,
    WebSocketPolyfill: WebSocket,
    // Reconnect quickly and for as long as the test waits: a restarted server is back in ms.
    delay: 50,
    minDelay: 50,
    maxDelay: 200,
    onAuthenticationFailed: ({ reason }) => refusals.push(reason),
    onClose: ({ event }) => closes.push({ code: event.code, reason: String(event.reason) }),
  } as ConstructorParameters<typeof HocuspocusProvider>[0]);
  return { doc, provider, refusals, closes };
}

/** Waits until `condition` holds, checking every 20 ms, for at most `ms`. */
export async function until(condition: () => boolean, ms = 10_000, what = 'the condition') {
  const end = Date.now() + ms;
  while (!condition()) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}
