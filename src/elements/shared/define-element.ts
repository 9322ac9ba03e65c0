/**
 * Defines a tag once. A second copy of the bundle on one page warns instead of throwing, and the
 * first definition keeps working.
 */
export function defineElement(tag: string, element: CustomElementConstructor): void {
  const existing = customElements.get(tag);
  if (existing === undefined) customElements.define(tag, element);
  else if (existing !== element)
    console.warn(`<${tag}> is already defined; keeping the first definition.`);
}
