/**
 * The Live Code Editor catalog (`editor.*`): a workspace plus its open document on two revision
 * clocks, with the default policies of the reference contract's editor table. There is no `runScript` tool.
 */
import type { WorkspaceDocumentManager } from '../../workspace/manager.js';
import { createLiveDocument, type LiveDocument } from './document.js';
import { createEditorDocumentTools } from './document-tools.js';
import { createEditorReadTools } from './read-tools.js';
import { createEditorSaveTools, type EditorSaveOptions } from './save-tools.js';

export { createLiveDocument, type LiveDocument, type LiveDocumentSnapshot } from './document.js';
export {
  createEditorSaveIntent,
  EDITOR_SAVE_TOOL_NAMES,
  isEditorSaveTool,
  type EditorSaveIntent,
  type EditorSaveToolName,
} from './save-intent.js';
export { runEditorSave, type EditorSaveOutcome, type EditorSaveRecovery } from './save-flow.js';
export { recoverEditorSave, EDITOR_SAVE_MANIFEST_LIMIT } from './save-manifest.js';
export {
  EDITOR_SCENARIOS,
  EDITOR_SCENARIO_NAMES,
  LIVE_EDITOR_SEED,
  type EditorScenarioName,
} from './scenarios.js';

export { EDITOR_TOOL_POLICIES } from '../../registry/policy-table.js';

/** Save options for the `editor.*` tools and the document clock they share. */
export interface LiveEditorToolOptions extends EditorSaveOptions {
  /** The document clock to share with elements; default: one over `manager`. */
  document?: LiveDocument;
}

/** Creates the Live Code Editor's `editor.*` tools over a workspace manager. */
export function createLiveEditorTools(
  manager: WorkspaceDocumentManager,
  options: LiveEditorToolOptions = {},
) {
  const document = options.document ?? createLiveDocument(manager);
  return [
    ...createEditorReadTools(manager, document),
    ...createEditorDocumentTools(manager, document),
    ...createEditorSaveTools(manager, document, options),
  ];
}
