// What the script-tag entry is made of: bundles an entry with esbuild (minified, code split like
// the vite build) and prints, per package or source folder, the minified bytes it puts in the
// entry chunk up front and in lazily loaded chunks. A share of minified bytes, not of gzip bytes:
// gzip is measured per file by bench/size.mjs.
// Usage: node bench/size-breakdown.mjs [entry, default src/script.ts]
import { build } from 'esbuild';
import { existsSync } from 'node:fs';

const entry = process.argv[2] ?? (existsSync('src/script.ts') ? 'src/script.ts' : 'src/index.ts');
const result = await build({
  entryPoints: [entry],
  bundle: true,
  minify: true,
  splitting: true,
  format: 'esm',
  target: 'es2022',
  metafile: true,
  write: false,
  outdir: 'dist/.breakdown',
  tsconfig: 'tsconfig.json',
  logLevel: 'error',
});

/** `node_modules/@scope/name` or `node_modules/name`, else the first two source folders. */
const groupOf = (input) => {
  const parts = input.split('/');
  if (parts[0] === 'node_modules')
    return parts.slice(0, parts[1].startsWith('@') ? 3 : 2).join('/');
  return parts.slice(0, 3).join('/');
};

// Up front: the entry's own output and every chunk it imports statically, transitively.
const outputs = result.metafile.outputs;
const upFront = new Set();
const visit = (file) => {
  if (upFront.has(file)) return;
  upFront.add(file);
  for (const { path, kind } of outputs[file].imports) if (kind === 'import-statement') visit(path);
};
visit(Object.keys(outputs).find((file) => outputs[file].entryPoint === entry));

const groups = new Map();
for (const [file, output] of Object.entries(outputs)) {
  const where = upFront.has(file) ? 'entry' : 'lazy';
  for (const [input, { bytesInOutput }] of Object.entries(output.inputs)) {
    const key = `${where} ${groupOf(input)}`;
    groups.set(key, (groups.get(key) ?? 0) + bytesInOutput);
  }
}
const total = (where) =>
  [...groups].filter(([key]) => key.startsWith(where)).reduce((sum, [, bytes]) => sum + bytes, 0);
// 1 kB = 1,000 bytes.
const kb = (bytes) => `${(bytes / 1000).toFixed(1)} kB`;
console.log(`${entry}: ${kb(total('entry'))} minified up front, ${kb(total('lazy'))} lazy`);
console.log('| where | package or folder | minified |\n| --- | --- | ---: |');
for (const [key, bytes] of [...groups].sort((a, b) => b[1] - a[1])) {
  if (bytes < 1000) continue;
  const [where, group] = key.split(' ');
  console.log(`| ${where} | ${group} | ${kb(bytes)} |`);
}
