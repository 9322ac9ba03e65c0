/**
 * "Restore to before this run" in the transcript: a button beside each run's prompt while that
 * run's files can be put back, and the one `agent.restoreRun` call it makes as the person (so the
 * trace shows it). What happened is told in the transcript, and through the studio's announcer.
 */
import { html, nothing } from 'lit';
import type { RunCheckpoint } from '../../runtime/agents/index.js';
import { callAsPerson, type ToolRegistry } from '../../runtime/registry/index.js';

/** The restore button for `run`, when it changed files and was not restored yet. */
export function renderRestore(
  run: RunCheckpoint | undefined,
  running: boolean,
  onRestore: (run: RunCheckpoint) => void,
) {
  if (!run || run.restored) return nothing;
  const count = `${run.files.length} file${run.files.length === 1 ? '' : 's'}`;
  return html`<button
    class="restore"
    data-restore=${run.sessionId}
    aria-disabled=${running ? 'true' : 'false'}
    aria-label=${`Restore to before this run (${count}: ${run.files.map((file) => file.path).join(', ')})`}
    @click=${() => !running && onRestore(run)}
  >
    Restore to before this run
  </button>`;
}

/** Restores `run` through the registry as the person; the sentence the transcript says. */
export async function restoreRun(
  registry: Pick<ToolRegistry, 'callTool'>,
  run: RunCheckpoint,
): Promise<string> {
  const result = await callAsPerson(registry, 'agent.restoreRun', { sessionId: run.sessionId });
  if (result.error) return result.error.message;
  const paths = run.files.map((file) => file.path);
  return `Restored ${paths.length === 1 ? paths[0] : `${paths.length} files (${paths.join(', ')})`} to before “${run.prompt}”.`;
}
