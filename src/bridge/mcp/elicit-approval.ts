/**
 * Optional: asks the MCP client's user, through elicitation, to decide an approval card that
 * one of the session's calls raised. The answer goes into the approval queue like a click, so
 * the queue still decides: whoever answers first (the local person or the client's user) wins.
 */
import type { ToolApprovalQueue } from '../../runtime/approval/approval-queue.js';
import type { JSONRPCParams } from './jsonrpc.js';

type Elicit = (params: JSONRPCParams) => Promise<{ ok: boolean; value?: Record<string, unknown> }>;

/** Watches `queue` for the card of `toolCallId`, elicits a decision once, until `signal` ends. */
export function elicitApproval(
  queue: ToolApprovalQueue,
  toolCallId: string,
  elicit: Elicit,
  signal: AbortSignal,
): () => void {
  let asked = false;
  const check = () => {
    if (asked) return;
    const card = queue.store.getSnapshot().find((entry) => entry.toolCallId === toolCallId);
    if (!card) return;
    asked = true;
    const shown = Object.entries(card.safeArguments)
      .map(([name, value]) => `${name}: ${String(value)}`)
      .join(', ');
    void elicit({
      message: `Allow ${card.toolName}${shown ? ` (${shown})` : ''}? ${card.description}`,
      requestedSchema: {
        type: 'object',
        properties: {
          approve: { type: 'boolean', title: 'Approve this call', default: false },
        },
        required: ['approve'],
      },
    }).then((answer) => {
      if (signal.aborted || !answer.ok) return;
      const approved =
        answer.value?.action === 'accept' &&
        (answer.value.content as { approve?: unknown } | undefined)?.approve === true;
      queue.resolve(card.id, approved ? 'approved' : 'denied');
    });
  };
  const stop = queue.store.subscribe(check);
  check();
  signal.addEventListener('abort', stop, { once: true });
  return stop;
}
