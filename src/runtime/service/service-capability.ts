/**
 * `createServiceCapability` (T5): a disposable service is admitted only by a complete,
 * matching admission report, never by a boolean. A missing or mismatched report is the closed
 * `tool-service-capability-absent` state; the host then keeps using its private executor.
 */
import type { ToolCapability, ToolCapabilityResolver } from '../protocol/capability.js';
import { TOOL_CALL_ERROR_CODES as CODES, toolError, type Outcome } from '../protocol/errors.js';
import { isPlainObject } from '../protocol/plain-object.js';

/** Frames the admission sample must cover. */
export const SERVICE_ADMISSION_SAMPLE_FRAMES = 300;

/** The workload-scoped evidence a service was measured and cleaned up under. */
export interface ServiceAdmissionRef {
  workload: string;
  tool: string;
  descriptorDigest: string;
  recipeDigest: string;
  codeDigest: string;
  browser: string;
  backend: string;
  sample: { frames: number; correct: boolean; p95Ms: number };
  threshold: { maxP95Ms: number };
  cleanup: { resources: Record<string, number> };
  eviction: { idleMs: number };
}

/** What the host expects the report to say. */
export type ServiceAdmissionExpectation = Pick<
  ServiceAdmissionRef,
  'workload' | 'tool' | 'descriptorDigest' | 'recipeDigest' | 'codeDigest' | 'browser' | 'backend'
>;

const IDENTITY_FACTS = [
  'workload',
  'tool',
  'descriptorDigest',
  'recipeDigest',
  'codeDigest',
  'browser',
  'backend',
] as const;

const finite = (value: unknown): value is number =>
  typeof value === 'number' && Number.isFinite(value);

/** The facts of `admission` that are missing or do not match; empty when it admits. */
export function checkServiceAdmission(
  admission: unknown,
  expected: ServiceAdmissionExpectation,
): string[] {
  if (!isPlainObject(admission)) return ['admission'];
  const failed: string[] = IDENTITY_FACTS.filter(
    (fact) => typeof admission[fact] !== 'string' || admission[fact] !== expected[fact],
  );
  const { sample, threshold, cleanup, eviction } = admission;
  const maxP95 = isPlainObject(threshold) ? threshold.maxP95Ms : undefined;
  if (
    !isPlainObject(sample) ||
    !finite(sample.frames) ||
    sample.frames < SERVICE_ADMISSION_SAMPLE_FRAMES
  ) {
    failed.push('sample');
  } else {
    if (sample.correct !== true) failed.push('correctness');
    if (!finite(sample.p95Ms) || !finite(maxP95) || sample.p95Ms > maxP95) failed.push('threshold');
  }
  const resources = isPlainObject(cleanup) ? cleanup.resources : undefined;
  if (!isPlainObject(resources) || Object.values(resources).some((count) => count !== 0)) {
    failed.push('cleanup');
  }
  if (!isPlainObject(eviction) || !finite(eviction.idleMs) || eviction.idleMs <= 0) {
    failed.push('eviction');
  }
  return failed;
}

/**
 * A resolver that provides `service` for `capability` when `admission` admits it; otherwise
 * `tool-service-capability-absent` with the failing facts (never the report's values).
 */
export function createServiceCapability<T>(
  capability: ToolCapability<T>,
  expected: ServiceAdmissionExpectation,
  admission: unknown,
  service: T,
): Outcome<ToolCapabilityResolver> {
  const failed = checkServiceAdmission(admission, expected);
  if (failed.length > 0) {
    return {
      ok: false,
      error: toolError(
        CODES.TOOL_SERVICE_CAPABILITY_ABSENT,
        `The ${capability.id} service is not admitted for ${expected.tool}.`,
        false,
        { capability: capability.id, failed },
      ),
    };
  }
  const resolver = <U>(requested: ToolCapability<U>): U | undefined =>
    requested.id === capability.id ? (service as unknown as U) : undefined;
  return { ok: true, value: resolver };
}
