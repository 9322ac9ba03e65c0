/**
 * Flattens an acyclic module graph into classic scripts. Loading 200 modules natively costs a
 * fetch and its bookkeeping per module; a classic script costs one compile. Each module becomes
 * a function that the frame's loader (`frame/module-loader.ts`) calls once, after its
 * dependencies, in their order. Its exports are getters over its own bindings, and every use of
 * an import reads the exporting module's getter, so bindings stay live. `import.meta` is an
 * object with the module's workspace URL and `import()` of a workspace module returns the one
 * instance. The modules are spread over a few scripts (`FlatScript`), and each module's first
 * line sits at a known line of its script, so an error's line maps back to the file (`lines`).
 * The page's module scripts run their entries (`entries`). Anything outside the rewrite (a
 * cycle, a JSON module, an import outside the graph, an `export *` name clash, a module `readModule`
 * declines) gives `null`: the graph then loads natively as before, with the browser's own
 * errors.
 */
import type { FrameModule, ModuleOrigin } from './frame-module.js';
import { FLAT_SCRIPT_PREFIX, MODULE_LOADER, WORKSPACE_URL } from './module-names.js';
import {
  bindingExpression,
  DEPENDENCIES,
  IMPORT,
  META,
  readModule,
  type Edit,
  type JavaScriptParser,
  type ModuleShape,
} from './module-syntax.js';

/**
 * A classic script that hands some of the module functions to the frame's loader. A graph is
 * spread over up to `SCRIPTS` of them, each module by its specifier: an edit of one module
 * changes one script, and the frame's engine finds the others compiled in its cache. One script
 * per module would compile nothing again but costs more in script elements than it saves.
 */
export interface FlatScript {
  /** Its name in stack traces (`//# sourceURL`). */
  name: string;
  script: string;
  /**
   * For each module in it, in order: [its first line in `script`, path, line in that file, the
   * column of `script` where the module's first line starts].
   */
  lines: readonly (readonly [number, string, number, number])[];
}

export interface FlatModules {
  scripts: readonly FlatScript[];
  /** Entry specifier → the module script text that runs its flattened module. */
  entries: Record<string, string>;
}

export interface ModuleSet {
  modules: Readonly<Record<string, FrameModule>>;
  entries: readonly string[];
  origins: Readonly<Record<string, ModuleOrigin>>;
}

/** The module function's first parameter: hands the loader its namespace before the body runs. */
const EXPOSE = '__ca$x';
const SCRIPTS = 16;

// Edits re-typing the same files reuse their shapes; bounded, so a long session stays small.
const shapes = new Map<string, ModuleShape | null>();
function shapeOf(source: string, parser: JavaScriptParser): ModuleShape | null {
  let shape = shapes.get(source);
  if (shape === undefined) {
    if (shapes.size >= 4096) shapes.clear();
    shape = readModule(source, parser);
    shapes.set(source, shape);
  }
  return shape;
}

export function flattenModules(set: ModuleSet, parser: JavaScriptParser): FlatModules | null {
  const specifiers = Object.keys(set.modules);
  const index = new Map(specifiers.map((specifier, position) => [specifier, position]));
  const read: ModuleShape[] = [];
  for (const specifier of specifiers) {
    const [type, source] = set.modules[specifier]!;
    const shape = type === 'text/javascript' ? shapeOf(source, parser) : null;
    if (!shape || shape.requests.some((request) => !index.has(request))) return null;
    read.push(shape);
  }
  const dependencies = read.map((shape) => shape.requests.map((request) => index.get(request)!));
  if (hasCycle(dependencies)) return null;

  // Exported name → the getter's expression, per module; null when a name is ambiguous.
  const tables = new Map<number, Map<string, string> | null>();
  const exportsOf = (position: number): Map<string, string> | null => {
    if (tables.has(position)) return tables.get(position)!;
    const shape = read[position]!;
    const dependency = (request: string) => shape.requests.indexOf(request);
    const table = new Map<string, string>();
    for (const [name, local] of shape.locals) table.set(name, local);
    let valid = true;
    for (const [name, binding] of shape.reexports) {
      const target = binding.name === '*' ? null : exportsOf(index.get(binding.request)!);
      if (binding.name !== '*' && !target?.has(binding.name)) valid = false;
      table.set(name, bindingExpression(dependency(binding.request), binding.name));
    }
    const starred = new Set<string>();
    for (const request of shape.stars) {
      const target = exportsOf(index.get(request)!);
      if (!target) valid = false;
      for (const name of target?.keys() ?? []) {
        if (name === 'default' || shape.locals.has(name) || shape.reexports.has(name)) continue;
        // Two stars giving one name: the browser rejects an import of it, so we step aside.
        if (starred.has(name)) valid = false;
        starred.add(name);
        table.set(name, bindingExpression(dependency(request), name));
      }
    }
    const result = valid ? table : null;
    tables.set(position, result);
    return result;
  };
  for (const [position, shape] of read.entries()) {
    if (!exportsOf(position)) return null;
    for (const binding of shape.imports.values()) {
      const target = exportsOf(index.get(binding.request)!);
      if (!target || (binding.name !== '*' && !target.has(binding.name))) return null;
    }
  }

  const asynchronous = reachesAsync(read, dependencies);
  const buckets: { chunks: string[]; lines: [number, string, number, number][]; line: number }[] =
    [];
  for (const [position, specifier] of specifiers.entries()) {
    const shape = read[position]!;
    // An error module is no file: its lines name none ('').
    const [path, first] = set.origins[specifier] ?? ['', 1];
    const getters = [...exportsOf(position)!]
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
      .map(([name, value]) => `,get ${JSON.stringify(name)}(){return ${value}}`)
      .join('');
    const body = applyEdits(set.modules[specifier]![1], shape.edits, (request) =>
      index.has(request) ? `${IMPORT}(${JSON.stringify(request)})` : null,
    );
    const head =
      `[${JSON.stringify(specifier)},${JSON.stringify(shape.requests)},` +
      `${JSON.stringify(WORKSPACE_URL + path)},${shape.async ? 'async ' : ''}` +
      `function(${EXPOSE},${DEPENDENCIES},${IMPORT},${META}){"use strict";` +
      `${EXPOSE}({__proto__:null${getters}});`;
    const chunk = `${head}${body}\n}]`;
    const bucket = (buckets[bucketOf(specifier)] ??= { chunks: [], lines: [], line: 2 });
    bucket.chunks.push(chunk);
    bucket.lines.push([bucket.line, path, first, head.length]);
    bucket.line += chunk.split('\n').length;
  }
  const scripts: FlatScript[] = [];
  for (const [number, bucket] of buckets.entries()) {
    if (!bucket) continue;
    scripts.push({
      name: `${FLAT_SCRIPT_PREFIX}${number}.js`,
      script: `${MODULE_LOADER}.define([\n${bucket.chunks.join(',\n')}\n]);`,
      lines: bucket.lines,
    });
  }
  const entries: Record<string, string> = {};
  for (const entry of set.entries) {
    const position = index.get(entry);
    if (position === undefined) return null;
    const run = `${MODULE_LOADER}.run(${JSON.stringify(entry)})`;
    entries[entry] = asynchronous[position] ? `await ${run};` : `${run};`;
  }
  return { scripts, entries };
}

/** A module's script, by its specifier alone: a module stays where it is as others come and go. */
function bucketOf(specifier: string): number {
  let hash = 0;
  for (let at = 0; at < specifier.length; at += 1)
    hash = (Math.imul(hash, 31) + specifier.charCodeAt(at)) | 0;
  return (hash >>> 0) % SCRIPTS;
}

/** The source with each edit applied; a dynamic import whose request has no module stays. */
function applyEdits(
  source: string,
  edits: readonly Edit[],
  dynamic: (request: string) => string | null,
): string {
  const sorted = [...edits].sort((a, b) => a.from - b.from || a.to - b.to);
  let result = '';
  let at = 0;
  for (const edit of sorted) {
    const text = 'text' in edit ? edit.text : dynamic(edit.request);
    if (text === null) continue;
    result += source.slice(at, edit.from) + text;
    at = edit.to;
  }
  return result + source.slice(at);
}

function hasCycle(dependencies: readonly number[][]): boolean {
  const state = new Uint8Array(dependencies.length);
  const visit = (node: number): boolean => {
    if (state[node] === 2) return false;
    if (state[node] === 1) return true;
    state[node] = 1;
    if (dependencies[node]!.some(visit)) return true;
    state[node] = 2;
    return false;
  };
  return dependencies.some((_, node) => visit(node));
}

/** Whether each module, or one it statically depends on, awaits at its top level. */
function reachesAsync(read: readonly ModuleShape[], dependencies: readonly number[][]): boolean[] {
  const memo: (boolean | undefined)[] = [];
  const visit = (node: number): boolean =>
    (memo[node] ??= read[node]!.async || dependencies[node]!.some(visit));
  return read.map((_, node) => visit(node));
}
