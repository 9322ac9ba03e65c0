/**
 * `describe`/`it` for tests that run unchanged in Node (node:test) and in Chromium (mocha under
 * @web/test-runner): the runtime is the same code in both, so its contract tests are too.
 */
type Body = () => unknown;
interface Runner {
  describe(name: string, body: () => void): unknown;
  it(name: string, body: Body): unknown;
  it(name: string, options: { timeout: number }, body: Body): unknown;
  before(body: Body): unknown;
  after(body: Body): unknown;
  beforeEach(body: Body): unknown;
}

const host = globalThis as unknown as Partial<Runner>;
const nodeTest = 'node:test';
const runner: Runner =
  typeof host.describe === 'function' && typeof host.it === 'function'
    ? (host as Runner)
    : ((await import(/* @vite-ignore */ nodeTest)) as Runner);

export const describe = (name: string, body: () => void): void => void runner.describe(name, body);
const mocha = runner === (host as Runner);

/**
 * `timeoutMs` raises the per-test limit for tests that do a fixed, large amount of work (mocha
 * stops a test after 10 s; a loaded machine may need longer for the same work).
 */
export const it = (name: string, body: Body, options: { timeoutMs?: number } = {}): void => {
  if (options.timeoutMs === undefined) return void runner.it(name, body);
  if (mocha)
    return void (runner.it(name, body) as { timeout(ms: number): unknown }).timeout(
      options.timeoutMs,
    );
  return void runner.it(name, { timeout: options.timeoutMs }, body);
};
export const before = (body: Body): void => void runner.before(body);
export const after = (body: Body): void => void runner.after(body);
export const beforeEach = (body: Body): void => void runner.beforeEach(body);
