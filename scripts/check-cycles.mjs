// Finds import cycles in src/, type-only imports included (a cycle of types still ties two
// modules' meanings together). Part of `npm run lint`; exits 1 and prints each cycle when any.
//
//   node scripts/check-cycles.mjs [dir=src]
import madge from 'madge';

/** Every import cycle among the TypeScript files under `dir`, each as a list of paths. */
export async function importCycles(dir, tsConfig = 'tsconfig.json') {
  const graph = await madge(dir, {
    fileExtensions: ['ts'],
    tsConfig,
    detectiveOptions: { ts: { skipTypeImports: false }, es6: { skipTypeImports: false } },
  });
  return graph.circular();
}

if (process.argv[1] === import.meta.filename) {
  const cycles = await importCycles(process.argv[2] ?? 'src');
  for (const cycle of cycles) console.error(`import cycle: ${cycle.join(' → ')}`);
  process.exit(cycles.length ? 1 : 0);
}
