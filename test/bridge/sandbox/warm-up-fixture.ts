/** The module graph and waits of the warm-up tests (`warm-up*.test.ts`). */
import { loadFlattener } from '../../../src/bridge/sandbox/load-flattener.js';

/** Three modules, flattened from two: enough to flatten once the flattener is there. */
export const GRAPH = {
  'index.html': [
    '<link rel="stylesheet" href="styles.css"><h1>Graph</h1>',
    // A classic script before the module script: whether the loader of a flat graph is there.
    '<script>console.log("path", typeof __ca$modules === "object" ? "flat" : "native")</script>',
    '<script type="module" src="main.js"></script>',
  ].join(''),
  'styles.css': 'h1 { color: rgb(1, 2, 3); }',
  'main.js': "import { b } from './b.js';\nconsole.log('ran', b);",
  'b.js': "import { c } from './c.js';\nexport const b = c + 1;",
  'c.js': 'export const c = 1;',
};
export const LIMITS = { limits: { flattenFrom: 2 } };

/**
 * Resolves once the warm-up queued before it has run: the warm-up loads its chunk and the
 * flattener, then waits for idle time, so the same loads and two idle turns made later come
 * after it (idle callbacks run in the order they were asked for).
 */
export async function afterWarmUp(): Promise<void> {
  await import('../../../src/bridge/sandbox/flat-warm-up.js');
  await loadFlattener();
  for (let turn = 0; turn < 2; turn += 1) {
    await new Promise<void>((resolve) => {
      if (typeof requestIdleCallback === 'function') requestIdleCallback(() => resolve());
      else setTimeout(resolve, 1);
    });
    await new Promise((resolve) => setTimeout(resolve, 0));
  }
}
