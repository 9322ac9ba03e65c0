import { defineElement } from '../shared/define-element.js';
import { CaWorkspaceActions } from './actions.element.js';

export { CaWorkspaceActions };
export type { ActionsRuntime } from './actions.element.js';

defineElement('ca-workspace-actions', CaWorkspaceActions);

declare global {
  interface HTMLElementTagNameMap {
    'ca-workspace-actions': CaWorkspaceActions;
  }
}
