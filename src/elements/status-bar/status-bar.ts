import { defineElement } from '../shared/define-element.js';
import { CaStatusBar, isWorkspaceSearchShortcut } from './status-bar.element.js';

export { CaStatusBar, isWorkspaceSearchShortcut };
export type { StatusBarRuntime } from './status-bar.element.js';
export { summarizeStatus, type StatusStorageKind, type StatusSummary } from './status-text.js';

defineElement('ca-status-bar', CaStatusBar);

declare global {
  interface HTMLElementTagNameMap {
    'ca-status-bar': CaStatusBar;
  }
}
