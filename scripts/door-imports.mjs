// Other layers import the runtime through each domain's door (`src/runtime/<domain>/index.ts`,
// enforced by lint). A door re-exports its domain, and a bundler follows every re-export when it
// decides which chunk a module belongs to: an element importing one helper from a door would pull
// everything the door names, including what only the lazily loaded runtime uses, into the
// page's first script. This build plugin points each named value import at the module that
// defines it (as Next.js's `optimizePackageImports` does for packages), so the chunks are cut
// as if the door were not there. Type-only names are erased anyway and are left alone.
import { existsSync, readFileSync } from 'node:fs';
import { dirname, relative, resolve, sep } from 'node:path';
import MagicString from 'magic-string';

const RUNTIME = `${sep}src${sep}runtime${sep}`;
const OUTER = /[\\/]src[\\/](elements|bridge|storage|composition|host|index\.ts|script\.ts)/;
const IMPORT = /\bimport\s*\{([^}]*)\}\s*from\s*(['"])(\.{1,2}\/[^'"]+)\2\s*;?/g;

const source = (file) => readFileSync(file.replace(/\.js$/, '.ts'), 'utf8');

/** The value names a module exports, each mapped to the file that defines it. */
function valueExports(file, seen = new Set()) {
  const names = new Map();
  if (seen.has(file) || !existsSync(file)) return names;
  seen.add(file);
  const text = source(file);
  const declared =
    /^export\s+(?:declare\s+)?(?:async\s+)?(?:function\*?|const|let|var|class|abstract\s+class|enum|const\s+enum)\s+([A-Za-z_$][\w$]*)/gm;
  for (const [, name] of text.matchAll(declared)) names.set(name, file);
  for (const [, list, , from] of text.matchAll(
    /^export\s*\{([^}]*)\}\s*(?:from\s*(['"])([^'"]+)\2)?/gm,
  )) {
    const target = from ? resolve(dirname(file), from).replace(/\.js$/, '.ts') : file;
    const inner = from ? valueExports(target, seen) : undefined;
    for (const part of list.split(',')) {
      const item = part.trim();
      if (!item || item.startsWith('type ')) continue;
      const [local, exported = local] = item.split(/\s+as\s+/);
      names.set(exported, inner?.get(local) ?? target);
    }
  }
  return names;
}

export function doorImports() {
  const doors = new Map();
  const doorOf = (file) => {
    if (!doors.has(file)) doors.set(file, valueExports(file));
    return doors.get(file);
  };
  return {
    name: 'door-imports',
    enforce: 'pre',
    transform(code, id) {
      if (!OUTER.test(id) || id.includes(RUNTIME) || !id.endsWith('.ts')) return null;
      let changed = false;
      const out = new MagicString(code);
      for (const match of code.matchAll(IMPORT)) {
        const [statement, list, , spec] = match;
        const door = resolve(dirname(id), spec).replace(/\.js$/, '.ts');
        if (!door.includes(RUNTIME) || !door.endsWith(`${sep}index.ts`)) continue;
        if (door === resolve(dirname(id), '..', 'runtime', 'index.ts')) continue;
        const names = doorOf(door);
        const byModule = new Map();
        for (const part of list.split(',')) {
          const item = part.trim();
          if (!item || item.startsWith('type ')) continue;
          const [imported] = item.split(/\s+as\s+/);
          const module = names.get(imported) ?? door;
          byModule.set(module, [...(byModule.get(module) ?? []), item]);
        }
        const lines = [...byModule].map(([module, items]) => {
          let path = relative(dirname(id), module).split(sep).join('/').replace(/\.ts$/, '.js');
          if (!path.startsWith('.')) path = `./${path}`;
          return `import { ${items.join(', ')} } from '${path}';`;
        });
        out.overwrite(match.index, match.index + statement.length, lines.join(' '));
        changed = true;
      }
      return changed ? { code: out.toString(), map: out.generateMap({ hires: true }) } : null;
    },
  };
}
