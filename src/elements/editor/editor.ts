import { defineElement } from '../shared/define-element.js';
import { CaEditor } from './editor.element.js';

export { CaEditor };
export type { EditorChangeDetail } from './editor.element.js';

defineElement('ca-editor', CaEditor);

declare global {
  interface HTMLElementTagNameMap {
    'ca-editor': CaEditor;
  }
}
