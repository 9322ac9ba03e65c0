import { expect } from 'chai';
import {
  createServiceRoute,
  TOOL_CALL_ERROR_CODES as CODES,
  type Outcome,
  type ServiceAdmissionRef,
} from '../../../src/runtime/index.js';
import { describe, it } from '../../support/spec.js';

const expected = {
  workload: 'folder-save',
  tool: 'workspace.saveAll',
  descriptorDigest: 'd1',
  recipeDigest: 'r1',
  codeDigest: 'c1',
  browser: 'firefox',
  backend: 'host-companion',
};
const admission: ServiceAdmissionRef = {
  ...expected,
  sample: { frames: 300, correct: true, p95Ms: 4 },
  threshold: { maxP95Ms: 16 },
  cleanup: { resources: { temporaryFiles: 0 } },
  eviction: { idleMs: 60_000 },
};
const signal = new AbortController().signal;

function setup() {
  const calls: string[] = [];
  const route = createServiceRoute<{ n: number }, string>({
    expected,
    privateExecutor: async ({ n }) => {
      calls.push(`private:${n}`);
      return { ok: true, value: `private ${n}` };
    },
  });
  const service =
    (answer: Outcome<string>) =>
    async ({ n }: { n: number }) => {
      calls.push(`service:${n}`);
      return answer;
    };
  return { calls, route, service };
}

describe('private executor (T5)', () => {
  it('T5 uses the private executor while admission is absent', async () => {
    const { calls, route } = setup();
    expect(route.route).to.equal('private');
    expect(await route.run({ n: 1 }, signal)).to.deep.equal({
      route: 'private',
      outcome: { ok: true, value: 'private 1' },
    });
    expect(calls).to.deep.equal(['private:1']);
  });

  it('T5 a mismatched admission is tool-service-capability-absent and keeps the private executor', async () => {
    const { calls, route, service } = setup();
    const admitted = route.admit(
      { ...admission, backend: 'other' },
      service({ ok: true, value: 's' }),
    );
    expect(!admitted.ok && admitted.error.code).to.equal(CODES.TOOL_SERVICE_CAPABILITY_ABSENT);
    expect(!admitted.ok && admitted.error.details?.failed).to.deep.equal(['backend']);
    expect((await route.run({ n: 2 }, signal)).route).to.equal('private');
    expect(calls).to.deep.equal(['private:2']);
  });

  it('T5 an admitted service runs the call; once deleted the private executor is back', async () => {
    const { calls, route, service } = setup();
    expect(route.admit(admission, service({ ok: true, value: 'service' })).ok).to.equal(true);
    expect((await route.run({ n: 3 }, signal)).route).to.equal('service');
    route.delete();
    expect((await route.run({ n: 4 }, signal)).route).to.equal('private');
    expect(calls).to.deep.equal(['service:3', 'private:4']);
  });

  it('T5 a service failure is reported as is and never repeated through the private executor', async () => {
    const { calls, route, service } = setup();
    const failure = { code: 'carrier-provider-exit', message: 'gone', retryable: false };
    route.admit(admission, service({ ok: false, error: failure }));
    const ran = await route.run({ n: 5 }, signal);
    expect(ran).to.deep.equal({ route: 'service', outcome: { ok: false, error: failure } });
    expect(calls).to.deep.equal(['service:5']);
  });
});
