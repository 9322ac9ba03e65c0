/** The preview domain's door: what other layers may import of it. */
export { linkedStylesheets, resolvePreviewEntry, resolvePreviewStylesheet } from './entry.js';
export {
  PREVIEW_DIAGNOSTIC_CODES,
  PREVIEW_ERROR_CODES,
  previewError,
  type PreviewErrorCode,
} from './errors.js';
export { dirname, extensionOf, type PreviewReference, resolvePreviewReference } from './paths.js';
export {
  type PreviewAcknowledgement,
  type PreviewDiagnostic,
  type PreviewHost,
  previewHostCapability,
  type PreviewState,
  type PreviewStatus,
} from './preview-host.js';
export {
  createPreviewSelectionStore,
  type PreviewSelection,
  type PreviewSelectionStore,
} from './selection.js';
export { createPreviewTools, type PreviewWorkspacePort } from './tools.js';
