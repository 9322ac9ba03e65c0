/**
 * Migration recipes (T6): what a probed migration hands to the target realm. A recipe holds only
 * JSON arguments, one `SnapshotRef` and `ArtifactRef` values. Live state at any depth is
 * `tool-migration-live-state`; other shapes that are not JSON are
 * `tool-migration-recipe-invalid`. The receiving side re-checks with `checkMigrationRecipe`.
 */
import { TOOL_CALL_ERROR_CODES as CODES, toolError, type Outcome } from '../protocol/errors.js';
import { canonicalJson } from '../protocol/fingerprint.js';
import { isPlainObject } from '../protocol/plain-object.js';
import { sha256Hex } from '../protocol/sha256.js';
import type { ArtifactRef, SnapshotRef } from '../protocol/types.js';
import {
  CAPABILITY_MIGRATION_VERSION,
  isProbedMigration,
  type ProbedMigration,
} from './capability-token.js';
import { findMigrationLiveState } from './live-state.js';

/**
 * What a probed migration hands to the target realm: the tool, JSON arguments, and snapshot and
 * artifact refs.
 */
export interface MigrationRecipe {
  version: typeof CAPABILITY_MIGRATION_VERSION;
  tokenId: string;
  capability: string;
  tool: string;
  /** The descriptor digest the probe confirmed for `tool`. */
  descriptorDigest: string;
  arguments: Record<string, unknown>;
  snapshot: SnapshotRef;
  artifacts: ArtifactRef[];
}

/** What a migration recipe is built from. */
export interface MigrationRecipeInput {
  tool: string;
  arguments: Record<string, unknown>;
  snapshot: SnapshotRef;
  artifacts?: ArtifactRef[];
}

const RECIPE_KEYS = [
  'version',
  'tokenId',
  'capability',
  'tool',
  'descriptorDigest',
  'arguments',
  'snapshot',
  'artifacts',
];

const recipeInvalid = (message: string, details: Record<string, unknown>) => ({
  ok: false as const,
  error: toolError(CODES.TOOL_MIGRATION_RECIPE_INVALID, message, false, details),
});

const isString = (value: unknown): value is string => typeof value === 'string' && value !== '';
const optional = (value: unknown, check: (value: unknown) => boolean) =>
  value === undefined || check(value);
const onlyKeys = (value: Record<string, unknown>, keys: readonly string[]) =>
  Object.keys(value).every((key) => keys.includes(key));

function isSnapshotRef(value: unknown): value is SnapshotRef {
  return (
    isPlainObject(value) &&
    onlyKeys(value, ['id', 'revision', 'digest']) &&
    isString(value.id) &&
    optional(value.revision, (revision) => Number.isSafeInteger(revision)) &&
    optional(value.digest, isString)
  );
}

function isArtifactRef(value: unknown): value is ArtifactRef {
  return (
    isPlainObject(value) &&
    onlyKeys(value, ['kind', 'id', 'digest', 'mediaType']) &&
    isString(value.kind) &&
    isString(value.id) &&
    optional(value.digest, isString) &&
    optional(value.mediaType, isString)
  );
}

// Finite numbers, strings, booleans and null only: `undefined`, NaN, ±Infinity and bigint do
// not survive JSON, so a recipe holding one would arrive different from how it left.
function nonJsonPrimitive(value: unknown, path: string): string | null {
  if (typeof value === 'number' && !Number.isFinite(value)) return path;
  if (typeof value === 'bigint' || value === undefined) return path;
  if (typeof value !== 'object' || value === null) return null;
  const entries: [string, unknown][] = Array.isArray(value)
    ? value.map((item, index) => [`${path}[${index}]`, item])
    : Object.entries(value).map(([key, item]) => [`${path}.${key}`, item]);
  for (const [at, item] of entries) {
    const found = nonJsonPrimitive(item, at);
    if (found) return found;
  }
  return null;
}

/** Checks a recipe's shape, live state first; the receiving realm runs this on every recipe. */
export function checkMigrationRecipe(value: unknown): Outcome<MigrationRecipe> {
  // Live state is looked for before anything else, so it is never reported as a mere shape error.
  const live = findMigrationLiveState(value, 'recipe');
  if (live)
    return {
      ok: false,
      error: toolError(
        CODES.TOOL_MIGRATION_LIVE_STATE,
        `A migration recipe cannot carry live ${live.kind} state (${live.path}); pass a SnapshotRef or ArtifactRef instead.`,
        false,
        { ...live },
      ),
    };
  if (!isPlainObject(value) || !onlyKeys(value, RECIPE_KEYS))
    return recipeInvalid('A migration recipe has exactly the recipe fields.', { field: 'recipe' });
  const bad = nonJsonPrimitive(value, 'recipe');
  if (bad) return recipeInvalid(`${bad} is not a JSON value.`, { field: bad });
  if (value.version !== CAPABILITY_MIGRATION_VERSION)
    return recipeInvalid('Unsupported migration recipe version.', { field: 'version' });
  for (const field of ['tokenId', 'capability', 'tool', 'descriptorDigest'] as const)
    if (!isString(value[field])) return recipeInvalid(`${field} must be a string.`, { field });
  if (!isPlainObject(value.arguments))
    return recipeInvalid('arguments must be a JSON object.', { field: 'arguments' });
  if (!isSnapshotRef(value.snapshot))
    return recipeInvalid('snapshot must be a SnapshotRef.', { field: 'snapshot' });
  if (!Array.isArray(value.artifacts) || !value.artifacts.every(isArtifactRef))
    return recipeInvalid('artifacts must be ArtifactRef values.', { field: 'artifacts' });
  return { ok: true, value: value as unknown as MigrationRecipe };
}

/**
 * Builds the recipe that runs `input.tool` in the probed target realm. Refused unless the
 * token's probes covered that tool, and refused for live state anywhere in it.
 */
export function createMigrationRecipe(
  migration: ProbedMigration,
  input: MigrationRecipeInput,
): Outcome<MigrationRecipe> {
  if (!isProbedMigration(migration))
    return {
      ok: false,
      error: toolError(
        CODES.TOOL_CAPABILITY_UNAVAILABLE,
        'A recipe needs a target that passed probeMigrationTarget.',
        false,
        { reason: 'unprobed' },
      ),
    };
  const { token } = migration;
  const probe = token.probes.find((expected) => expected.tool === input.tool);
  if (!probe)
    return {
      ok: false,
      error: toolError(
        CODES.TOOL_CAPABILITY_UNAVAILABLE,
        `${String(input.tool)} was not probed for ${token.capability}.`,
        false,
        { reason: 'unprobed-tool', tool: String(input.tool), tokenId: token.tokenId },
      ),
    };
  return checkMigrationRecipe({
    version: CAPABILITY_MIGRATION_VERSION,
    tokenId: token.tokenId,
    capability: token.capability,
    tool: probe.tool,
    descriptorDigest: probe.descriptorDigest,
    arguments: input.arguments,
    snapshot: input.snapshot,
    artifacts: input.artifacts ?? [],
  });
}

/** SHA-256 of the recipe's canonical JSON: what a carrier request names it by. */
export async function digestMigrationRecipe(recipe: MigrationRecipe): Promise<string> {
  return sha256Hex(canonicalJson(recipe) ?? '');
}
