/**
 * The script-tag build (`dist/ca-studio.js`): defines every custom element. Up front it carries
 * what a studio shows on first paint — the elements, lit, the starter-file reading and the
 * preview that renders them; the runtime (`createStudioRuntime()` and everything behind it: the
 * registry, tools, zod, workspace, IndexedDB) is a chunk whose download starts at once, in
 * parallel with the first render, and which evaluates once a first visit's preview and editor
 * have shown. Page code gets it with `await loadStudio()`, the same lazy import `<ca-studio>`
 * and `<ca-runtime>` use. The settings, Tools panel, search and host companion dialogs, the
 * OpenRouter agent and the CodeMirror language modes are chunks too, loaded when first opened
 * or used. A page that uses a dialog's element on its own gets it defined once the tag appears
 * in the document, or in a shadow root passed to `discover()` (`elements/shared/discover.ts`).
 * The package root (`@context-action/elements`) exports the rest of the runtime for bundlers.
 */
import { discoverInDocument } from './elements/shared/discover.js';

export { discover } from './elements/shared/discover.js';
export { loadStudio, type StudioModule } from './elements/shared/load-studio.js';
export type * from './composition/index.js';
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

// A page may use the dialogs' elements on their own: each is defined once its tag appears.
discoverInDocument();
