import { describe, it } from 'node:test';
import { expect } from 'chai';
import { execFile } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { promisify } from 'node:util';

const run = promisify(execFile);
const runtimeEntry = new URL('../../dist/runtime.js', import.meta.url);
const studioEntry = new URL('../../dist/studio.js', import.meta.url);

/** Every bare package a built module reaches through its relative imports. */
function packagesReached(entry: URL, seen = new Set<string>()): Set<string> {
  const packages = new Set<string>();
  if (seen.has(entry.href)) return packages;
  seen.add(entry.href);
  const code = readFileSync(entry, 'utf8');
  for (const [, specifier] of code.matchAll(/(?:from|import)\s*["']([^"']+)["']/g)) {
    if (specifier!.startsWith('.')) {
      for (const name of packagesReached(new URL(specifier!, entry), seen)) packages.add(name);
    } else packages.add(specifier!);
  }
  return packages;
}

// A separate plain `node` process: no tsx, no test globals, no DOM — what a user's server gets.
const script = `
const runtime = await import(${JSON.stringify(runtimeEntry.href)});
const { createStudioRuntime } = await import(${JSON.stringify(studioEntry.href)});
const dom = ['window', 'document', 'navigator', 'indexedDB', 'HTMLElement'].filter((name) => name in globalThis && name !== 'navigator');
const studio = createStudioRuntime();
await studio.ready;
const read = await runtime.callAsPerson(studio.registry, 'workspace.readFile', { path: 'index.html' });
const status = await studio.agent.run('What is the workspace status?');
console.log(JSON.stringify({
  dom,
  runtimeComposes: 'createStudioRuntime' in runtime,
  storageMode: studio.workspace.getSnapshot().storageMode,
  readOk: !read.error,
  agent: status.status,
  tools: studio.registry.listTools().tools.length,
}));
`;

describe('@context-action/elements/runtime and /studio in plain Node', () => {
  it('keeps the runtime chunk free of storage and UI packages', () => {
    expect(existsSync(runtimeEntry), 'run `npm run build` first').to.equal(true);
    const packages = [...packagesReached(runtimeEntry)];
    expect(packages).not.to.include('idb');
    expect(packages.filter((name) => name === 'lit' || name.startsWith('lit/'))).to.deep.equal([]);
    expect(packages.filter((name) => name.startsWith('@lit/'))).to.deep.equal([]);
    // The composition layer is where the IndexedDB adapter comes in.
    expect([...packagesReached(studioEntry)]).to.include('idb');
  });

  it('imports and runs a tool call and an agent request without DOM globals', async () => {
    expect(existsSync(studioEntry), 'run `npm run build` first').to.equal(true);
    const { stdout } = await run(process.execPath, ['--input-type=module', '-e', script]);
    const report = JSON.parse(stdout.trim().split('\n').at(-1)!);
    expect(report.dom).to.deep.equal([]);
    expect(report.runtimeComposes).to.equal(false);
    expect(report.storageMode).to.equal('memory');
    expect(report.readOk).to.equal(true);
    expect(report.agent).to.equal('completed');
    expect(report.tools).to.be.greaterThan(10);
  });
});
