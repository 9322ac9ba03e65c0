/**
 * The host's private executor (T5): a host keeps its own way to run a tool and uses it while no
 * disposable service is admitted, or once the admitted service was deleted. A run that went to
 * the service reports the service's answer, failure included: it is never repeated through the
 * private executor, so one call has one effect at most.
 */
import { type Outcome, TOOL_CALL_ERROR_CODES as CODES, toolError } from '../protocol/errors.js';
import { checkServiceAdmission, type ServiceAdmissionExpectation } from './service-capability.js';

/** Runs one call and answers with its outcome. */
export type ServiceExecutor<A, R> = (args: A, signal: AbortSignal) => Promise<Outcome<R>>;

/** One call's outcome and which executor ran it. */
export interface ServiceRouteRun<R> {
  /** Which executor ran the call. */
  route: 'service' | 'private';
  outcome: Outcome<R>;
}

/**
 * Routes calls to an admitted service, or to the host's private executor while none is admitted.
 */
export interface ServiceRoute<A, R> {
  /** `service` while an admitted service is in place, else `private`. */
  readonly route: 'service' | 'private';
  /** Admits `service` when `admission` matches; otherwise `tool-service-capability-absent`. */
  admit(admission: unknown, service: ServiceExecutor<A, R>): Outcome<void>;
  /** The service is gone (evicted, its process ended): later runs use the private executor. */
  delete(): void;
  run(args: A, signal: AbortSignal): Promise<ServiceRouteRun<R>>;
}

/**
 * Creates a route that starts on the private executor and admits a service only when it matches the
 * expectation.
 */
export function createServiceRoute<A, R>(options: {
  expected: ServiceAdmissionExpectation;
  privateExecutor: ServiceExecutor<A, R>;
}): ServiceRoute<A, R> {
  let service: ServiceExecutor<A, R> | null = null;
  return {
    get route() {
      return service ? 'service' : 'private';
    },
    admit(admission, next) {
      const failed = checkServiceAdmission(admission, options.expected);
      if (failed.length > 0) {
        service = null;
        return {
          ok: false,
          error: toolError(
            CODES.TOOL_SERVICE_CAPABILITY_ABSENT,
            `No service is admitted for ${options.expected.tool}; the private executor stays in use.`,
            false,
            { failed },
          ),
        };
      }
      service = next;
      return { ok: true, value: undefined };
    },
    delete() {
      service = null;
    },
    async run(args, signal) {
      const chosen = service;
      if (!chosen)
        return { route: 'private', outcome: await options.privateExecutor(args, signal) };
      return { route: 'service', outcome: await chosen(args, signal) };
    },
  };
}
