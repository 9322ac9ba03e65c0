/**
 * `describe`/`it` for tests that run unchanged in Node (node:test) and in Chromium (mocha under
 * @web/test-runner): the runtime is the same code in both, so its contract tests are too.
 */
type Body = () => unknown;
interface Runner {
  describe(name: string, body: () => void): unknown;
  it(name: string, body: Body): unknown;
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
export const it = (name: string, body: Body): void => void runner.it(name, body);
export const before = (body: Body): void => void runner.before(body);
export const after = (body: Body): void => void runner.after(body);
export const beforeEach = (body: Body): void => void runner.beforeEach(body);
