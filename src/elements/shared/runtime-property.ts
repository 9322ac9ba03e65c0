import { property } from 'lit/decorators.js';

/**
 * Declares the `runtime` property of an element that uses a runtime, the one way every such
 * element does: `@runtimeProperty() runtime?: R;` beside `new RuntimeController(this)`, with `R`
 * following the rule in `runtime-context.ts`. The property never comes from the attribute:
 * `runtime="ID"` names a provider to link, which `RuntimeController` reads.
 */
export const runtimeProperty = () => property({ attribute: false });
