import { expect, fixture, html } from '@open-wc/testing';
import '../../src/elements/studio/studio.js';
import type { CaStudio } from '../../src/elements/studio/studio.element.js';
import { createStudioRuntime, type StudioRuntime } from '../../src/composition/studio-runtime.js';
import type { ToolCallResult } from '../../src/runtime/index.js';
import { uniqueName } from '../support/wait.js';
import { callAsPerson } from '../../src/runtime/registry/person-call.js';

/** A workspace stored in real IndexedDB: the seed plus `notes.md`, at a known revision. */
async function storedWorkspace(databaseName: string) {
  const first = createStudioRuntime({ databaseName });
  await first.ready;
  const created = await callAsPerson(first.registry, 'workspace.createFile', {
    path: 'notes.md',
    text: '# stored',
  });
  expect(created.error).to.equal(undefined);
  const { revision, files } = first.workspace.getStatus();
  first.dispose();
  return { revision, fileCount: files.length };
}

/** What a page script asks the moment it gets the registry: status, a read, a write. */
async function firstCalls(runtime: StudioRuntime) {
  const hydratedAtCall = runtime.workspace.getSnapshot().revision !== 0;
  const status = callAsPerson(runtime.registry, 'workspace.getStatus', {});
  const read = runtime.agentTools.callTool('workspace.readFile', { path: 'notes.md' });
  const [statusResult, readResult] = await Promise.all([status, read]);
  const readRevision = (readResult.structuredContent as { revision?: number } | undefined)
    ?.revision;
  const write: ToolCallResult = await callAsPerson(runtime.registry, 'workspace.writeFile', {
    path: 'notes.md',
    text: '# edited',
    expectedRevision: readRevision,
  });
  return { hydratedAtCall, statusResult, readResult, write };
}

describe('the first call against a workspace stored in IndexedDB', () => {
  it('createStudioRuntime: a call made as the registry appears sees the stored files', async () => {
    const databaseName = uniqueName('first-call');
    const { revision, fileCount } = await storedWorkspace(databaseName);
    const runtime = createStudioRuntime({ databaseName });
    const { hydratedAtCall, statusResult, readResult, write } = await firstCalls(runtime);
    expect(hydratedAtCall, 'the calls started before hydration').to.equal(false);
    expect(statusResult.structuredContent).to.deep.include({ revision, fileCount });
    expect(readResult.structuredContent).to.deep.include({ text: '# stored', revision });
    expect(write.error, JSON.stringify(write.error)).to.equal(undefined);
    runtime.dispose();
  });

  it('<ca-studio>: calls made in its ca-runtime-change listener see the stored files', async () => {
    const databaseName = uniqueName('first-call-studio');
    const { revision, fileCount } = await storedWorkspace(databaseName);
    let calls: ReturnType<typeof firstCalls> | undefined;
    const listener = (event: Event) => {
      const { runtime } = (event as CustomEvent<{ runtime?: StudioRuntime }>).detail;
      if (runtime && !calls) calls = firstCalls(runtime);
    };
    document.addEventListener('ca-runtime-change', listener);
    const studio = await fixture<CaStudio>(html`<ca-studio workspace=${databaseName}></ca-studio>`);
    document.removeEventListener('ca-runtime-change', listener);
    expect(calls, 'the studio announced its runtime').to.not.equal(undefined);
    const { statusResult, readResult, write } = await calls!;
    expect(statusResult.structuredContent).to.deep.include({ revision, fileCount });
    expect(readResult.structuredContent).to.deep.include({ text: '# stored', revision });
    expect(write.error, JSON.stringify(write.error)).to.equal(undefined);
    expect(studio.runtime!.workspace.getStatus().revision).to.equal(revision + 1);
  });
});
