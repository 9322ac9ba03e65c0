/**
 * The Live Code Editor's second clock. The workspace revision moves on every workspace change;
 * the document revision moves only when the document — the active text file's path or source,
 * or the selected scenario — changes. Derived from the workspace, so edits made anywhere (the
 * editor element, `workspace.*` tools) move it too.
 */
import type { WorkspaceSource } from '../../workspace/types.js';
import { DEFAULT_EDITOR_SCENARIO, type EditorScenarioName } from './scenarios.js';

/**
 * The open document at one moment: its revision, the workspace revision, the active file and
 * scenario.
 */
export interface LiveDocumentSnapshot {
  documentRevision: number;
  workspaceRevision: number;
  activePath: string | null;
  /** The active text file's source; null when nothing or an asset is open. */
  text: string | null;
  scenario: EditorScenarioName;
}

/** The Live Code Editor's document clock as a store. */
export interface LiveDocument {
  getSnapshot(): LiveDocumentSnapshot;
  subscribe(listener: () => void): () => void;
  setScenario(scenario: EditorScenarioName): void;
}

/**
 * Creates the document clock over a workspace; it moves only when the open document or scenario
 * changes.
 */
export function createLiveDocument(workspace: WorkspaceSource): LiveDocument {
  const listeners = new Set<() => void>();
  let current: LiveDocumentSnapshot = {
    documentRevision: 0,
    workspaceRevision: -1,
    activePath: null,
    text: null,
    scenario: DEFAULT_EDITOR_SCENARIO,
  };

  // Read on demand as well as on notification, so a handler sees the clock of the write it
  // just awaited even before listeners have run.
  function observe(scenario = current.scenario): LiveDocumentSnapshot {
    const snapshot = workspace.getSnapshot();
    if (
      snapshot.revision === current.workspaceRevision &&
      snapshot.activePath === current.activePath &&
      scenario === current.scenario
    )
      return current;
    const active = snapshot.files.find((file) => file.path === snapshot.activePath);
    const text = active?.kind === 'text' ? active.text : null;
    const changed =
      snapshot.activePath !== current.activePath ||
      text !== current.text ||
      scenario !== current.scenario;
    current = {
      documentRevision: current.documentRevision + (changed ? 1 : 0),
      workspaceRevision: snapshot.revision,
      activePath: snapshot.activePath,
      text,
      scenario,
    };
    if (changed) for (const listener of [...listeners]) listener();
    return current;
  }

  observe();
  workspace.subscribe(() => observe());
  return {
    getSnapshot: () => observe(),
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    setScenario: (scenario) => void observe(scenario),
  };
}
