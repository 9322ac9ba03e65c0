// The cases of the preview latency bench (preview-latency.mjs), in row groups. A case is
// [label, runner, workspace or floor, edit kind or null]: runner 'ours' opens our preview on a
// workspace (kind set) or a floor of bench/preview-floors.ts by name (kind null); 'playground'
// opens playground-elements. The first case of a group is ours; `floors` pairs it, by a short
// name, with the case labels it is divided by.

/** The row groups; playground-elements' cases only `withPlayground`. */
export function previewGroups(withPlayground) {
  const playgroundCase = (workspace, kind) =>
    withPlayground
      ? [[`playground-elements, ${workspace}: ${kind}`, 'playground', workspace, kind]]
      : [];
  const seed = 'four-file seed';
  const modules = '200-module workspace';
  const data = 'seed + 300 data files';
  const typed = '200-module TypeScript graph';
  const untyped = '200-module JavaScript graph';
  const inPlace = 'floor: bare sandboxed srcdoc, stylesheet in place';
  const how = (kind) => (kind === 'css' ? 'in place' : 'reload');
  return [
    ...['css', 'html', 'js'].map((kind) => ({
      cases: [
        [`ours, ${seed}: ${kind} (${how(kind)})`, 'ours', seed, kind],
        ...playgroundCase(seed, kind),
        ['floor: bare sandboxed srcdoc, seed', 'ours', 'srcdoc', null],
        // The same write as ours with nothing of ours around it: the engine's own cost.
        ...(kind === 'css' ? [[inPlace, 'ours', 'stylesheet', null]] : []),
      ],
      floors: {
        srcdoc: 'floor: bare sandboxed srcdoc, seed',
        ...(kind === 'css' ? { 'stylesheet in place': inPlace } : {}),
      },
    })),
    ...['css', 'html', 'js'].map((kind) => ({
      cases: [
        [`ours, ${modules}: ${kind} (${how(kind)})`, 'ours', modules, kind],
        ...playgroundCase(modules, kind),
        ['floor: 200 modules, native import map', 'ours', 'import-map', null],
        ['floor: 200 modules bundled, one script', 'ours', 'bundled', null],
        // Our own reload of a page without modules: what the frame costs before any module.
        ...(kind === 'css'
          ? []
          : [[`ours, ${seed}: ${kind} (reload), no modules`, 'ours', seed, kind]]),
      ],
      floors: {
        'import map': 'floor: 200 modules, native import map',
        bundled: 'floor: 200 modules bundled, one script',
        ...(kind === 'css'
          ? {}
          : { 'our seed reload': `ours, ${seed}: ${kind} (reload), no modules` }),
      },
    })),
    // A .tsx module's edit against the same edit of the .js module: the transpiler's cost.
    {
      cases: [
        ['ours, seed, app.tsx module: js (reload)', 'ours', 'seed, app.tsx module', 'js'],
        ['ours, seed, app.js module: js (reload)', 'ours', 'seed, app.js module', 'js'],
      ],
      floors: { 'the .js edit': 'ours, seed, app.js module: js (reload)' },
    },
    // The same edit of a 200-module graph's entry, in TypeScript and in JavaScript; the peer
    // compiles TypeScript too (its TypeScript worker).
    {
      cases: [
        [`ours, ${typed}: js (reload)`, 'ours', typed, 'js'],
        ...playgroundCase(typed, 'js'),
        [`ours, ${untyped}: js (reload)`, 'ours', untyped, 'js'],
      ],
      floors: { 'the .js graph': `ours, ${untyped}: js (reload)` },
    },
    {
      cases: [
        [`ours, ${data}: html (reload)`, 'ours', data, 'html'],
        [`ours, ${seed}: html (reload), no data files`, 'ours', seed, 'html'],
      ],
      floors: { 'no data files': `ours, ${seed}: html (reload), no data files` },
    },
  ];
}
