import { expect } from 'chai';
import * as z from 'zod';
import {
  createServiceCapability,
  createToolRegistry,
  defineTool,
  defineToolCapability,
  TOOL_CALL_ERROR_CODES as CODES,
  type ServiceAdmissionRef,
  callAsPerson,
} from '../../../src/runtime/index.js';
import { describe, it } from '../../support/spec.js';

interface Renderer {
  render(): string;
}
const renderer = defineToolCapability<Renderer>('test.renderer');
const expected = {
  workload: 'preview-thumbnails',
  tool: 'preview.thumbnail',
  descriptorDigest: 'd1',
  recipeDigest: 'r1',
  codeDigest: 'c1',
  browser: 'chromium-156',
  backend: 'canvas2d',
};
const admission: ServiceAdmissionRef = {
  ...expected,
  sample: { frames: 300, correct: true, p95Ms: 8 },
  threshold: { maxP95Ms: 16 },
  cleanup: { resources: { canvases: 0 } },
  eviction: { idleMs: 30_000 },
};

describe('service capability (T5)', () => {
  it('T5 a complete, matching admission report provides the service through context.require', async () => {
    const admitted = createServiceCapability(renderer, expected, admission, {
      render: () => 'fast',
    });
    expect(admitted.ok).to.equal(true);
    const tool = defineTool(
      {
        name: 'preview.thumbnail',
        description: 'Renders.',
        inputSchema: z.object({}),
        capabilities: [renderer],
      },
      (_args, context) => {
        const service = context.require(renderer);
        return service.ok ? { structuredContent: { by: service.value.render() } } : service;
      },
    );
    const registry = createToolRegistry({
      capabilityResolver: admitted.ok ? admitted.value : undefined,
    });
    registry.register(tool);
    const result = await callAsPerson(registry, 'preview.thumbnail', {});
    expect(result.structuredContent).to.deep.equal({ by: 'fast' });
  });

  it('T5 a boolean, missing or mismatched report is tool-service-capability-absent naming the failed facts', () => {
    for (const [report, failed] of [
      [true, ['admission']],
      [undefined, ['admission']],
      [{ ...admission, codeDigest: 'c2' }, ['codeDigest']],
      [{ ...admission, sample: { frames: 299, correct: true, p95Ms: 8 } }, ['sample']],
      [
        { ...admission, sample: { frames: 300, correct: false, p95Ms: 30 } },
        ['correctness', 'threshold'],
      ],
      [
        { ...admission, cleanup: { resources: { canvases: 1 } }, eviction: {} },
        ['cleanup', 'eviction'],
      ],
    ] as const) {
      const result = createServiceCapability(renderer, expected, report, { render: () => 'x' });
      expect(result.ok).to.equal(false);
      if (!result.ok) {
        expect(result.error.code).to.equal(CODES.TOOL_SERVICE_CAPABILITY_ABSENT);
        expect(result.error.details?.failed).to.deep.equal(failed);
      }
    }
  });
});
