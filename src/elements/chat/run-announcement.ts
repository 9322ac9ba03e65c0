import type { AgentState } from '../../runtime/agents/index.js';
import { plainChange, plainChanges } from '../shared/plain-change.js';

/** The last run's messages: those after the person's last prompt. */
const lastRunMessages = (state: AgentState) =>
  state.messages.slice(state.messages.findLastIndex((message) => message.role === 'user') + 1);

/** What the last run changed, as one plain sentence, or undefined when it changed nothing. */
export function runChanges(state: AgentState): string | undefined {
  return plainChanges(
    lastRunMessages(state).flatMap((message) => {
      if (message.role !== 'tool' || message.status !== 'completed') return [];
      const change = plainChange(message.name, message.summary);
      return change ? [change] : [];
    }),
  );
}

/** The words a screen reader hears when a prompt's run ends: its outcome, plainly. */
export function runAnnouncement(state: AgentState): string | undefined {
  const last = state.lastRun;
  if (!last || state.running) return undefined;
  if (last.status === 'cancelled') return 'Request cancelled.';
  if (last.status === 'failed')
    return `The request failed${last.error ? `: ${last.error.message}` : '.'}`;
  const changed = runChanges(state);
  if (changed) return `Done. ${changed}`;
  const messages = lastRunMessages(state);
  const reply = messages.findLast((message) => message.role === 'assistant');
  return reply && reply.role === 'assistant' ? reply.text : 'Done.';
}
