import type { AgentState } from '../../runtime/agents/agent-runner.js';
import { plainChange, plainChanges } from '../shared/plain-change.js';

/** The words a screen reader hears when a prompt's run ends: its outcome, plainly. */
export function runAnnouncement(state: AgentState): string | undefined {
  const last = state.lastRun;
  if (!last || state.running) return undefined;
  if (last.status === 'cancelled') return 'Request cancelled.';
  if (last.status === 'failed')
    return `The request failed${last.error ? `: ${last.error.message}` : '.'}`;
  // This run's messages: those after the person's last prompt.
  const start = state.messages.findLastIndex((message) => message.role === 'user');
  const messages = state.messages.slice(start + 1);
  const changes = messages.flatMap((message) => {
    if (message.role !== 'tool' || message.status !== 'completed') return [];
    const change = plainChange(message.name, message.summary);
    return change ? [change] : [];
  });
  const changed = plainChanges(changes);
  if (changed) return `Done. ${changed}`;
  const reply = messages.findLast((message) => message.role === 'assistant');
  return reply && reply.role === 'assistant' ? reply.text : 'Done.';
}
