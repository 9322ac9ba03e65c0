import { expect } from 'chai';
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, mkdirSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { fileURLToPath } from 'node:url';
import { request as httpRequest } from 'node:http';

/**
 * examples/agent-server's own server.mjs, run against this repository's sources, under hostile
 * requests. The model URL points nowhere: every request here is refused before a model call.
 */
const ROOT = resolve(import.meta.dirname, '..', '..');
const DIR = join(ROOT, 'examples', 'agent-server');
const HOOK = fileURLToPath(new URL('../support/example-package-hook.mjs', import.meta.url));

function get(
  url: string,
  path: string,
  init: { method?: string; headers?: Record<string, string>; body?: string } = {},
) {
  return new Promise<number>((done, fail) => {
    const request = httpRequest(
      `${url}${path.slice(1)}`,
      { method: init.method ?? 'GET', headers: init.headers, agent: false },
      (response) => {
        response.resume();
        response.on('end', () => done(response.statusCode ?? 0));
      },
    );
    request.on('error', fail);
    request.end(init.body);
  });
}

describe('examples/agent-server under hostile requests', () => {
  let child: ChildProcess;
  let url = '';
  let output = '';
  let packages = '';
  before(async () => {
    // require.resolve('@context-action/elements/package.json') finds this repository through NODE_PATH.
    packages = mkdtempSync(join(tmpdir(), 'ca-example-'));
    mkdirSync(join(packages, '@context-action'));
    symlinkSync(ROOT, join(packages, '@context-action', 'elements'));
    child = spawn(process.execPath, ['--import', HOOK, '--import', 'tsx', 'server.mjs'], {
      cwd: DIR,
      env: {
        ...process.env,
        NODE_PATH: packages,
        MODEL_BASE_URL: 'http://127.0.0.1:9/v1',
        PORT: '0',
      },
    });
    url = await new Promise<string>((done, fail) => {
      child.stdout!.on('data', (chunk: Buffer) => {
        output += chunk.toString();
        const found = /listening on (\S+)/.exec(output)?.[1];
        if (found) done(found);
      });
      child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
      child.once('exit', (code) => fail(new Error(`server.mjs exited (${code}): ${output}`)));
    });
  });
  after(() => {
    child?.kill();
    rmSync(packages, { recursive: true, force: true });
  });

  it('a path that is not valid percent-encoding is 400 and the process keeps serving', async () => {
    expect(await get(url, '/%C3%28')).to.equal(400);
    expect(child.exitCode).to.equal(null);
    expect(await get(url, '/no-such-file.js')).to.equal(404);
  });

  it('the rate limit keys on the socket: a new X-Forwarded-For per prompt does not reset it', async () => {
    const statuses: number[] = [];
    // An empty body is refused (400) before any model call; the limit answers first past 30.
    for (let i = 0; i < 32; i++)
      statuses.push(
        await get(url, '/api/agent', {
          method: 'POST',
          headers: { 'x-forwarded-for': `203.0.113.${i}` },
          body: '{}',
        }),
      );
    expect(statuses).to.deep.equal([...Array<number>(30).fill(400), 429, 429]);
  });
});

describe('examples/agent-server rateLimit', () => {
  it('drops the windows that ended, so the map holds only the current window', async () => {
    // @ts-expect-error -- the example's plain ESM module has no type declarations
    const { rateLimit } = (await import('../../examples/agent-server/rate-limit.mjs')) as {
      rateLimit(o: object): ((key: string) => number | null) & { size(): number };
    };
    let time = 0;
    const take = rateLimit({ max: 2, windowMs: 1000, now: () => time });
    for (let i = 0; i < 100; i++) take(`client-${i}`);
    expect(take.size()).to.equal(100);
    expect([take('a'), take('a'), take('a')]).to.deep.equal([null, null, 1]);
    time = 1000;
    take('later');
    expect(take.size()).to.equal(1);
  });
});
