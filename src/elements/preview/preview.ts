import { defineElement } from '../shared/define-element.js';
import { CaPreview } from './preview.element.js';

export { CaPreview };
export type { FullscreenChangeEvent, PreviewSelectEvent } from './preview.element.js';

defineElement('ca-preview', CaPreview);

declare global {
  interface HTMLElementTagNameMap {
    'ca-preview': CaPreview;
  }
}
