import { defineElement } from '../shared/define-element.js';
import { CaRuntime } from './runtime.element.js';

export { CaRuntime };

defineElement('ca-runtime', CaRuntime);

declare global {
  interface HTMLElementTagNameMap {
    'ca-runtime': CaRuntime;
  }
}
