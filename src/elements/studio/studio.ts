import { defineElement } from '../shared/define-element.js';
import { CaStudio } from './studio.element.js';

export { CaStudio };

defineElement('ca-studio', CaStudio);

declare global {
  interface HTMLElementTagNameMap {
    'ca-studio': CaStudio;
  }
}
