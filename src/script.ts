/**
 * The script-tag build (`dist/ca-studio.js`). Up front it carries what a studio's first screen
 * needs at once: lit, `<ca-studio>`, `<ca-editor>`, `<ca-preview>`, `<ca-status-bar>` and
 * `<ca-runtime>`, the starter-file reading and the preview that renders them. Everything else is
 * a chunk:
 * - CodeMirror, fetched and compiled as soon as this file runs on a page with a studio or an
 *   editor, while the first render goes on;
 * - the studio's other panels (file tree, chat, trace, workspace actions, approval),
 *   loaded once a first visit's editor and preview have shown;
 * - the runtime (`createStudioRuntime()` and everything behind it: the registry, tools, zod,
 *   workspace, IndexedDB), downloaded at once and evaluated after the editor and preview too;
 *   page code gets it with `await loadStudio()`, the same lazy import `<ca-studio>` and
 *   `<ca-runtime>` use;
 * - the settings, Tools panel, search and host companion dialogs, the OpenRouter agent, and the
 *   CodeMirror completion and language modes, loaded when first opened or used.
 * A page that uses an element on its own gets it defined once the tag appears in the document,
 * or in a shadow root passed to `discover()` (`elements/shared/discover.ts`). The package root
 * (`@context-action/elements`) exports every element class and the rest of the runtime for
 * bundlers.
 */
// First, so the editor's chunk is on its way before anything else evaluates.
import './elements/editor/preload-code-editor.js';
import { discoverInDocument } from './elements/shared/discover.js';

export { discover } from './elements/shared/discover.js';
export { loadStudio, type StudioModule } from './elements/shared/load-studio.js';
export type * from './composition/index.js';
export { runtimeContext, type ElementRuntime } from './elements/shared/runtime-context.js';
export { CaStudio } from './elements/studio/studio.js';
export { CaEditor, type EditorChangeDetail } from './elements/editor/editor.js';
export { CaPreview } from './elements/preview/preview.js';
export { CaRuntime } from './elements/runtime/runtime.js';
export { CaStatusBar } from './elements/status-bar/status-bar.js';
// Defined once a page uses them (`discover.ts`): `customElements.whenDefined()` gives the class.
export type { CaExplorer, FileOpenDetail } from './elements/explorer/explorer.js';
export type { CaTrace } from './elements/trace/trace.js';
export type { CaApproval, ApprovalDecisionDetail } from './elements/approval/approval.js';
export type { CaChat, PromptSubmitDetail } from './elements/chat/chat.js';
export type { CaWorkspaceActions } from './elements/actions/actions.js';

// A page may use the other elements on their own: each is defined once its tag appears.
discoverInDocument();
