import { defineElement } from '../shared/define-element.js';
import { CaExplorer } from './explorer.element.js';

export { CaExplorer };
export type { FileOpenDetail } from './explorer.element.js';

defineElement('ca-explorer', CaExplorer);

declare global {
  interface HTMLElementTagNameMap {
    'ca-explorer': CaExplorer;
  }
}
