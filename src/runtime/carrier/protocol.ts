/**
 * The carrier wire protocol (T7), shared by the host companion and the consumer: one POST per
 * step to `${offer.endpoint}/${step}`, a bearer token in `Authorization`, and a JSON body that
 * names the offer and its digests. Answers are `{ ok: true, value }` or `{ ok: false, failure }`.
 */
import type { Outcome } from '../protocol/errors.js';
import type { ArtifactRef, SnapshotRef, ToolCleanupReport, ToolRealm } from '../protocol/types.js';
import type { MigrationRecipe } from '../migration/recipe.js';
import type { CarrierFailure } from './failures.js';

/** The carrier's steps, in the order one run takes them. */
export const CARRIER_STEPS = ['probe', 'lease', 'start', 'execute', 'exit'] as const;
/** One step of a carrier run. */
export type CarrierStep = (typeof CARRIER_STEPS)[number];

/** What every request names, so the host can refuse a request meant for another offer. */
export interface CarrierEnvelope {
  offerId: string;
  generation: number;
  descriptorDigest: string;
  recipeDigest: string;
}

/** The request body each carrier step sends, besides the envelope. */
export interface CarrierStepBodies {
  probe: Record<string, never>;
  lease: Record<string, never>;
  start: { leaseId: string; tokenId: string; capability: string };
  execute: { leaseId: string; recipe: MigrationRecipe };
  exit: { leaseId: string };
}

/** A write the host found interrupted when it started, and what it made of it. */
export interface CarrierReconciledWrite {
  path: string;
  /** `completed`: the file holds the intended bytes; `rolled-back`: it holds what it held before. */
  outcome: 'completed' | 'rolled-back';
  digest: string;
}

/** What a host reports on `probe`: protocol version, realm, tool digests and the served folder. */
export interface CarrierProbe {
  version: number;
  realm: ToolRealm;
  tools: Record<string, string>;
  generation: number;
  /** The served folder's base name (never its absolute path). */
  folder: { name: string };
  /** Interrupted writes this host run reconciled before it started serving. */
  reconciled: CarrierReconciledWrite[];
}

/** What `execute` answers: the recipe's result, the snapshot after it, and its artifacts. */
export interface CarrierExecution {
  result: Outcome<Record<string, unknown>>;
  snapshotAfter?: SnapshotRef;
  artifacts: ArtifactRef[];
}

/** The value each carrier step answers with. */
export interface CarrierStepResults {
  probe: CarrierProbe;
  lease: { leaseId: string; expiresAt: number };
  start: { started: true };
  execute: CarrierExecution;
  exit: { cleanup: ToolCleanupReport };
}

/** A host's answer to one step: a value, or a carrier failure. */
export type CarrierAnswer<T> = { ok: true; value: T } | { ok: false; failure: CarrierFailure };
