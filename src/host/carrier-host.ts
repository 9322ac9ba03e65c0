/**
 * The host side of the authenticated carrier (T7) on Node's `http`: binds 127.0.0.1 only and
 * checks, in this order, the path, the Host header (no DNS rebinding), the Origin, the bearer
 * token (before any body is read), the body size (per request and over all requests at once),
 * the offer id and generation, expiry and both digests — then the lease and the lease → start →
 * execute → exit order. One lease at a time; each step renews it.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import {
  CARRIER_FAILURE_CODES as C,
  carrierFailure,
  type CarrierFailure,
  type CarrierFailureCode,
  describeHostContract,
  HOST_CAPABILITY,
  type CarrierOffer,
  CARRIER_STEPS,
  type CarrierProbe,
  type CarrierReconciledWrite,
  type CarrierStep,
} from '../runtime/carrier/index.js';
import { CAPABILITY_MIGRATION_VERSION, checkMigrationRecipe } from '../runtime/migration/index.js';
import { isPlainObject, type SnapshotRef } from '../runtime/protocol/index.js';
import { isLoopbackOrigin } from '../server/loopback.js';
import { readBodyText, type BodyBudget } from '../server/read-body.js';
import { bearerMatches } from '../server/secret.js';
import { HostCaptureError, type HostToolRun } from './host-folder.js';

export interface CarrierHostOptions {
  folderName: string;
  generation: number;
  reconciled: CarrierReconciledWrite[];
  run(tool: string, args: unknown): Promise<HostToolRun>;
  /** Resources still held; every count must be zero at exit. */
  census(): Promise<Record<string, number>>;
  /** Origins allowed besides loopback ones (`http://localhost:*`, `http://127.0.0.1:*`). */
  allowOrigins?: readonly string[];
  offerTtlMs: number;
  leaseTtlMs?: number;
  port?: number;
  now?: () => number;
}

export interface CarrierHost {
  offer: CarrierOffer;
  close(): Promise<void>;
}

/** One request's body: a file at the import limit, base64-encoded, with its envelope. */
export const CARRIER_MAX_BODY_BYTES = 8 * 1024 * 1024;
/** Bodies being read at once, over all requests: bounds memory whatever the client count. */
export const CARRIER_MAX_TOTAL_BODY_BYTES = 16 * 1024 * 1024;
/** Open sockets at once; a studio needs a handful. */
export const CARRIER_MAX_SOCKETS = 32;
/** A request's headers must arrive within this; a socket that dawdles is closed. */
export const CARRIER_HEADERS_TIMEOUT_MS = 5_000;
/** A whole request, body included (8 MB on loopback), must arrive within this. */
export const CARRIER_REQUEST_TIMEOUT_MS = 30_000;
const STATUS: Partial<Record<CarrierFailureCode, number>> = {
  [C.CARRIER_AUTH_FAILED]: 401,
  [C.CARRIER_HOST_REJECTED]: 403,
  [C.CARRIER_ORIGIN_REJECTED]: 403,
  [C.CARRIER_LEASE_CONFLICT]: 409,
  [C.CARRIER_SEQUENCE_INVALID]: 409,
  [C.CARRIER_EXITED]: 410,
  [C.CARRIER_CAPTURE_FAILED]: 500,
  [C.CARRIER_CLEANUP_FAILED]: 500,
};

class Refusal extends Error {
  constructor(readonly failure: CarrierFailure) {
    super(failure.code);
  }
}
const refuse = (code: CarrierFailureCode, detail?: Record<string, unknown>): never => {
  throw new Refusal(carrierFailure(code, detail));
};

const tooLarge = () => refuse(C.CARRIER_REQUEST_INVALID, { reason: 'body-too-large' });

/** Reads a body within the per-request cap, charging each byte to `budget` while it is held. */
async function readBody(request: IncomingMessage, budget: BodyBudget): Promise<string> {
  const read = await readBodyText(request, CARRIER_MAX_BODY_BYTES, budget);
  if (read.ok) return read.text;
  if (read.reason === 'busy') refuse(C.CARRIER_REQUEST_INVALID, { reason: 'host-busy' });
  if (read.reason === 'failed') refuse(C.CARRIER_REQUEST_INVALID, { reason: 'body-unread' });
  return tooLarge();
}

interface Session {
  leaseId: string;
  state: 'leased' | 'started' | 'executed';
  tokenId: string;
  expiresAt: number;
  /** The snapshot the executed recipe started from: where a retry may start. */
  safeSnapshot?: SnapshotRef;
}

export async function startCarrierHost(options: CarrierHostOptions): Promise<CarrierHost> {
  const now = options.now ?? Date.now;
  const leaseTtl = options.leaseTtlMs ?? 60_000;
  const contract = await describeHostContract();
  const allowed = new Set(options.allowOrigins ?? []);
  const token = randomBytes(32).toString('base64url');
  const offerId = randomUUID();
  const expiresAt = now() + options.offerTtlMs;
  let session: Session | null = null;
  let port = 0;
  const bodies: BodyBudget = { held: 0, max: CARRIER_MAX_TOTAL_BODY_BYTES };

  const probe = (): CarrierProbe => ({
    version: CAPABILITY_MIGRATION_VERSION,
    realm: 'host',
    tools: contract.tools,
    generation: options.generation,
    folder: { name: options.folderName },
    reconciled: options.reconciled,
  });

  function checkRequest(request: IncomingMessage, origin: string | undefined): CarrierStep {
    const step = /^\/carrier\/([a-z]+)$/.exec(request.url ?? '')?.[1];
    if (!step || !(CARRIER_STEPS as readonly string[]).includes(step))
      refuse(C.CARRIER_REQUEST_INVALID, { reason: 'path' });
    const host = request.headers.host ?? '';
    if (host !== `127.0.0.1:${port}` && host !== `[::1]:${port}`)
      refuse(C.CARRIER_HOST_REJECTED, { host });
    // Browsers always send Origin cross-origin; a local client without one still needs the token.
    if (origin !== undefined && !isLoopbackOrigin(origin) && !allowed.has(origin))
      refuse(C.CARRIER_ORIGIN_REJECTED, { origin });
    return step as CarrierStep;
  }

  function checkToken(request: IncomingMessage): void {
    if (!bearerMatches(request.headers.authorization, token)) refuse(C.CARRIER_AUTH_FAILED);
  }

  function checkEnvelope(text: string): Record<string, unknown> {
    let body: unknown;
    try {
      body = JSON.parse(text);
    } catch {
      refuse(C.CARRIER_REQUEST_INVALID, { reason: 'json' });
    }
    if (!isPlainObject(body)) return refuse(C.CARRIER_REQUEST_INVALID, { reason: 'body' });
    if (body.offerId !== offerId || body.generation !== options.generation)
      refuse(C.CARRIER_OFFER_STALE, { generation: options.generation });
    if (now() >= expiresAt) refuse(C.CARRIER_OFFER_EXPIRED, { expiresAt });
    if (
      body.descriptorDigest !== contract.descriptorDigest ||
      body.recipeDigest !== contract.recipeDigest
    )
      refuse(C.CARRIER_DIGEST_MISMATCH, { side: 'host' });
    return body;
  }

  function current(body: Record<string, unknown>, state: Session['state'][]): Session {
    if (session && session.expiresAt <= now()) session = null;
    if (!session || body.leaseId !== session.leaseId) return refuse(C.CARRIER_EXITED);
    if (!state.includes(session.state))
      refuse(C.CARRIER_SEQUENCE_INVALID, { state: session.state });
    session.expiresAt = now() + leaseTtl;
    return session;
  }

  async function handle(step: CarrierStep, body: Record<string, unknown>): Promise<unknown> {
    switch (step) {
      case 'probe':
        return probe();
      case 'lease': {
        if (session && session.expiresAt > now()) refuse(C.CARRIER_LEASE_CONFLICT);
        session = {
          leaseId: randomUUID(),
          state: 'leased',
          tokenId: '',
          expiresAt: now() + leaseTtl,
        };
        return { leaseId: session.leaseId, expiresAt: session.expiresAt };
      }
      case 'start': {
        const leased = current(body, ['leased']);
        if (body.capability !== HOST_CAPABILITY || typeof body.tokenId !== 'string')
          refuse(C.CARRIER_REQUEST_INVALID, { reason: 'capability' });
        leased.tokenId = body.tokenId as string;
        leased.state = 'started';
        return { started: true };
      }
      case 'execute': {
        const started = current(body, ['started']);
        started.state = 'executed';
        const recipe = checkMigrationRecipe(body.recipe);
        if (!recipe.ok) return { result: recipe, artifacts: [] };
        started.safeSnapshot = recipe.value.snapshot;
        if (recipe.value.tokenId !== started.tokenId)
          refuse(C.CARRIER_REQUEST_INVALID, { reason: 'tokenId' });
        const tool = recipe.value.tool;
        const served = Object.hasOwn(contract.tools, tool)
          ? contract.tools[tool as keyof typeof contract.tools]
          : undefined;
        if (served !== recipe.value.descriptorDigest)
          refuse(C.CARRIER_DIGEST_MISMATCH, { side: 'host', tool: tool.slice(0, 80) });
        try {
          const ran = await options.run(tool, recipe.value.arguments);
          return {
            ...ran,
            snapshotAfter: { id: `host:${options.folderName}`, revision: options.generation },
          };
        } catch (error) {
          // The safe snapshot is the one the recipe started from: a retry starts there.
          if (error instanceof HostCaptureError)
            refuse(C.CARRIER_CAPTURE_FAILED, {
              ...error.detail,
              safeSnapshot: recipe.value.snapshot,
            });
          throw error;
        }
      }
      case 'exit': {
        const { safeSnapshot } = current(body, ['leased', 'started', 'executed']);
        session = null;
        const resources = await options.census();
        if (Object.values(resources).some((count) => count !== 0))
          refuse(C.CARRIER_CLEANUP_FAILED, {
            resources,
            ...(safeSnapshot ? { safeSnapshot } : {}),
          });
        return { cleanup: { resources } };
      }
    }
  }

  const server: Server = createServer(
    {
      headersTimeout: CARRIER_HEADERS_TIMEOUT_MS,
      requestTimeout: CARRIER_REQUEST_TIMEOUT_MS,
      // Timeouts are enforced on this tick; Node's default (30 s) would outlast the header limit.
      connectionsCheckingInterval: 1_000,
    },
    (request, response) => {
      void respond(request, response);
    },
  );
  // Past the cap new sockets are closed at once, so the process never runs out of descriptors.
  server.maxConnections = CARRIER_MAX_SOCKETS;

  async function respond(request: IncomingMessage, response: ServerResponse) {
    const origin = request.headers.origin;
    const send = (status: number, payload: unknown) => {
      response.statusCode = status;
      response.setHeader('content-type', 'application/json');
      response.setHeader('cache-control', 'no-store');
      response.end(JSON.stringify(payload));
    };
    try {
      const step = checkRequest(request, origin);
      if (origin !== undefined) {
        response.setHeader('access-control-allow-origin', origin);
        response.setHeader('vary', 'Origin');
      }
      if (request.method === 'OPTIONS') {
        response.setHeader('access-control-allow-methods', 'POST');
        response.setHeader('access-control-allow-headers', 'authorization, content-type');
        // Chromium's Private Network Access preflight for a public page calling loopback.
        response.setHeader('access-control-allow-private-network', 'true');
        response.setHeader('access-control-max-age', '600');
        response.statusCode = 204;
        response.end();
        return;
      }
      if (request.method !== 'POST') refuse(C.CARRIER_REQUEST_INVALID, { reason: 'method' });
      checkToken(request);
      const body = checkEnvelope(await readBody(request, bodies));
      send(200, { ok: true, value: await handle(step, body) });
    } catch (error) {
      if (error instanceof Refusal) {
        send(STATUS[error.failure.code] ?? 400, { ok: false, failure: error.failure });
        return;
      }
      // An unexpected fault: the step's effect is unknown to this host too, so the carrier ends.
      session = null;
      send(500, {
        ok: false,
        // Only the error's code: a file system message quotes absolute paths.
        failure: carrierFailure(C.CARRIER_EXITED, {
          reason: (error as NodeJS.ErrnoException | null)?.code ?? 'fault',
        }),
      });
    }
  }

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, '127.0.0.1', resolve);
  });
  port = (server.address() as AddressInfo).port;
  return {
    offer: {
      offerId,
      endpoint: `http://127.0.0.1:${port}/carrier`,
      token,
      generation: options.generation,
      descriptorDigest: contract.descriptorDigest,
      recipeDigest: contract.recipeDigest,
      expiresAt,
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
