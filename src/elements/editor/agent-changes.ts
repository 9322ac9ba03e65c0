/**
 * Which text files an agent changed last, with their text before the change, from data the
 * runtime already keeps: the registry's lifecycle says who called (anything but a person's
 * `direct` call is an agent: the local agent, a model, an MCP client), and the workspace's
 * immutable snapshots at the call's start and end say what it changed. Consecutive agent
 * changes to a file nobody else touched in between add up to one change.
 */
import type { ToolRegistry } from '../../runtime/registry/index.js';
import {
  textAt,
  type WorkspaceSnapshot,
  type WorkspaceSource,
} from '../../runtime/workspace/index.js';

export interface AgentChange {
  /** The file's text before the agent changed it. */
  original: string;
  /** The file's text right after. */
  after: string;
}

export interface AgentChanges {
  /** The unreviewed agent change of each path. */
  get(path: string): AgentChange | undefined;
  /** Marks the change of `path` reviewed. */
  dismiss(path: string): void;
  stop(): void;
}

export function trackAgentChanges(
  registry: Pick<ToolRegistry, 'subscribe'>,
  workspace: WorkspaceSource,
  onChange: () => void,
): AgentChanges {
  const changes = new Map<string, AgentChange>();
  /** The workspace as each running agent call found it. */
  const before = new Map<string, WorkspaceSnapshot>();
  const stop = registry.subscribe((event) => {
    if (event.type === 'started') {
      if (event.provenance.mode !== 'direct') before.set(event.traceId, workspace.getSnapshot());
      return;
    }
    const start = before.get(event.traceId);
    before.delete(event.traceId);
    const end = workspace.getSnapshot();
    if (!start || start.revision === end.revision) return;
    let changed = false;
    for (const file of end.files) {
      const was = file.kind === 'text' ? textAt(start.files, file.path) : undefined;
      if (was === undefined || file.kind !== 'text' || was === file.text) continue;
      const earlier = changes.get(file.path);
      const original = earlier?.after === was ? earlier.original : was;
      // Changed back to where it started: nothing left to review.
      if (original === file.text) changes.delete(file.path);
      else changes.set(file.path, { original, after: file.text });
      changed = true;
    }
    if (changed) onChange();
  });
  return {
    get: (path) => changes.get(path),
    dismiss(path) {
      if (changes.delete(path)) onChange();
    },
    stop,
  };
}
