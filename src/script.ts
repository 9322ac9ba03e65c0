/**
 * The script-tag build (`dist/ca-studio.js`): defines every custom element. Up front it carries
 * what a studio shows on first paint — the elements, lit, the starter-file reading and the
 * preview that renders them; the runtime (`createStudioRuntime()` and everything behind it: the
 * registry, tools, zod, workspace, IndexedDB) is a chunk whose download starts at once, in
 * parallel with the first render, and which evaluates once a first visit's preview and editor
 * have shown. Page code gets it with `await loadStudio()`, the same lazy import `<ca-studio>`
 * and `<ca-runtime>` use. The settings, Tools panel, search and host companion dialogs, the
 * OpenRouter agent and the CodeMirror language modes are chunks too, loaded when first opened
 * or used, and the dialogs' elements are defined for the whole page once it is idle
 * (`<ca-host-connect>` shows only where the browser has no folder access). The package root
 * (`@context-action/elements`) exports the rest of the runtime for bundlers.
 */
import { whenIdle } from './elements/shared/idle.js';

export { loadStudio, type StudioModule } from './elements/shared/load-studio.js';
export type * from './studio/index.js';
export { runtimeContext, type ElementRuntime } from './elements/shared/runtime-context.js';
export { CaStudio } from './elements/studio/studio.js';
export { CaEditor, type EditorChangeDetail } from './elements/editor/editor.js';
export { CaExplorer, type FileOpenDetail } from './elements/explorer/explorer.js';
export { CaPreview } from './elements/preview/preview.js';
export { CaTrace } from './elements/trace/trace.js';
export { CaApproval, type ApprovalDecisionDetail } from './elements/approval/approval.js';
export { CaChat, type PromptSubmitDetail } from './elements/chat/chat.js';
export { CaStatusBar } from './elements/status-bar/status-bar.js';
export { CaWorkspaceActions } from './elements/actions/actions.js';

const defineDialogs = () => {
  void import('./elements/host-connect/host-connect.js');
  void import('./elements/settings/settings.js');
  void import('./elements/catalog/catalog.js');
  void import('./elements/search/search.js');
};
// A page may use the dialogs' elements on their own; they arrive after the page has loaded and
// the browser is idle, so they never compete with the editor chunk for the first paint.
if (document.readyState === 'complete') whenIdle(defineDialogs);
else addEventListener('load', () => whenIdle(defineDialogs), { once: true });
