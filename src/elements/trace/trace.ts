import { defineElement } from '../shared/define-element.js';
import { CaTrace } from './trace.element.js';

export { CaTrace };

defineElement('ca-trace', CaTrace);

declare global {
  interface HTMLElementTagNameMap {
    'ca-trace': CaTrace;
  }
}
