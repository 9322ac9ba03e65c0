import { defineElement } from '../shared/define-element.js';
import { CaHostConnect } from './host-connect.element.js';

export { CaHostConnect };
export type { HostConnectDetail, HostConnectRuntime } from './host-connect.element.js';

defineElement('ca-host-connect', CaHostConnect);

declare global {
  interface HTMLElementTagNameMap {
    'ca-host-connect': CaHostConnect;
  }
}
