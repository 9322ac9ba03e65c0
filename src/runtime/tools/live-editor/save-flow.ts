/**
 * A person's editor save from start to end: the call carries its intent's key (a retry of the
 * same intent passes the same intent, so a finished save is replayed, not written again), and a
 * failed call whose durable record is `unknown` — the write may have landed — is reconciled at
 * once through `recoverEditorSave`, which completes it only when the folder holds the attempted
 * files. Elements render the outcome; they never guess it.
 */
import type { ToolCallResult } from '../../protocol/types.js';
import type { Outcome } from '../../protocol/errors.js';
import { callAsPerson } from '../../registry/person-call.js';
import type { ToolRegistry } from '../../registry/registry.js';
import type { EditorSaveIntent, EditorSaveToolName } from './save-intent.js';

/** Reconciles an unknown save; `createStudioRuntime()` binds it to its registry and workspace. */
export type EditorSaveRecovery = (
  toolName: EditorSaveToolName,
  idempotencyKey: string,
  options?: { signal?: AbortSignal },
) => Promise<Outcome<{ savedPaths: string[] }>>;

/** How a person's editor save ended, as `runEditorSave` reports it for the element to render. */
export type EditorSaveOutcome =
  | { state: 'saved'; result: ToolCallResult }
  /** Nothing was left unknown: the same intent may be retried. */
  | { state: 'failed'; result: ToolCallResult }
  /** The outcome was unknown and the folder held the attempted files: marked saved. */
  | { state: 'recovered'; result: ToolCallResult; savedPaths: string[] }
  /** Still unknown: the folder differs or cannot be read; reconnect and check again. */
  | { state: 'unknown'; result: ToolCallResult };

/** Runs one editor save intent as the person's call and reconciles an unknown outcome at once. */
export async function runEditorSave(
  port: {
    registry: Pick<ToolRegistry, 'callTool' | 'getOperationStatus'>;
    recoverEditorSave?: EditorSaveRecovery;
  },
  toolName: EditorSaveToolName,
  args: Record<string, unknown>,
  intent: EditorSaveIntent,
  options: { signal?: AbortSignal } = {},
): Promise<EditorSaveOutcome> {
  const result = await callAsPerson(port.registry, toolName, args, {
    ...options,
    idempotencyKey: intent.idempotencyKey,
    context: { sessionId: intent.sessionId },
  });
  if (!result.error) return { state: 'saved', result };
  const status = await port.registry.getOperationStatus(toolName, intent.idempotencyKey);
  if (!status.ok || status.value?.state !== 'unknown') return { state: 'failed', result };
  const recovered = await port.recoverEditorSave?.(toolName, intent.idempotencyKey);
  return recovered?.ok
    ? { state: 'recovered', result, savedPaths: recovered.value.savedPaths }
    : { state: 'unknown', result };
}
