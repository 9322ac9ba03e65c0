/**
 * Files a folder import left out are said in the chat, whoever opened or reloaded the folder:
 * the explorer shows the summary beside its tree, and the transcript gets one line naming the
 * skipped and binary-kept files, so a person talking to the agent sees them too.
 */
import type { ToolCallListener } from '../protocol/events.js';
import { importLeftOutNotice } from '../tools/workspace/import-summary.js';
import type { AgentRunner } from './agent-runner.js';

const FOLDER_LOADS = new Set(['workspace.openFolder', 'workspace.reloadFolder']);

export function connectImportNotes(
  registry: { subscribe(listener: ToolCallListener): () => void },
  agent: Pick<AgentRunner, 'note'>,
): () => void {
  return registry.subscribe((event) => {
    if (event.type !== 'completed' || !FOLDER_LOADS.has(event.provenance.toolName)) return;
    const structured = event.result?.structuredContent;
    if (typeof structured !== 'object' || structured === null) return;
    const notice = importLeftOutNotice(structured as Record<string, unknown>);
    if (notice) agent.note(notice);
  });
}
