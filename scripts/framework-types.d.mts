// Types for the framework typings generator, for the tests that import it.
export interface ElementEvent {
  name: string;
  description: string;
}
export interface ElementApi {
  tag: string;
  className: string;
  summary: string;
  properties: string[];
  attributes: { name: string; description: string; boolean: boolean; number: boolean }[];
  events: ElementEvent[];
}
export function describeElements(manifest: unknown): ElementApi[];
export function withBubbledEvents(
  elements: ElementApi[],
  sourceOf: (tag: string) => string | undefined,
  readDir?: (dir: string) => string[],
  readFile?: (path: string) => string,
): ElementApi[];
export function reactTypes(elements: ElementApi[]): string;
export function vueTypes(elements: ElementApi[]): string;
export function svelteTypes(elements: ElementApi[]): string;
export function writeFrameworkTypes(): void;
