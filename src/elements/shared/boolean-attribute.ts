import type { ComplexAttributeConverter } from 'lit';

/**
 * A boolean attribute that frameworks can drive with a plain binding: Vue `:open="false"`,
 * Svelte `open={false}` and Angular `[attr.open]="false"` write the string `"false"`, which
 * HTML's presence rule would read as true. Here `"false"` means false; any other value, or the
 * bare attribute, means true. Reflecting writes the bare attribute or removes it.
 */
export const booleanAttribute: ComplexAttributeConverter<boolean> = {
  fromAttribute: (value) => value !== null && value.trim().toLowerCase() !== 'false',
  toAttribute: (value) => (value ? '' : null),
};
