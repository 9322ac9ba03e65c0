import { expect } from '@open-wc/testing';
import '../../../src/index.js';

/** Every boolean attribute, as frameworks' plain bindings write it (issue: `"false"` opened panels). */
const BOOLEAN_ATTRIBUTES = [
  ['ca-studio', 'catalog-open', 'catalogOpen', true],
  ['ca-preview', 'fullscreen', 'fullscreen', true],
  ['ca-search', 'open', 'open', true],
  ['ca-settings', 'open', 'open', true],
  ['ca-studio', 'no-webmcp', 'noWebmcp', false],
  ['ca-workspace-actions', 'open', 'open', true],
  ['ca-host-connect', 'open', 'open', true],
  ['ca-host-connect', 'always-available', 'alwaysAvailable', false],
] as const;

describe('boolean attributes that frameworks can drive', () => {
  for (const [tag, attribute, property, reflects] of BOOLEAN_ATTRIBUTES) {
    describe(`<${tag} ${attribute}>`, () => {
      const read = (value: string | null) => {
        const element = document.createElement(tag) as unknown as Record<string, unknown> &
          HTMLElement;
        if (value !== null) element.setAttribute(attribute, value);
        return element[property];
      };

      it('reads "false" (any case, padded) as false', () => {
        expect(read('false')).to.equal(false);
        expect(read(' FALSE ')).to.equal(false);
      });

      it('reads the bare attribute, "true" and other values as true', () => {
        expect(read('')).to.equal(true);
        expect(read('true')).to.equal(true);
        expect(read(attribute)).to.equal(true);
      });

      it('reads a missing attribute as false', () => {
        expect(read(null)).to.equal(false);
      });

      it(`follows the attribute both ways${reflects ? ', and reflects the property as presence' : ''}`, async () => {
        const element = document.createElement(tag) as unknown as Record<string, unknown> &
          HTMLElement & { updateComplete: Promise<boolean> };
        element.setAttribute(attribute, 'true');
        expect(element[property]).to.equal(true);
        element.setAttribute(attribute, 'false');
        expect(element[property]).to.equal(false);
        element.removeAttribute(attribute);
        if (!reflects) return;
        element[property] = true;
        document.body.append(element);
        try {
          await element.updateComplete;
          expect(element.getAttribute(attribute)).to.equal('');
          element[property] = false;
          await element.updateComplete;
          expect(element.hasAttribute(attribute)).to.equal(false);
        } finally {
          element.remove();
        }
      });
    });
  }
});
