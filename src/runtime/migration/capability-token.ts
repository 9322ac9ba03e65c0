/**
 * Capability migration tokens and probes (T6). Migration is a finite, versioned contract: a
 * token records which capability moves from which realm to which, and which tool descriptors
 * the target must prove it serves. `probeMigrationTarget` asks the target and compares; only its
 * success yields a `ProbedMigration`, the one thing a recipe can be built from.
 */
import { TOOL_CALL_ERROR_CODES as CODES, toolError, type Outcome } from '../protocol/errors.js';
import { isPlainObject } from '../protocol/plain-object.js';
import { randomId } from '../protocol/random-id.js';
import type { ToolRealm } from '../protocol/types.js';
import { TOOL_REALMS } from '../registry/define-tool.js';
import { TOOL_NAME_PATTERN } from '../registry/names.js';

/** The migration contract version tokens, probes and recipes speak. */
export const CAPABILITY_MIGRATION_VERSION = 1;

/** A tool the target must serve, with the digest of the descriptor the source expects. */
export interface MigrationProbeExpectation {
  tool: string;
  descriptorDigest: string;
}

/**
 * A record of which capability moves from which realm to which, and the tool digests the target
 * must prove.
 */
export interface CapabilityToken {
  readonly version: typeof CAPABILITY_MIGRATION_VERSION;
  readonly tokenId: string;
  /** What moves, e.g. `workspace.saveAll`. */
  readonly capability: string;
  readonly source: { readonly realm: ToolRealm; readonly id: string };
  readonly target: { readonly realm: ToolRealm };
  readonly probes: readonly MigrationProbeExpectation[];
}

/** What a capability token is issued from. */
export interface CapabilityTokenInput {
  capability: string;
  source: { realm: ToolRealm; id: string };
  target: { realm: ToolRealm };
  probes: readonly MigrationProbeExpectation[];
}

/** What a target says about itself when probed: plain data only. */
export interface MigrationTargetReport {
  version: number;
  realm: ToolRealm;
  /** Tool name → descriptor digest, for every tool the target serves. */
  tools: Record<string, string>;
}

/** A realm a capability may move to, which can be probed for what it serves. */
export interface MigrationTarget {
  probe(signal: AbortSignal): Promise<Outcome<MigrationTargetReport>>;
}

/** A token whose target passed its probes. Only `probeMigrationTarget` makes one. */
export interface ProbedMigration {
  readonly token: CapabilityToken;
  readonly report: Readonly<MigrationTargetReport>;
}

const DIGEST = /^[0-9a-f]{16,128}$/;
const issued = new WeakSet<CapabilityToken>();
const probed = new WeakSet<ProbedMigration>();

const invalid = (message: string, details: Record<string, unknown>) => ({
  ok: false as const,
  error: toolError(CODES.TOOL_INVALID_OPTIONS, message, false, details),
});

function tokenProblem(input: CapabilityTokenInput): string | null {
  if (!isPlainObject(input)) return 'input';
  if (typeof input.capability !== 'string' || !TOOL_NAME_PATTERN.test(input.capability))
    return 'capability';
  if (!isPlainObject(input.source) || !TOOL_REALMS.includes(input.source.realm)) return 'source';
  if (typeof input.source.id !== 'string' || input.source.id === '') return 'source.id';
  if (!isPlainObject(input.target) || !TOOL_REALMS.includes(input.target.realm)) return 'target';
  // Migrating into the realm it already runs in is no migration; the host runs it itself.
  if (input.target.realm === input.source.realm) return 'target.realm';
  if (!Array.isArray(input.probes) || input.probes.length === 0) return 'probes';
  const names = new Set<string>();
  for (const probe of input.probes) {
    if (!isPlainObject(probe) || typeof probe.tool !== 'string') return 'probes';
    if (!TOOL_NAME_PATTERN.test(probe.tool) || names.has(probe.tool)) return 'probes';
    if (typeof probe.descriptorDigest !== 'string' || !DIGEST.test(probe.descriptorDigest))
      return 'probes';
    names.add(probe.tool);
  }
  return null;
}

/** Records the source and the target probes a migration of `capability` needs. */
export function createCapabilityToken(input: CapabilityTokenInput): Outcome<CapabilityToken> {
  const problem = tokenProblem(input);
  if (problem) return invalid(`createCapabilityToken: invalid ${problem}.`, { field: problem });
  const token: CapabilityToken = Object.freeze({
    version: CAPABILITY_MIGRATION_VERSION,
    tokenId: `migration-${randomId()}`,
    capability: input.capability,
    source: Object.freeze({ realm: input.source.realm, id: input.source.id }),
    target: Object.freeze({ realm: input.target.realm }),
    probes: Object.freeze(
      input.probes.map(({ tool, descriptorDigest }) => Object.freeze({ tool, descriptorDigest })),
    ),
  });
  issued.add(token);
  return { ok: true, value: token };
}

/** Whether a value came from a successful `probeMigrationTarget`. */
export const isProbedMigration = (value: unknown): value is ProbedMigration =>
  typeof value === 'object' && value !== null && probed.has(value as ProbedMigration);

interface ProbeFact {
  fact: string;
  expected: unknown;
  actual: unknown;
}

function compare(token: CapabilityToken, report: unknown): ProbeFact[] {
  if (!isPlainObject(report) || !isPlainObject(report.tools))
    return [{ fact: 'report', expected: 'a target report', actual: typeof report }];
  const failed: ProbeFact[] = [];
  if (report.version !== token.version)
    failed.push({ fact: 'version', expected: token.version, actual: report.version });
  if (report.realm !== token.target.realm)
    failed.push({ fact: 'realm', expected: token.target.realm, actual: report.realm });
  for (const { tool, descriptorDigest } of token.probes) {
    const served = Object.hasOwn(report.tools, tool) ? report.tools[tool] : undefined;
    if (served !== descriptorDigest)
      failed.push({ fact: `tool:${tool}`, expected: descriptorDigest, actual: served ?? null });
  }
  return failed;
}

const unavailable = (token: CapabilityToken, reason: string, extra: Record<string, unknown>) => ({
  ok: false as const,
  error: toolError(
    CODES.TOOL_CAPABILITY_UNAVAILABLE,
    `The ${token.target.realm} realm cannot take over ${token.capability} (${reason}).`,
    false,
    { capability: token.capability, tokenId: token.tokenId, reason, ...extra },
  ),
});

/**
 * Asks `target` what it serves and checks it against the token. Every failure — an unknown
 * token, an unreachable target, another version, realm or descriptor — is a structured
 * `tool-capability-unavailable`; nothing live is handed over either way.
 */
export async function probeMigrationTarget(
  token: CapabilityToken,
  target: MigrationTarget,
  signal: AbortSignal,
): Promise<Outcome<ProbedMigration>> {
  if (!issued.has(token))
    return {
      ok: false,
      error: toolError(
        CODES.TOOL_CAPABILITY_UNAVAILABLE,
        'probeMigrationTarget needs a token from createCapabilityToken.',
        false,
        { reason: 'token' },
      ),
    };
  let answer: Outcome<MigrationTargetReport>;
  try {
    answer = await target.probe(signal);
  } catch (error) {
    const detail = error instanceof Error ? error.name : typeof error;
    return unavailable(token, 'probe-threw', { detail });
  }
  if (!answer.ok)
    return unavailable(token, 'probe-failed', {
      probeError: { code: answer.error.code, retryable: answer.error.retryable },
    });
  const failed = compare(token, answer.value);
  if (failed.length > 0) return unavailable(token, 'probe-mismatch', { failed });
  const report = answer.value;
  const result: ProbedMigration = Object.freeze({
    token,
    report: Object.freeze({
      version: report.version,
      realm: report.realm,
      tools: Object.freeze({ ...report.tools }),
    }),
  });
  probed.add(result);
  return { ok: true, value: result };
}
