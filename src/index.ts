/**
 * `@context-action/elements`: defines every custom element and re-exports the runtime and the
 * composition layer (`createStudioRuntime`, storage adapters).
 */
export * from './runtime/index.js';
export * from './composition/index.js';
export { runtimeContext, type ElementRuntime } from './elements/shared/runtime-context.js';
export { loadStudio, type StudioModule } from './elements/shared/load-studio.js';
export { CaStudio } from './elements/studio/studio.js';
export { CaRuntime } from './elements/runtime/runtime.js';
export type { RuntimeChangeDetail } from './elements/shared/runtime-owner.js';
export { CaEditor, type EditorChangeDetail } from './elements/editor/editor.js';
export { CaExplorer, type FileOpenDetail } from './elements/explorer/explorer.js';
export {
  CaHostConnect,
  type HostConnectDetail,
  type HostConnectRuntime,
} from './elements/host-connect/host-connect.js';
export {
  CaPreview,
  type FullscreenChangeEvent,
  type PreviewSelectEvent,
} from './elements/preview/preview.js';
export * from './bridge/sandbox/index.js';
export * from './bridge/mcp/index.js';
export { CaTrace } from './elements/trace/trace.js';
export { CaApproval, type ApprovalDecisionDetail } from './elements/approval/approval.js';
export { CaChat, type PromptSubmitDetail } from './elements/chat/chat.js';
export {
  CaSettings,
  type SettingsRuntime,
  type SettingsSaveDetail,
} from './elements/settings/settings.js';
export { CaCatalog, type CatalogRuntime, type ToolRunDetail } from './elements/catalog/catalog.js';
export {
  CaStatusBar,
  isWorkspaceSearchShortcut,
  summarizeStatus,
  type StatusBarRuntime,
  type StatusStorageKind,
  type StatusSummary,
} from './elements/status-bar/status-bar.js';
export { CaSearch, type SearchRuntime, type SearchSelectDetail } from './elements/search/search.js';
export { CaWorkspaceActions, type ActionsRuntime } from './elements/actions/actions.js';
