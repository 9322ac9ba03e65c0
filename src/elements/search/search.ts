import { defineElement } from '../shared/define-element.js';
import { CaSearch } from './search.element.js';

export { CaSearch };
export type { SearchRuntime, SearchSelectDetail } from './search.element.js';

defineElement('ca-search', CaSearch);

declare global {
  interface HTMLElementTagNameMap {
    'ca-search': CaSearch;
  }
}
