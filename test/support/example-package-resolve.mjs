// A resolve hook for running an example against this repository's sources instead of its packed
// build: `@context-action/elements/<door>` maps to `src/<door>` (tsx compiles it).
const DOORS = {
  '@context-action/elements/agent-server': '../../src/bridge/agent-server/index.ts',
};

export async function resolve(specifier, context, next) {
  const path = DOORS[specifier];
  return path
    ? { url: new URL(path, import.meta.url).href, shortCircuit: true }
    : next(specifier, context);
}
