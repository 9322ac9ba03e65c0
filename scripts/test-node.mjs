// Node's test runner over the tests that run without a browser: `*.node.test.ts` (Node only)
// and `*.shared.test.ts` (the same file also runs in Chromium).
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { run } from './run.mjs';

function collect(dir) {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return collect(path);
    return /\.(node|shared)\.test\.ts$/.test(entry.name) ? [path] : [];
  });
}

const files = collect('test').sort();
const filter = process.argv.slice(2);
const selected = filter.length
  ? files.filter((file) => filter.some((part) => file.includes(part)))
  : files;
// Four files at a time: most of the suite waits on servers, processes and timers, not the CPU
// (on a 2-core machine Node would run one file at a time).
await run(process.execPath, [
  '--import',
  'tsx',
  '--test',
  '--test-concurrency=4',
  '--test-reporter=spec',
  ...selected,
]);
