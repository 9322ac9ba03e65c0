/**
 * A mutation is done only when the preview shows it. When the preview does not acknowledge the
 * committed revision (timeout, superseded, runtime error, preview gone), the call fails with that
 * error — retryable for a timeout or a newer revision — and its details name the committed
 * revision: the write stays. The same call (tool and arguments) retried while the workspace is
 * still at that revision writes nothing again; it waits for the acknowledgement once more and,
 * when it comes, answers as the first call would have.
 */
import { failure, toolError, type ToolCallError } from '../protocol/errors.js';
import { fingerprintArguments } from '../protocol/fingerprint.js';
import type {
  ToolDescriptor,
  ToolHandler,
  ToolHandlerContext,
  ToolHandlerResult,
} from '../registry/define-tool.js';
import type { WorkspaceSource } from '../workspace/types.js';
import { previewHostCapability } from './preview-host.js';

interface PreviewErrorField {
  state: 'error';
  revision: number;
  error: Pick<ToolCallError, 'code' | 'message' | 'retryable' | 'details'>;
}

type Body = Record<string, unknown> & { preview: PreviewErrorField };

/** The last commit whose preview did not acknowledge, with the answer it was waiting to give. */
interface Unacknowledged {
  key: string;
  revision: number;
  result: { content?: unknown; structuredContent: Body };
}

const pending = new WeakMap<WorkspaceSource, Unacknowledged>();

function unacknowledgedBody(result: ToolHandlerResult): Body | null {
  if (!('structuredContent' in result)) return null;
  const body = result.structuredContent as Record<string, unknown> | undefined;
  const preview = body?.preview as { state?: unknown } | undefined;
  return preview?.state === 'error' ? (body as Body) : null;
}

function previewFailure(body: Body, error: PreviewErrorField['error']): ToolCallError {
  const revision = body.preview.revision;
  const path = typeof body.path === 'string' ? { path: body.path } : {};
  return toolError(
    error.code,
    `${error.message} The change is committed at revision ${revision}: refresh the preview (preview.refresh) or retry this call, which does not write it again.`,
    error.retryable,
    { ...error.details, committedRevision: revision, ...path },
  );
}

async function acknowledgeAgain(
  entry: Unacknowledged,
  context: ToolHandlerContext,
): Promise<ToolHandlerResult> {
  const host = context.require(previewHostCapability);
  if (!host.ok) return host;
  const ack = await host.value.waitForRevision(entry.revision, context.signal);
  const body = entry.result.structuredContent;
  if (!ack.ok) return failure(previewFailure(body, ack.error));
  return {
    ...(entry.result as ToolHandlerResult),
    structuredContent: { ...body, preview: { state: 'ready', revision: entry.revision } },
  } as ToolHandlerResult;
}

function reported<A>(tool: ToolDescriptor<A>, workspace: WorkspaceSource): ToolDescriptor<A> {
  const inner = tool.handler;
  const handler: ToolHandler<A, Record<string, unknown>> = async (args, context) => {
    const key = `${tool.name}\u0000${fingerprintArguments(args)}`;
    const last = pending.get(workspace);
    if (last?.key === key && last.revision === workspace.getSnapshot().revision) {
      return acknowledgeAgain(last, context);
    }
    const result = await inner(args, context);
    const body = unacknowledgedBody(result);
    if (!body) return result;
    pending.set(workspace, {
      key,
      revision: body.preview.revision,
      result: { ...result, structuredContent: body },
    });
    return failure(previewFailure(body, body.preview.error));
  };
  return Object.freeze({ ...tool, handler });
}

/**
 * Whether a failed call's change is committed all the same: only the preview did not show it.
 * A caller that acts on the change itself (linking a folder) goes on; the preview is retried.
 */
export const committedDespitePreview = (error: ToolCallError | undefined): boolean =>
  typeof error?.details?.committedRevision === 'number';

/** Each mutating tool of `tools`, reporting an unacknowledged preview as its failure. */
export function reportUnacknowledgedPreview<T extends ToolDescriptor<never>>(
  tools: readonly T[],
  workspace: WorkspaceSource,
): T[] {
  return tools.map((tool) =>
    tool.definition.annotations?.readOnlyHint === true ? tool : (reported(tool, workspace) as T),
  );
}
