import { CaPreviewElement } from './preview.element.js';

export { CaPreviewElement };

const TAG = 'ca-preview';
if (customElements.get(TAG)) {
  console.warn(`<${TAG}> is already defined; keeping the first definition.`);
} else {
  customElements.define(TAG, CaPreviewElement);
}

declare global {
  interface HTMLElementTagNameMap {
    'ca-preview': CaPreviewElement;
  }
}
