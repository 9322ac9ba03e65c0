import { describe, it } from 'node:test';
import { expect } from 'chai';
import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { promisify } from 'node:util';

const run = promisify(execFile);
const entry = new URL('../../dist/runtime.js', import.meta.url);

// A separate plain `node` process: no tsx, no test globals, no DOM — what a user's server gets.
const script = `
const runtime = await import(${JSON.stringify(entry.href)});
const dom = ['window', 'document', 'navigator', 'indexedDB', 'HTMLElement'].filter((name) => name in globalThis && name !== 'navigator');
const studio = runtime.createStudioRuntime();
await studio.ready;
const read = await studio.registry.callTool('workspace.readFile', { path: 'index.html' });
const status = await studio.agent.run('What is the workspace status?');
console.log(JSON.stringify({
  dom,
  storageMode: studio.workspace.getSnapshot().storageMode,
  readOk: !read.error,
  agent: status.status,
  tools: studio.registry.listTools().tools.length,
}));
`;

describe('@context-action/elements/runtime in plain Node', () => {
  it('imports and runs a tool call and an agent request without DOM globals', async () => {
    expect(existsSync(entry), 'run `npm run build` first').to.equal(true);
    const { stdout } = await run(process.execPath, ['--input-type=module', '-e', script]);
    const report = JSON.parse(stdout.trim().split('\n').at(-1)!);
    expect(report.dom).to.deep.equal([]);
    expect(report.storageMode).to.equal('memory');
    expect(report.readOk).to.equal(true);
    expect(report.agent).to.equal('completed');
    expect(report.tools).to.be.greaterThan(10);
  });
});
