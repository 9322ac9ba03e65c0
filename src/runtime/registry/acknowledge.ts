/**
 * A change is done only when the preview shows it. A handler that committed a workspace
 * revision says so (`committedRevision` on its success); the registry then waits for the
 * preview host to acknowledge that revision, where the caller asked it to (`awaitPreview`,
 * true unless a person's typing turns it off), and adds the outcome as the result's `preview`.
 * When the preview does not acknowledge (timeout, superseded, runtime error, preview gone) the
 * call fails with that error — retryable for a timeout or a newer revision — and its details name
 * the committed revision: the write stays. The same call (tool and arguments) retried while the
 * workspace still stands at that revision writes nothing again; it waits for the acknowledgement
 * once more and, when it comes, answers as the first call would have.
 */
import { failure, toolError, type ToolCallError } from '../protocol/errors.js';
import { fingerprintArguments } from '../protocol/fingerprint.js';
import { isPlainObject } from '../protocol/plain-object.js';
import { previewHostCapability } from '../preview/preview-host.js';
import type { Acknowledgements, Committed } from './call-types.js';
import type { ToolHandlerContext } from './define-tool.js';
import type { ToolCall } from './tool-call.js';

/** What a result's `preview` says: shown, not waited for, or no preview mounted. */
type PreviewField =
  | { state: 'ready'; revision: number }
  | { state: 'pending'; revision: number }
  | { state: 'unavailable' };

/** A registry's acknowledgement memory; `revision` reads the workspace it writes to. */
export const createAcknowledgements = (revision?: () => number): Acknowledgements =>
  revision ? { revision } : {};

/**
 * Whether a failed call's change is committed all the same: only the preview did not show it.
 * A caller that acts on the change itself (linking a folder) goes on; the preview is retried.
 */
export const committedDespitePreview = (error: ToolCallError | undefined): boolean =>
  typeof error?.details?.committedRevision === 'number';

function committedOf(returned: unknown): Committed | undefined {
  if (!isPlainObject(returned) || returned.ok === false) return undefined;
  const revision = returned.committedRevision;
  return Number.isSafeInteger(revision) && (revision as number) >= 0
    ? (returned as Committed)
    : undefined;
}

const keyOf = (call: ToolCall) => `${call.tool.name}\u0000${fingerprintArguments(call.args)}`;

function withPreview(returned: Committed, preview: PreviewField): Record<string, unknown> {
  const { committedRevision: _revision, ...success } = returned;
  return { ...success, structuredContent: { ...returned.structuredContent, preview } };
}

function previewFailure(returned: Committed, error: ToolCallError): ToolCallError {
  const revision = returned.committedRevision;
  const path = returned.structuredContent?.path;
  return toolError(
    error.code,
    `${error.message} The change is committed at revision ${revision}: refresh the preview (preview.refresh) or retry this call, which does not write it again.`,
    error.retryable,
    {
      ...error.details,
      committedRevision: revision,
      ...(typeof path === 'string' ? { path } : {}),
    },
  );
}

/** Waits for the preview to show the committed revision; no mounted preview is reported. */
async function acknowledge(
  call: ToolCall,
  context: ToolHandlerContext,
  returned: Committed,
  key?: string,
): Promise<unknown> {
  const revision = returned.committedRevision;
  if (!call.awaitPreview) return withPreview(returned, { state: 'pending', revision });
  const host = context.require(previewHostCapability);
  if (!host.ok) return withPreview(returned, { state: 'unavailable' });
  const ack = await host.value.waitForRevision(revision, context.signal);
  const memory = call.env.acknowledgements;
  if (ack.ok) {
    if (memory.last?.revision === revision) memory.last = undefined;
    return withPreview(returned, { state: 'ready', revision: ack.value.revision });
  }
  memory.last = { key: key ?? keyOf(call), revision, returned };
  return failure(previewFailure(returned, ack.error));
}

function afterHandler(call: ToolCall, context: ToolHandlerContext, returned: unknown): unknown {
  const committed = committedOf(returned);
  return committed ? acknowledge(call, context, committed) : returned;
}

/**
 * Runs the call's handler, then waits for the preview to show what it committed. A read-only
 * tool commits nothing: it runs as it is, without a promise hop.
 */
export function runAcknowledged(call: ToolCall, context: ToolHandlerContext): unknown {
  const { tool, env } = call;
  if (tool.definition.annotations?.readOnlyHint === true) return tool.handler(call.args, context);
  const last = env.acknowledgements.last;
  if (last && last.revision === env.acknowledgements.revision?.()) {
    const key = keyOf(call);
    if (key === last.key) return acknowledge(call, context, last.returned, key);
  }
  const returned = tool.handler(call.args, context);
  return returned instanceof Promise
    ? returned.then((value) => afterHandler(call, context, value))
    : afterHandler(call, context, returned);
}
