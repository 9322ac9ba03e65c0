import type { ReactiveElement } from 'lit';
import { property } from 'lit/decorators.js';

/**
 * Declares the `runtime` property of an element that uses a runtime, the one way every such
 * element does: `@runtimeProperty() runtime?: R;` beside `new RuntimeController(this)`, with `R`
 * following the rule in `runtime-context.ts`. The property never comes from the attribute:
 * `runtime="ID"` names an owner to link, which `RuntimeController` reads; the attribute is
 * observed (as the internal `runtimeLink`) so that changing it updates the element.
 */
export const runtimeProperty =
  () =>
  (proto: ReactiveElement, name: string): void => {
    property({ attribute: false })(proto, name);
    property({ attribute: 'runtime' })(proto, 'runtimeLink');
  };
