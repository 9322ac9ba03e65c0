/**
 * The parts of each element inside `<ca-studio>`, re-exported as `<name>-<part>` so a page can
 * style them from outside (`ca-studio::part(editor-tabs)`). The list is generated from each
 * element's own `@csspart` tags, which also document the studio's re-exported parts.
 */
import { INNER_PARTS } from './export-parts.generated.js';

/** The `exportparts` value for the child the studio calls `name` (also its own part name). */
export const exportParts = (name: keyof typeof INNER_PARTS): string =>
  INNER_PARTS[name].map((part) => `${part}: ${name}-${part}`).join(', ');
