// Gzipped size of every built entry and chunk (run `npm run build` first).
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { gzipSync } from 'node:zlib';

const files = (dir) =>
  readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory()
      ? name === 'types'
        ? []
        : files(path)
      : path.endsWith('.js')
        ? [path]
        : [];
  });

// 1 KiB = 1,024 bytes (a kB would be 1,000).
const kib = (bytes) => `${(bytes / 1024).toFixed(1)} KiB`;
const rows = files('dist').map((path) => {
  const source = readFileSync(path);
  return {
    file: relative('dist', path),
    raw: source.length,
    gzip: gzipSync(source, { level: 9 }).length,
  };
});
rows.sort((a, b) => a.file.localeCompare(b.file));
console.log('| file | raw | gzip |\n| --- | ---: | ---: |');
for (const row of rows) console.log(`| ${row.file} | ${kib(row.raw)} | ${kib(row.gzip)} |`);
