import { defineElement } from '../shared/define-element.js';
import { CaCatalog } from './catalog.element.js';

export { CaCatalog };
export type { CatalogRuntime, ToolRunDetail } from './catalog.element.js';

defineElement('ca-catalog', CaCatalog);

declare global {
  interface HTMLElementTagNameMap {
    'ca-catalog': CaCatalog;
  }
}
