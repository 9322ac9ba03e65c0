/** The preview bridge's public surface: compiler, host-side controller and message protocol. */
export { renderPreviewHtml, type PreviewDocument } from './compile.js';
export { compilePreviewDocument } from './compile-preview.js';
export { DEFAULT_PREVIEW_COMPILE_LIMITS, type PreviewCompileLimits } from './compile-context.js';
export { WORKSPACE_MODULE_PREFIX } from './compile-modules.js';
export { readAssetUrls } from './asset-urls.js';
export {
  assemblePreviewDocument,
  buildShellDocument,
  PREVIEW_CONTENT_SECURITY_POLICY,
} from './assemble.js';
export {
  PreviewController,
  PREVIEW_SANDBOX,
  type PreviewControllerOptions,
  type PreviewViewState,
} from './controller.js';
export type { PreviewConsoleEntry, PreviewConsoleState } from './console-log.js';
export {
  isFrameMessage,
  PREVIEW_MESSAGE_LIMITS,
  PREVIEW_MESSAGE_TYPES,
  type ConsoleLevel,
  type FrameMessage,
  type HostMessage,
} from './messages.js';
